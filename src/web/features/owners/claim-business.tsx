// "Is this your business?" on a business page: a signed-in person claims it (their role, a phone number, a message);
// anyone else is offered to log in or sign up and come back.
import { lazy, Suspense } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { paths } from "#web/lib/paths.ts";
import { usePublicText } from "#web/lib/public-text.ts";
import { Trans } from "react-i18next";

/** The form and the claim's rules load only for someone signed in. */
const ClaimForm = lazy(() => import("./claim-form.tsx"));

export function ClaimBusiness({ businessId, businessName }: { businessId: string; businessName: string }) {
  const { t } = usePublicText();
  const signedIn = !!useRouteLoaderData<{ user: unknown }>("root")?.user;
  const back = `?next=${encodeURIComponent(paths.business(businessId))}`;

  return (
    <details className="card mt-10 max-w-2xl">
      <summary className="cursor-pointer text-lg font-semibold text-brand-800">{t("claim.summary")}</summary>
      {!signedIn && (
        <p className="mt-3 text-stone-700">
          <Trans
            t={t}
            i18nKey="claim.signInFirst"
            values={{ name: businessName }}
            components={{ login: <Link to={`${paths.login}${back}`} className="text-brand-700 underline" />, signup: <Link to={`${paths.signup}${back}`} className="text-brand-700 underline" /> }}
          />
        </p>
      )}
      {signedIn && (
        <Suspense>
          <ClaimForm businessId={businessId} businessName={businessName} />
        </Suspense>
      )}
    </details>
  );
}
