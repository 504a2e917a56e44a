// /admin/site-settings: the association's own details, hero photos and sponsors. The API takes the settings whole, as
// the form holds them.
import type { Route } from "./+types/admin-site-settings";
import { messages } from "#shared/messages.ts";
import type { SiteSettings } from "#shared/schemas/site-settings.ts";
import type { Translations } from "#shared/schemas/translations.ts";
import { ApiError, apiFetch, type Fetcher } from "../lib/api-client.ts";
import { requireUser, serverFetch } from "../lib/app-context.ts";
import { MANAGE_NAMESPACE, manageT } from "../lib/manage-text.ts";
import { ui } from "../components/ui/classes.ts";
import { formErrors, parseSiteSettingsForm, SiteSettingsForm, translationsToSave, type SiteSettingsActionData } from "../features/admin/site-settings-form.tsx";

export const handle = { i18n: [MANAGE_NAMESPACE] };

async function load(fetcher?: Fetcher) {
  try {
    return { settings: await apiFetch<SiteSettings & { translations?: Translations }>("/site-settings", {}, fetcher), loadError: null };
  } catch (error) {
    return { settings: null, loadError: `${messages.siteSettings.loadFailed} ${error instanceof ApiError ? error.message : ""}`.trim() };
  }
}

export function loader({ context }: Route.LoaderArgs) {
  requireUser(context, "admin");
  return load(serverFetch(context));
}

export function clientLoader() {
  return load();
}

export async function clientAction({ request }: Route.ClientActionArgs): Promise<SiteSettingsActionData> {
  const form = await request.formData();
  const parsed = parseSiteSettingsForm(form);
  if (!parsed.ok) return { outcome: parsed.outcome, result: parsed.result };
  const { submission } = parsed;
  try {
    await apiFetch<SiteSettings>("/site-settings", { method: "PUT", json: { ...submission.value, ...translationsToSave(form, submission.value) } });
    return { outcome: { kind: "success", text: (await manageT())("siteSettings.saved") }, result: submission.reply() };
  } catch (error) {
    const fields = error instanceof ApiError ? error.fields : {};
    const detail = error instanceof ApiError ? error.detail : "";
    return { outcome: { kind: "error", text: messages.siteSettings.saveFailed(detail) }, result: submission.reply({ fieldErrors: formErrors(fields) }) };
  }
}

export default function AdminSiteSettings({ loaderData }: Route.ComponentProps) {
  if (!loaderData.settings) {
    return (
      <p role="alert" className={ui.error}>
        {loaderData.loadError}
      </p>
    );
  }
  return <SiteSettingsForm settings={loaderData.settings} />;
}
