import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/forgot-password";
import { metaText } from "#web/features/seo/meta-text.ts";
import { pageMeta } from "../features/seo/index.ts";
import { paths } from "../lib/paths.ts";
import { PageTitle, withoutTitle } from "../lib/page-title.tsx";
import { ForgotPasswordForm } from "../features/account/index.ts";

export const handle = { i18n: ["account"] };

export const meta: Route.MetaFunction = ({ matches }) =>
  withoutTitle(pageMeta(matches, { title: metaText(matches, "account").t("linkPreviews.forgotPassword.title"), description: metaText(matches, "account").t("linkPreviews.forgotPassword.description"), path: paths.forgotPassword }));

export default function ForgotPassword() {
  const { t } = useTranslation("account");
  return (
    <section className="mx-auto grid max-w-md gap-6">
      <PageTitle>{t("forgotPassword.title")}</PageTitle>
      <h1 className="page-heading">{t("forgotPassword.title")}</h1>
      <div className="card grid gap-4">
        <ForgotPasswordForm />
      </div>
      <p className="text-sm">
        <Link to={paths.login} className="text-brand-700 underline">
          {t("forgotPassword.backToLogin")}
        </Link>
      </p>
    </section>
  );
}
