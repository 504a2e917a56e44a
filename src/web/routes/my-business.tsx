// The owners' home: their businesses, events and offers, and the state of each change they asked for.
import { Link, redirect } from "react-router";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/my-business";
import { requireUser, serverFetch } from "../lib/app-context.ts";
import { PageTitle } from "../lib/page-title.tsx";
import { paths } from "../lib/paths.ts";
import { ApiError, type Fetcher } from "../lib/api-client.ts";
import { LogoutButton } from "../features/account/logout-button.tsx";
import { loadOwnerData } from "../features/owners/my-business-data.ts";
import { ownerAction } from "../features/owners/my-business-action.ts";
import { MyBusinessPage } from "../features/owners/my-business-page.tsx";
import { loadMySuggestions, OwnerSuggestions, prefillFrom, prefillHref, suggestionAction } from "../features/listings/index.ts";
import { isolatedValues } from "#web/components/ui/isolated-values.tsx";

async function load(url: URL, fetcher?: Fetcher) {
  try {
    const [data, suggestions] = await Promise.all([loadOwnerData(fetcher, url), loadMySuggestions(fetcher)]);
    return { data, suggestions, prefill: prefillFrom(url), edit: url.searchParams.get("edit"), loadError: null };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect(paths.login);
    return { data: null, suggestions: null, prefill: null, edit: null, loadError: true };
  }
}

// The page comes whole from the server; moving to it within the site, and after each form sent, the browser reads the
// same API itself.
export function loader({ context, request }: Route.LoaderArgs) {
  requireUser(context);
  return load(new URL(request.url), serverFetch(context));
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return load(new URL(request.url));
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const onSuggestion = await suggestionAction(form);
  if (!onSuggestion) return ownerAction(form);
  // Taken in: the business's edit form opens with the suggested value filled in.
  if (form.get("intent") === "suggestion-accept" && onSuggestion.outcome?.kind === "success") {
    throw redirect(prefillHref(String(form.get("businessId")), onSuggestion.prefill ?? {}, String(form.get("note") ?? "")));
  }
  return onSuggestion;
}

// The owners' and account texts; the forms' language switch (content), fields and widgets (admin, ui, hours) and the
// event form's Registration section (manage), loaded before the page draws.
export const handle = { i18n: ["owners", "account", "content", "manage", "admin", "ui", "hours"] };

function Frame({ email, children }: { email?: string; children: React.ReactNode }) {
  const { t } = useTranslation("owners");
  return (
    <section className="grid max-w-3xl gap-6">
      <PageTitle>{t("myBusiness.title")}</PageTitle>
      <h1 className="page-heading">{t("myBusiness.title")}</h1>
      {email && <p className="text-stone-700">{isolatedValues(t, "myBusiness.loggedInAs", { email }, ["email"])}</p>}
      {children}
      <div className="flex flex-wrap items-start gap-4">
        <Link to={paths.myAccount} className="text-brand-700 underline">
          {t("myBusiness.myAccount")}
        </Link>
        <Link to={paths.contact} className="text-brand-700 underline">
          {t("myBusiness.contact")}
        </Link>
      </div>
      <LogoutButton />
    </section>
  );
}

export default function MyBusiness({ loaderData }: Route.ComponentProps) {
  const { data, loadError, suggestions, prefill, edit } = loaderData;
  const { t } = useTranslation("owners");
  return (
    <Frame email={data?.email}>
      {loadError && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {t("myBusiness.loadFailed")}
        </p>
      )}
      {data && (
        <MyBusinessPage
          data={data}
          prefill={prefill}
          edit={edit}
          aside={(business) => suggestions && <OwnerSuggestions businessId={business.id} businessName={business.name} list={suggestions} />}
        />
      )}
    </Frame>
  );
}
