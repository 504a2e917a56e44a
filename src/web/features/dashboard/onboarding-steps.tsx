// A business sign-up's onboarding on /myqsa/profile-setup: an ordered list of the steps (each a link, the shown one
// `aria-current="step"`, done ones said so) and the shown step's own part, which reuses the site's flows: the
// verification mail, the business pages' claim and /mybusiness's proposal and listing forms, the notification form.
import { Form, Link, useRevalidator } from "react-router";
import { useTranslation } from "react-i18next";
import { ui } from "#web/components/ui/classes.ts";
import { paths } from "#web/lib/paths.ts";
import type { Onboarding, OnboardingStep, OnboardingStepId } from "#shared/schemas/dashboard.ts";
import type { NotificationPreferences } from "#shared/schemas/notification-preferences.ts";
import { NotificationPreferencesForm, ResendVerification } from "#web/features/account/index.ts";

const stepHref = (id: OnboardingStepId) => `${paths.member.profileSetup}?step=${id}`;

export function OnboardingStepList({ onboarding, shown }: { onboarding: Onboarding; shown: OnboardingStepId }) {
  const { t } = useTranslation("members");
  return (
    <nav aria-label={t("onboarding.steps")}>
      <ol className="grid gap-2 sm:grid-cols-4">
        {onboarding.steps.map((step, i) => (
          <li key={step.id}>
            <Link
              to={stepHref(step.id)}
              aria-current={step.id === shown ? "step" : undefined}
              className="flex h-full items-start gap-2 rounded-md border border-stone-300 bg-white p-3 text-sm text-stone-800 hover:border-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700 aria-[current=step]:border-2 aria-[current=step]:border-brand-700 aria-[current=step]:bg-brand-50"
            >
              <span aria-hidden="true" className={`grid size-6 shrink-0 place-items-center rounded-full text-xs font-semibold ${step.done ? "bg-green-700 text-white" : "bg-stone-200 text-stone-800"}`}>
                {step.done ? "✓" : i + 1}
              </span>
              <span>
                <span className="font-semibold">{step.title}</span>
                <span className="block text-stone-600">{step.done ? t("onboarding.done") : t("onboarding.toDo")}</span>
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function NextLink({ onboarding, step }: { onboarding: Onboarding; step: OnboardingStep }) {
  const { t } = useTranslation("members");
  const next = onboarding.steps[onboarding.steps.findIndex((s) => s.id === step.id) + 1];
  if (!next) return null;
  return (
    <p>
      <Link to={stepHref(next.id)} className="font-semibold text-brand-700 underline">
        {t("onboarding.next", { step: next.title })}
      </Link>
    </p>
  );
}

export function OnboardingStepBody({
  onboarding,
  shown,
  email,
  preferences,
}: {
  onboarding: Onboarding;
  shown: OnboardingStepId;
  email: string;
  preferences: NotificationPreferences | null;
}) {
  const step = onboarding.steps.find((s) => s.id === shown)!;
  const { t } = useTranslation("members");
  // Saved preferences complete their step: the steps are read again.
  const { revalidate } = useRevalidator();
  // The notification form is named by the heading of that id (as on /myaccount).
  const headingId = shown === "notifications" ? "notifications-heading" : "current-step";
  return (
    <section aria-labelledby={headingId} className="card grid gap-4">
      <h2 id={headingId} className={ui.sectionHeading}>
        {step.title}
      </h2>
      <p className={step.done ? "text-green-800" : "text-stone-800"}>{step.state}</p>
      {shown === "verify-email" && !step.done && <ResendVerification email={email} callbackURL={stepHref("business")} />}
      {shown === "business" && (
        <>
          <p className="text-stone-700">{t("onboarding.findIntro")}</p>
          <Form method="get" action={paths.search("").split("?")[0]} role="search" aria-label={t("onboarding.find")} className="flex flex-wrap items-end gap-2">
            <label className="grid gap-1">
              <span className={ui.label}>{t("onboarding.businessName")}</span>
              <input name="q" type="search" required minLength={2} className={ui.input} />
            </label>
            <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
              {t("onboarding.search")}
            </button>
          </Form>
          <p className="flex flex-wrap gap-4">
            <Link to={paths.map} className="text-brand-700 underline">
              {t("onboarding.onMap")}
            </Link>
            <Link to={paths.myBusiness} className="text-brand-700 underline">
              {t("onboarding.propose")}
            </Link>
          </p>
        </>
      )}
      {shown === "listing" && (
        <p>
          <Link to={paths.myBusiness} className="font-semibold text-brand-700 underline">
            {t("onboarding.editListing")}
          </Link>
        </p>
      )}
      {shown === "notifications" && preferences && <NotificationPreferencesForm initial={preferences} onSaved={() => void revalidate()} />}
      <NextLink onboarding={onboarding} step={step} />
    </section>
  );
}
