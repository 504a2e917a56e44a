import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/login";
import { metaText } from "#web/features/seo/meta-text.ts";
import { getApp } from "../lib/app-context.ts";
import { pageMeta } from "../features/seo/index.ts";
import { paths } from "../lib/paths.ts";
import { PageTitle, withoutTitle } from "../lib/page-title.tsx";
import { messages } from "#shared/messages.ts";
import { LoginForm, LogoutButton, StatusMessage, ThirdPartySignIns } from "../features/account/index.ts";

export function loader({ context, request }: Route.LoaderArgs) {
  const { user, services } = getApp(context);
  const providers = services.account.signInProviders();
  // A third-party sign-in that failed after a full-page redirect comes back here with ?provider=<id>&error=<code>.
  const query = new URL(request.url).searchParams;
  const failedProvider = query.has("error") ? providers.find((p) => p.id === query.get("provider")) : undefined;
  return {
    email: user?.email ?? null,
    siteAddress: services.origins.siteAddress,
    providers,
    providerError: failedProvider ? messages.auth.providerSignInFailed(failedProvider.name) : null,
    // /setup sends the new first administrator here.
    notice: query.get("setup") === "done" ? messages.setup.created : null,
  };
}

/** Without JavaScript the form posts here; signing in needs the script (and a password never goes into a URL). */
export function action() {
  return { noScript: true };
}

export const handle = { i18n: ["account"] };

export const meta: Route.MetaFunction = ({ matches }) =>
  withoutTitle(pageMeta(matches, { title: metaText(matches, "account").t("linkPreviews.login.title"), description: metaText(matches, "account").t("linkPreviews.login.description"), path: paths.login }));

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { email, providers, providerError, siteAddress, notice } = loaderData;
  const { t } = useTranslation("account");
  const title = <PageTitle>{t("login.title")}</PageTitle>;
  if (email) {
    return (
      <section className="mx-auto grid max-w-md gap-4">
        {title}
        <h1 className="page-heading">{t("login.title")}</h1>
        <p className="text-stone-800">{messages.auth.alreadyLoggedIn(email)}</p>
        <div className="flex flex-wrap items-start gap-3">
          <LogoutButton />
          <Link to={paths.myAccount} className="inline-flex rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
            {t("login.goToMyAccount")}
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section className="mx-auto grid max-w-md gap-6">
      {title}
      <h1 className="page-heading">{t("login.title")}</h1>
      <div className="card grid gap-4">
        <StatusMessage kind="success">{notice}</StatusMessage>
        <StatusMessage kind="error">{actionData?.noScript ? t("login.noScript") : null}</StatusMessage>
        <LoginForm siteAddress={siteAddress} />
      </div>
      <ThirdPartySignIns providers={providers} error={providerError} mode="signin" />
      <p className="text-sm text-stone-700">
        {t("login.noAccount")}{" "}
        <Link to={paths.signup} className="text-brand-700 underline">
          {t("login.signUp")}
        </Link>
      </p>
    </section>
  );
}
