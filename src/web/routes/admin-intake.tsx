// /admin/intake: the "Business Feedback and Consent" forms sent, a page at a time (the page and order in the address,
// as in the other admin lists), each with all its answers, and the whole list as CSV.
import { replace } from "react-router";
import type { Route } from "./+types/admin-intake";
import type { IntakeSubmission } from "#shared/schemas/intake.ts";
import { DEFAULT_PAGE_SIZE, type Paginated } from "#shared/schemas/pagination.ts";
import { ui } from "#web/components/ui/classes.ts";
import { ListControls, type SortChoice } from "#web/components/ui/list-controls.tsx";
import { Pager } from "#web/components/ui/pager.tsx";
import { When } from "#web/components/ui/when.tsx";
import { ApiError, apiFetch, type Fetcher } from "#web/lib/api-client.ts";
import { requireUser, serverFetch } from "#web/lib/app-context.ts";
import { paths } from "#web/lib/paths.ts";
import type { TFunction } from "i18next";
import { MANAGE_NAMESPACE, useManageText } from "#web/lib/manage-text.ts";

export const handle = { i18n: [MANAGE_NAMESPACE] };


async function load(request: Request, fetcher?: Fetcher) {
  const url = new URL(request.url);
  const query = new URLSearchParams({ page: url.searchParams.get("page") ?? "1", pageSize: String(DEFAULT_PAGE_SIZE) });
  const sort = url.searchParams.get("sort")?.trim();
  if (sort) query.set("sort", sort);
  let list: Paginated<IntakeSubmission>;
  try {
    list = await apiFetch<Paginated<IntakeSubmission>>(`/intake?${query}`, {}, fetcher);
  } catch (error) {
    return { list: null, loadError: `Failed to load the intake forms. ${error instanceof ApiError ? error.message : ""}`.trim() };
  }
  // A page past the last (an old link, or fewer forms than when it was made): the last page instead.
  if (list.items.length === 0 && list.total > 0 && list.page > 1) {
    const last = new URL(url);
    last.searchParams.set("page", String(Math.ceil(list.total / list.pageSize)));
    throw replace(`${last.pathname}${last.search}`);
  }
  return { list, loadError: null };
}

export function loader({ context, request }: Route.LoaderArgs) {
  requireUser(context, "admin");
  return load(request, serverFetch(context));
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return load(request);
}

const signed = (name: string | null, on: string | null) => (name ? `${name}, ${on ?? ""}` : null);

/** Every answer in the form's order, under the form's own labels (in the page's language); empty ones are left out. */
function answersOf(s: IntakeSubmission, t: TFunction): Array<[string, string | null]> {
  const yes = (value: boolean) => (value ? t("intake.yes") : t("intake.no"));
  const answers: Array<[string, string | null]> = [
    ["ownerName", s.ownerName],
    ["email", s.email],
    ["phone", s.phone],
    ["address", s.address],
    ["links", s.links],
    ["businessType", s.businessType],
    ["objectives", s.objectives.join(", ") || null],
    ["tools", s.tools],
    ["challenges", s.challenges],
    ["services", s.services],
    ["discountPercent", s.discountPercent === null ? null : String(s.discountPercent)],
    ["bogo", yes(s.bogo)],
    ["freeGift", yes(s.freeGift)],
    ["otherPromotion", s.otherPromotion],
    ["ownerSignature", signed(s.ownerSignature, s.ownerSignedOn)],
    ["representativeSignature", signed(s.representativeSignature, s.representativeSignedOn)],
    ["feedback", s.feedback],
  ];
  return answers.map(([key, value]) => [t(`intake.answers.${key}`), value]);
}

function Submission({ submission: s }: { submission: IntakeSubmission }) {
  const { t } = useManageText();
  return (
    <li className="card grid gap-2" aria-labelledby={`intake-${s.id}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`intake-${s.id}`} className="text-lg font-semibold break-words text-stone-900">
          {s.businessName}
        </h3>
        <p className="text-sm text-stone-600">
          {t("intake.sent")} <When iso={s.createdAt} />
        </p>
      </div>
      <p className="text-sm break-words text-stone-700">
        {t("intake.by", { email: s.userEmail ?? t("intake.deletedAccount") })}
        {s.businessId && s.linkedBusinessName ? (
          <>
            {" "}
            {t("intake.for")}{" "}
            <a href={paths.business(s.businessId)} className="text-brand-700 underline">
              {s.linkedBusinessName}
            </a>
          </>
        ) : (
          ` ${t("intake.noBusiness")}`
        )}
      </p>
      <details>
        <summary className="cursor-pointer font-semibold text-brand-800">{t("intake.allAnswers")}</summary>
        <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[14rem_1fr]">
          {answersOf(s, t)
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
  const { list, loadError } = loaderData;
  const { t } = useManageText();
  const sort: SortChoice = { asc: t("intake.oldestFirst"), desc: t("intake.newestFirst"), usual: "desc" };
  return (
    <section aria-labelledby="intake-submissions" className="grid gap-4">
      <h2 id="intake-submissions" className={ui.sectionHeading}>
        {t("intake.heading", { count: list?.total ?? 0 })}
      </h2>
      <ListControls sort={sort} list="intake" />
      {loadError && (
        <p role="alert" className={ui.error}>
          {loadError}
        </p>
      )}
      {list?.total === 0 && <p className="text-stone-700">{t("intake.none")}</p>}
      {list && list.total > 0 && (
        <>
          <ul className="grid gap-3">
            {list.items.map((s) => (
              <Submission key={s.id} submission={s} />
            ))}
          </ul>
          <Pager label={t("intake.label")} page={list.page} pageSize={list.pageSize} total={list.total} />
        </>
      )}
    </section>
  );
}
