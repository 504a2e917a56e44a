// "Sign in with Google" (or another OpenID Connect provider): a popup where the browser allows one, else a full-page
// redirect through the provider and back.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { createAuthClient } from "better-auth/client";
import { oauthPopupClient } from "better-auth/client/plugins";
import { messages } from "#shared/messages.ts";
import { paths } from "#web/lib/paths.ts";
import { goHomeForRole, postAuth } from "./auth-api.ts";
import { StatusMessage, secondaryButtonClass } from "./status-message.tsx";

export interface Provider {
  id: string;
  name: string;
}

let client: ReturnType<typeof makeClient> | undefined;
function makeClient() {
  return createAuthClient({ baseURL: window.location.origin, basePath: "/api/auth", plugins: [oauthPopupClient()] });
}

type PopupResult = Awaited<ReturnType<ReturnType<typeof makeClient>["signIn"]["popup"]>>;

/**
 * The popup posts its outcome and closes itself at once; better-auth's client polls for the closed window, and on a
 * busy machine that poll can win over the message, reporting "closed" for a popup that finished. This keeps its own
 * ear on the message, so such a popup is judged by what it said.
 */
function listenForPopupOutcome() {
  let outcome: { token?: string; error?: { code: string } } | null = null;
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== window.location.origin || event.data?.type !== "better-auth:oauth-popup") return;
    outcome = event.data as typeof outcome;
  };
  window.addEventListener("message", onMessage);
  return {
    async settle(closed: PopupResult): Promise<PopupResult> {
      await new Promise((resolve) => setTimeout(resolve, 400));
      const said = outcome as { token?: string; error?: { code: string } } | null;
      if (said?.error) return { data: null, error: { code: said.error.code, message: said.error.code } };
      if (said?.token) return { data: { success: true }, error: null };
      return closed;
    },
    stop: () => window.removeEventListener("message", onMessage),
  };
}

export function ThirdPartySignIn({ provider, mode }: { provider: Provider; mode: "signin" | "signup" }) {
  const { t } = useTranslation("account");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const failed = mode === "signin" ? messages.auth.providerSignInFailed(provider.name) : messages.auth.providerSignUpFailed(provider.name);

  async function start() {
    setBusy(true);
    setError(null);
    const back = mode === "signin" ? paths.login : paths.signup;
    const urls = {
      callbackURL: mode === "signin" ? paths.loginContinue : paths.member.profileSetup,
      newUserCallbackURL: mode === "signin" ? paths.loginContinue : paths.member.profileSetup,
      errorCallbackURL: `${back}?provider=${encodeURIComponent(provider.id)}`,
    };
    client ??= makeClient();
    const late = listenForPopupOutcome();
    let result = await client.signIn.popup({ provider: provider.id, ...urls });
    if (result.error?.code === "POPUP_CLOSED") result = await late.settle(result);
    late.stop();
    if (!result.error) {
      if (mode === "signup") window.location.assign(paths.member.profileSetup);
      else await goHomeForRole(setNotice);
      return;
    }
    if (result.error.code === "POPUP_BLOCKED") {
      const redirect = await postAuth<{ url?: string }>("/sign-in/social", { provider: provider.id, ...urls, disableRedirect: true });
      if (redirect.ok && redirect.data?.url) {
        window.location.assign(redirect.data.url);
        return;
      }
      setError(failed);
    } else if (result.error.code === "POPUP_CLOSED") {
      // Closing the popup on sign-up is a change of mind, not a problem: say nothing.
      if (mode === "signin") setError(messages.auth.providerSignInCancelled(provider.name));
    } else {
      setError(failed);
    }
    setBusy(false);
  }

  return (
    <div className="grid gap-2">
      <button type="button" className={secondaryButtonClass} onClick={() => void start()} disabled={busy}>
        {mode === "signin" ? t("thirdParty.signIn", { name: provider.name }) : t("thirdParty.signUp", { name: provider.name })}
      </button>
      <StatusMessage kind="error">{error}</StatusMessage>
      <StatusMessage kind="info">{notice}</StatusMessage>
    </div>
  );
}

/** The sign-in providers offered below the login or sign-up form, with what went wrong on the last one tried. */
export function ThirdPartySignIns({ providers, error, mode }: { providers: Provider[]; error: string | null; mode: "signin" | "signup" }) {
  const { t } = useTranslation("account");
  if (providers.length === 0) return null;
  return (
    <div className="grid gap-3">
      <p className="text-center text-sm text-stone-600">{t("thirdParty.or")}</p>
      <StatusMessage kind="error">{error}</StatusMessage>
      {providers.map((provider) => (
        <ThirdPartySignIn key={provider.id} provider={provider} mode={mode} />
      ))}
    </div>
  );
}
