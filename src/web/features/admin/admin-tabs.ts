// The admin dashboard's tabs, /admin/<id>, in the order its navigation shows them.
/** The spec's nine tabs in its order, then the audit trail and the tabs beyond the spec. */
export const ADMIN_TABS = [
  ["my-account", "My Account"],
  ["markers", "Markers"],
  ["categories", "Categories"],
  ["users", "Users"],
  ["events", "Events"],
  ["tags", "Tags"],
  ["pages", "Pages"],
  ["posts", "Posts"],
  ["offers", "Offers"],
  ["announcements", "Announcements"],
  ["meetings", "Meetings"],
  ["surveys", "Surveys"],
  ["volunteering", "Volunteering"],
  ["library", "Library"],
  ["newsletters", "Newsletters"],
  ["subscribers", "Subscribers"],
  ["recent-changes", "Recent changes"],
  ["requests", "Requests"],
  ["listings", "Stale listings"],
  ["intake", "Intake forms"],
  ["insights", "Insights"],
  ["import", "Import"],
  ["site-settings", "Site settings"],
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number][0];

export const isAdminTab = (id: string): id is AdminTab => ADMIN_TABS.some(([tab]) => tab === id);
