// The account page, from the account API (spec: "Failed to load account details." when that fails): read in-process by
// the server for a full page load, by the browser when moving to it within the site.
import { Link, redirect } from "react-router";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/my-account";
import { requireUser, serverFetch } from "../lib/app-context.ts";
import { apiFetch, type Fetcher } from "../lib/api-client.ts";
import type { Category } from "#shared/schemas/category.ts";
import { AccountSubscriptionForm, fetchAccountSubscription } from "../features/subscriptions/index.ts";
import { PageTitle } from "../lib/page-title.tsx";
import { paths } from "../lib/paths.ts";
import { messages } from "#shared/messages.ts";
import { Field } from "../components/ui/field.tsx";
import { ui } from "../components/ui/classes.ts";
import {
  ChangePasswordForm,
  DisplayNameForm,
  LanguageForm,
  fetchAccount,
  fetchHasPassword,
  fetchNotificationPreferences,
  LogoutButton,
  NotificationPreferencesForm,
  ProfilePictureCard,
  ResendVerification,
  StatusMessage,
} from "../features/account/index.ts";

async function load(fetcher?: Fetcher) {
  const [result, hasPassword, notifications, subscription, categories] = await Promise.all([
    fetchAccount(fetcher),
    fetchHasPassword(fetcher),
    fetchNotificationPreferences(fetcher),
    fetchAccountSubscription(fetcher),
    apiFetch<Category[]>("/categories", {}, fetcher).catch(() => []),
  ]);
  if ("signedOut" in result) throw redirect(paths.login);
  return { ...result, hasPassword, notifications, subscription, categories: categories.map(({ id, name, translations }) => ({ id, name, translations })) };
}

export function loader({ context }: Route.LoaderArgs) {
  requireUser(context);
  return load(serverFetch(context));
}

export function clientLoader() {
  return load();
}

export const handle = { i18n: ["account", "subscribe"] };

export default function MyAccount({ loaderData }: Route.ComponentProps) {
  const account = loaderData?.account ?? null;
  const { t } = useTranslation("account");
  return (
    <section className="grid max-w-2xl gap-6">
      <PageTitle>{t("myAccount.title")}</PageTitle>
      <h1 className="page-heading">{t("myAccount.title")}</h1>
      {!account ? (
        <StatusMessage kind="error">{messages.account.loadFailed}</StatusMessage>
      ) : (
        <>
          {!account.emailVerified && (
            <div className="card grid gap-3 border-amber-300 bg-amber-50" role="region" aria-label={t("myAccount.unverified")}>
              <p className="text-stone-900">{messages.account.unverified}</p>
              <ResendVerification email={account.email} callbackURL={paths.myAccount} />
            </div>
          )}
          <div className="card grid gap-4">
            <Field id="account-email" label={t("email")}>
              <input id="account-email" type="email" value={account.email} readOnly className={`${ui.input} bg-stone-100`} />
              <p className="mt-1 text-sm text-stone-600">{account.emailVerified ? t("myAccount.verified") : t("myAccount.notVerified")}</p>
            </Field>
            <DisplayNameForm initial={account.displayName} />
            <LanguageForm initial={account.language ?? null} />
          </div>
          <ProfilePictureCard photoURL={account.photoURL} displayName={account.displayName} />
          <div className="card grid gap-3">
            <h2 id="change-password-heading" className="text-lg font-semibold text-stone-900">
              {t("changePassword.heading")}
            </h2>
            {loaderData.hasPassword === false ? (
              <p className="text-sm text-stone-700">{messages.account.noPasswordToChange}</p>
            ) : (
              <ChangePasswordForm headingId="change-password-heading" />
            )}
          </div>
          {loaderData.notifications && (
            <div className="card grid gap-3" id="notifications">
              <h2 id="notifications-heading" className="text-lg font-semibold text-stone-900">
                {t("myAccount.notifications")}
              </h2>
              <NotificationPreferencesForm initial={loaderData.notifications} />
            </div>
          )}
          {loaderData.subscription && (
            <div className="card grid gap-3" id="newsletter">
              <h2 id="newsletter-heading" className="text-lg font-semibold text-stone-900">
                {t("myAccount.newsletter")}
              </h2>
              <AccountSubscriptionForm initial={loaderData.subscription} categories={loaderData.categories} verified={account.emailVerified} />
            </div>
          )}
          <div className="flex flex-wrap items-start justify-between gap-3">
            <Link to={paths.member.dashboard} className="text-brand-700 underline">
              {t("myAccount.dashboard")}
            </Link>
            <LogoutButton />
          </div>
        </>
      )}
    </section>
  );
}
