import { useTranslation } from "react-i18next";
import type { Route } from "./+types/signup";
import { metaText } from "#web/features/seo/meta-text.ts";
import { getApp } from "../lib/app-context.ts";
import { pageMeta } from "../features/seo/index.ts";
import { paths } from "../lib/paths.ts";
import { PageTitle, withoutTitle } from "../lib/page-title.tsx";
import { messages } from "#shared/messages.ts";
import { SignupForm, StatusMessage, ThirdPartySignIns } from "../features/account/index.ts";

export function loader({ context, request }: Route.LoaderArgs) {
  const { services } = getApp(context);
  const providers = services.account.signInProviders();
  const query = new URL(request.url).searchParams;
  const failedProvider = query.has("error") ? providers.find((p) => p.id === query.get("provider")) : undefined;
  return { providers, siteAddress: services.origins.siteAddress, providerError: failedProvider ? messages.auth.providerSignUpFailed(failedProvider.name) : null };
}

export function action() {
  return { noScript: true };
}

export const handle = { i18n: ["account"] };

export const meta: Route.MetaFunction = ({ matches }) =>
  withoutTitle(pageMeta(matches, { title: metaText(matches, "account").t("linkPreviews.signup.title"), description: metaText(matches, "account").t("linkPreviews.signup.description"), path: paths.signup }));

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const { providers, providerError, siteAddress } = loaderData;
  const { t } = useTranslation("account");
  return (
    <section className="mx-auto grid max-w-md gap-6">
      <PageTitle>{t("signup.title")}</PageTitle>
      <h1 className="page-heading">{t("signup.title")}</h1>
      <div className="card grid gap-4">
        <StatusMessage kind="error">{actionData?.noScript ? t("signup.noScript") : null}</StatusMessage>
        <SignupForm siteAddress={siteAddress} />
      </div>
      <ThirdPartySignIns providers={providers} error={providerError} mode="signup" />
    </section>
  );
}
