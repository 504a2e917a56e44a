// The one interface through which a feature puts something on a member's dashboard: tasks for "What needs you" and at
// most one section. Announcements, meetings and owners contribute today; surveys and volunteering add their own
// contributor to the list in services.ts, and the page shows their section without changing.
import type { TFunction } from "i18next";
import type { CurrentUser } from "#server/auth/session.ts";
import type { Lang } from "#shared/i18n/format.ts";
import type { DashboardSection, DashboardTask } from "#shared/schemas/dashboard.ts";

/** Who the dashboard is for, read once for every contributor (so their reads do not grow with the contributors). */
export interface DashboardViewer {
  user: CurrentUser;
  /** An administrator, or a `business` account that owns a business. */
  member: boolean;
  /** The businesses the person owns. */
  businessIds: string[];
  /** The person's language (their account's, else their browser's choice, else the site's), for texts and dates. */
  lang: Lang;
  /** The `members` catalog in that language: what a contributor says is said in it. */
  t: TFunction;
}

export interface DashboardContribution {
  tasks: DashboardTask[];
  /** Left out when the feature has nothing for the person (the page then shows no heading for it). */
  section: DashboardSection | null;
}

export interface DashboardContributor {
  /** A fixed number of reads whatever the number of the person's businesses. */
  contribute(viewer: DashboardViewer): Promise<DashboardContribution>;
}

export const NOTHING: DashboardContribution = { tasks: [], section: null };
