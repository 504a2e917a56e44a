// After a sign-up: a business sign-up's onboarding, in steps (verify the email address, claim or propose the business,
// complete its listing, choose notifications), each read from the person's data so they come back where they stopped;
// and for everyone, the name and picture the site shows. Read on the server through the API in-process.
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/profile-setup";
import { requireUser, serverFetch } from "../lib/app-context.ts";
import { apiFetch } from "../lib/api-client.ts";
import { PageTitle } from "../lib/page-title.tsx";
import { paths } from "../lib/paths.ts";
import { ONBOARDING_STEPS, type Onboarding, type OnboardingStepId } from "#shared/schemas/dashboard.ts";
import type { Account } from "#shared/schemas/account.ts";
import { DisplayNameForm } from "../features/account/display-name-form.tsx";
import { ProfilePictureCard } from "../features/account/profile-picture.tsx";
import { fetchNotificationPreferences } from "../features/account/index.ts";
import { OnboardingStepBody, OnboardingStepList } from "../features/dashboard/index.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireUser(context);
  const fetcher = serverFetch(context);
  const [account, onboarding, preferences] = await Promise.all([
    apiFetch<Account>("/account", {}, fetcher),
    apiFetch<Onboarding>("/me/onboarding", {}, fetcher),
    fetchNotificationPreferences(fetcher),
  ]);
  // The step asked for (?step=), else the one where the person stopped.
  const asked = new URL(request.url).searchParams.get("step");
  const shown: OnboardingStepId = ONBOARDING_STEPS.includes(asked as OnboardingStepId) ? (asked as OnboardingStepId) : (onboarding.current ?? "notifications");
  return { account, onboarding, preferences, shown };
}

export const handle = { i18n: ["account", "members"] };

export default function ProfileSetup({ loaderData }: Route.ComponentProps) {
  const { account, onboarding, preferences, shown } = loaderData;
  const { t } = useTranslation("account");
  return (
    <section className="grid max-w-4xl gap-6">
      <PageTitle>{t("profileSetup.title")}</PageTitle>
      <h1 className="page-heading">{t("profileSetup.title")}</h1>
      {onboarding.applies && (
        <>
          <p className="text-stone-700">
            {onboarding.current === null ? t("profileSetup.allSet") : t("profileSetup.steps")}
          </p>
          <OnboardingStepList onboarding={onboarding} shown={shown} />
          <OnboardingStepBody onboarding={onboarding} shown={shown} email={account.email} preferences={preferences} />
        </>
      )}
      <section aria-labelledby="your-profile" className="grid gap-4">
        <h2 id="your-profile" className="text-xl font-semibold text-brand-800">
          {t("profileSetup.yourProfile")}
        </h2>
        <p className="text-stone-700">{t("profileSetup.profileIntro")}</p>
        <div className="card grid gap-4">
          <DisplayNameForm initial={account.displayName} />
        </div>
        <ProfilePictureCard photoURL={account.photoURL} displayName={account.displayName} />
      </section>
      <p>
        <Link to={paths.member.dashboard} className="font-semibold text-brand-700 underline">
          {t("profileSetup.continue")}
        </Link>
      </p>
    </section>
  );
}
