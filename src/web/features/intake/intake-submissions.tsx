// /admin/intake: every "Business Feedback and Consent" form sent, newest first, each with all its answers, and the
// whole list as CSV.
import type { Route } from "./+types/intake-submissions";
import type { IntakeSubmission } from "../../../shared/schemas/intake.ts";
import { ExportLink } from "../../components/ui/export-link.tsx";
import { ui } from "../../components/ui/field.tsx";
import { When } from "../../components/ui/when.tsx";
import { ApiError, apiFetch } from "../../lib/api-client.ts";
import { paths } from "../../lib/paths.ts";

export async function clientLoader() {
  try {
    return { submissions: await apiFetch<IntakeSubmission[]>("/intake"), loadError: null };
  } catch (error) {
    return { submissions: [] as IntakeSubmission[], loadError: `Failed to load the intake forms. ${error instanceof ApiError ? error.message : ""}`.trim() };
  }
}

const yes = (value: boolean) => (value ? "Yes" : "No");
const signed = (name: string | null, on: string | null) => (name ? `${name}, ${on ?? ""}` : null);

/** Every answer in the form's order, under the form's own labels; empty ones are left out. */
function answersOf(s: IntakeSubmission): Array<[string, string | null]> {
  return [
    ["Owner/manager name", s.ownerName],
    ["Contact email", s.email],
    ["Phone", s.phone],
    ["Address", s.address],
    ["Website/social links", s.links],
    ["Type of business", s.businessType],
    ["Marketing objectives", s.objectives.join(", ") || null],
    ["Tools used", s.tools],
    ["Challenges", s.challenges],
    ["Services of interest", s.services],
    ["Discount %", s.discountPercent === null ? null : String(s.discountPercent)],
    ["Buy-one-get-one", yes(s.bogo)],
    ["Free gift", yes(s.freeGift)],
    ["Other promotion", s.otherPromotion],
    ["Signature of business owner or manager", signed(s.ownerSignature, s.ownerSignedOn)],
    ["Signature of association representative", signed(s.representativeSignature, s.representativeSignedOn)],
    ["Additional feedback", s.feedback],
  ];
}

function Submission({ submission: s }: { submission: IntakeSubmission }) {
  return (
    <li className="card grid gap-2" aria-labelledby={`intake-${s.id}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`intake-${s.id}`} className="text-lg font-semibold break-words text-stone-900">
          {s.businessName}
        </h3>
        <p className="text-sm text-stone-600">Sent <When iso={s.createdAt} /></p>
      </div>
      <p className="text-sm break-words text-stone-700">
        By {s.userEmail ?? "a deleted account"}
        {s.businessId && s.linkedBusinessName ? (
          <>
            {" "}
            for{" "}
            <a href={paths.business(s.businessId)} className="text-brand-700 underline">
              {s.linkedBusinessName}
            </a>
          </>
        ) : (
          " (no business in the directory)"
        )}
      </p>
      <details>
        <summary className="cursor-pointer font-semibold text-brand-800">All answers</summary>
        <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[14rem_1fr]">
          {answersOf(s)
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-semibold text-stone-800">{label}</dt>
                <dd className="mb-1 break-words whitespace-pre-line text-stone-800">{value}</dd>
              </div>
            ))}
        </dl>
      </details>
    </li>
  );
}

export default function IntakeSubmissions({ loaderData }: Route.ComponentProps) {
  const { submissions, loadError } = loaderData;
  return (
    <section aria-labelledby="intake-submissions" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="intake-submissions" className={ui.sectionHeading}>
          Intake forms ({submissions.length})
        </h2>
        <ExportLink list="intake" />
      </div>
      {loadError && (
        <p role="alert" className={ui.error}>
          {loadError}
        </p>
      )}
      {!loadError && submissions.length === 0 && <p className="text-stone-700">No intake forms have been sent yet.</p>}
      <ul className="grid gap-3">
        {submissions.map((s) => (
          <Submission key={s.id} submission={s} />
        ))}
      </ul>
    </section>
  );
}
