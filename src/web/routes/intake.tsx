// The "Business Feedback and Consent" form: displayed and printable, never submitted or saved (spec sections 1 and 3).
import { useId } from "react";
import type { Route } from "./+types/intake";
import { pageMeta, siteOrigin } from "../features/seo/page-meta.ts";
import { paths } from "../lib/paths.ts";
import "../features/intake/intake-print.css";

export function loader({ request, context }: Route.LoaderArgs) {
  return { origin: siteOrigin(request, context) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: "Business Feedback and Consent",
    description: "A feedback and consent form for downtown businesses working with the association.",
    origin: loaderData?.origin ?? "",
    path: paths.member.intake,
  });

const INPUT = "mt-1 block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900";
const LABEL = "block font-medium text-stone-800";
const FIELDSET = "intake-fieldset mt-6 rounded-lg border border-stone-300 p-4";
const LEGEND = "px-1 text-lg font-semibold text-brand-800";

const OBJECTIVES = [
  "Increase foot traffic",
  "Reach new customers",
  "Grow our social media following",
  "Promote events",
  "Build customer loyalty",
  "Reach students",
];

function Field({ label, name, type = "text", autoComplete, multiline = false }: {
  label: string;
  name: string;
  type?: string;
  autoComplete?: string;
  multiline?: boolean;
}) {
  const id = useId();
  return (
    <div className="mt-4 first:mt-0">
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      {multiline ? (
        <textarea id={id} name={name} rows={3} className={INPUT} />
      ) : (
        <input id={id} name={name} type={type} autoComplete={autoComplete} className={INPUT} />
      )}
    </div>
  );
}

function Check({ label, name, value }: { label: string; name: string; value?: string }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <input id={id} type="checkbox" name={name} value={value ?? "yes"} className="size-5 accent-brand-700" />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

function Signature({ who }: { who: string }) {
  const nameId = useId();
  const dateId = useId();
  return (
    <div className="mt-4 grid gap-4 first:mt-0 sm:grid-cols-[2fr_1fr]">
      <div>
        <label htmlFor={nameId} className={LABEL}>
          Signature of {who}
        </label>
        <input id={nameId} name={`signature-${who}`} type="text" className={`${INPUT} intake-signature`} />
      </div>
      <div>
        <label htmlFor={dateId} className={LABEL}>
          Date signed by {who}
        </label>
        <input id={dateId} name={`signature-date-${who}`} type="date" className={INPUT} />
      </div>
    </div>
  );
}

export default function Intake() {
  return (
    <section aria-labelledby="intake-heading" className="max-w-3xl">
      <h1 id="intake-heading" className="page-heading">
        Business Feedback and Consent
      </h1>
      <p className="mt-2 text-stone-700">
        Tell us about your business and how the association can help. This form is filled in with us in person or printed:
        nothing typed here is sent or saved.
      </p>
      <p className="intake-no-print mt-3">
        <PrintButton />
      </p>

      {/* No action and no submit button: the spec's form has no submit behaviour. */}
      <form className="intake-form" aria-labelledby="intake-heading" onSubmit={(e) => e.preventDefault()}>
        <fieldset className={FIELDSET}>
          <legend className={LEGEND}>About your business</legend>
          <Field label="Business name" name="businessName" autoComplete="organization" />
          <Field label="Owner/manager name" name="ownerName" autoComplete="name" />
          <Field label="Contact email" name="email" type="email" autoComplete="email" />
          <Field label="Phone" name="phone" type="tel" autoComplete="tel" />
          <Field label="Address" name="address" autoComplete="address-line1" />
          <Field label="Website/social links" name="links" multiline />
          <Field label="Type of business" name="businessType" />
        </fieldset>

        <fieldset className={FIELDSET}>
          <legend className={LEGEND}>Marketing objectives</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {OBJECTIVES.map((objective) => (
              <Check key={objective} label={objective} name="objectives" value={objective} />
            ))}
          </div>
        </fieldset>

        <fieldset className={FIELDSET}>
          <legend className={LEGEND}>Your marketing today</legend>
          <Field label="Tools used" name="tools" multiline />
          <Field label="Challenges" name="challenges" multiline />
          <Field label="Services of interest" name="services" multiline />
        </fieldset>

        <fieldset className={FIELDSET}>
          <legend className={LEGEND}>Promotions willing to offer</legend>
          <Field label="Discount %" name="discountPercent" type="number" />
          <div className="mt-4 grid gap-2">
            <Check label="Buy-one-get-one" name="bogo" />
            <Check label="Free gift" name="freeGift" />
          </div>
          <Field label="Other promotion" name="otherPromotion" />
        </fieldset>

        <fieldset className={FIELDSET}>
          <legend className={LEGEND}>Consent</legend>
          <Signature who="business owner or manager" />
          <Signature who="association representative" />
        </fieldset>

        <div className="intake-fieldset mt-6">
          <Field label="Additional feedback" name="feedback" multiline />
        </div>
      </form>
    </section>
  );
}

function PrintButton() {
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className="rounded-md border border-brand-700 px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
    >
      Print this form
    </button>
  );
}
