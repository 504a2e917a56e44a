// "Is this your business?" on a business page: a signed-in person claims it (their role, a phone number, a message);
// anyone else is offered to log in or sign up and come back.
import { lazy, Suspense } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { paths } from "#web/lib/paths.ts";

/** The form and the claim's rules load only for someone signed in. */
const ClaimForm = lazy(() => import("./claim-form.tsx"));

export function ClaimBusiness({ businessId, businessName }: { businessId: string; businessName: string }) {
  const signedIn = !!useRouteLoaderData<{ user: unknown }>("root")?.user;
  const back = `?next=${encodeURIComponent(paths.business(businessId))}`;

  return (
    <details className="card mt-10 max-w-2xl">
      <summary className="cursor-pointer text-lg font-semibold text-brand-800">Is this your business?</summary>
      {!signedIn && (
        <p className="mt-3 text-stone-700">
          To claim {businessName}, please{" "}
          <Link to={`${paths.login}${back}`} className="text-brand-700 underline">
            log in
          </Link>{" "}
          or{" "}
          <Link to={`${paths.signup}${back}`} className="text-brand-700 underline">
            sign up
          </Link>{" "}
          first; you will come back here.
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
