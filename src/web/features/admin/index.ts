// The admin feature's public face: the tabs, entity screens and tables of /admin, and the site settings form.
export { ADMIN_TABS, isAdminTab, type AdminTab } from "./admin-tabs.ts";
export { EntityAdmin, type ActionData } from "./entity-admin.tsx";
export { useBusinessExtras } from "./business-extras.tsx";
export { MyAccountTab } from "./my-account-tab.tsx";
export { detailOf, SCREENS } from "./screens.tsx";
export { formErrors, parseSiteSettingsForm, SiteSettingsForm, translationsToSave, type SiteSettingsActionData } from "./site-settings-form.tsx";
export { AdminTable, ROLE_LABELS, TABLES } from "./tables.tsx";
export { adminText, documentLanguage, requestLanguage } from "./admin-text.ts";
