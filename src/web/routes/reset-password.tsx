// The page a password-reset email links to (through the auth server, which checks the token and adds it here).
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/reset-password";
import { PageTitle } from "../lib/page-title.tsx";
import { ResetPasswordForm } from "../features/account/index.ts";

export function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  return { token: query.get("error") ? null : query.get("token") };
}

export const handle = { i18n: ["account"] };

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  return (
    <section className="mx-auto grid max-w-md gap-6">
      <PageTitle>{t("resetPassword.title")}</PageTitle>
      <h1 className="page-heading">{t("resetPassword.title")}</h1>
      <div className="card grid gap-4">
        <ResetPasswordForm token={loaderData.token} />
      </div>
    </section>
  );
}
