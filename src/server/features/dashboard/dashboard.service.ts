// The member's home: who the person is, then what each feature contributes (tasks and sections, in the contributors'
// order), and the onboarding steps left as tasks. Also where signing in lands (docs/decisions/0025).
import { requireUser, type CurrentUser } from "#server/auth/session.ts";
import type { Dashboard, DashboardTask } from "#shared/schemas/dashboard.ts";
import { getFixedT, type Language } from "#shared/i18n/index.ts";
import type { DashboardContributor } from "./dashboard-contributor.ts";
import type { OnboardingService } from "./onboarding.service.ts";

const PROFILE_SETUP = "/myqsa/profile-setup";

export interface DashboardDeps {
  ownedBusinessIds: (userId: string) => Promise<string[]>;
  onboarding: OnboardingService;
  /** Whether the person has something waiting for a decision at one of their businesses. */
  hasWaitingRequest: (viewer: CurrentUser) => Promise<boolean>;
  contributors: DashboardContributor[];
}

export class DashboardService {
  private readonly deps: DashboardDeps;
  constructor(deps: DashboardDeps) {
    this.deps = deps;
  }

  /** `language`: the one the person reads the page in. */
  async get(viewer: CurrentUser | null, language: Language = "en"): Promise<Dashboard> {
    const user = requireUser(viewer);
    const [businessIds, t] = await Promise.all([this.deps.ownedBusinessIds(user.id), getFixedT(language, "members")]);
    const member = user.role === "admin" || (user.role === "business" && businessIds.length > 0);
    const context = { user, member, businessIds, lang: language, t };
    const [onboarding, ...contributions] = await Promise.all([this.deps.onboarding.get(user, { businessIds }, language), ...this.deps.contributors.map((c) => c.contribute(context))]);

    // The onboarding's open steps come first; once the person owns a business, the listing's gaps are the owners'
    // tasks, one per business.
    const steps: DashboardTask[] = onboarding.steps
      .filter((s) => !s.done && (s.id === "verify-email" || (onboarding.applies && (s.id !== "listing" || businessIds.length === 0))))
      .map((s) =>
        onboarding.applies
          ? { id: s.id, title: s.title, detail: s.state, href: `${PROFILE_SETUP}?step=${s.id}`, action: t("dashboard.tasks.continueSetup") }
          : { id: s.id, title: s.title, detail: s.state, href: "#email", action: t("dashboard.tasks.verifyEmail") },
      );
    return {
      displayName: user.displayName,
      email: user.email,
      emailVerified: user.emailVerified,
      member,
      tasks: [...steps, ...contributions.flatMap((c) => c.tasks)],
      sections: contributions.flatMap((c) => (c.section ? [c.section] : [])),
    };
  }

  /**
   * Where signing in lands: administrators on /admin and owners of nothing on /mybusiness (the spec's rule for their
   * roles); an owner with a change waiting for approval on /mybusiness, where it is amended; any other owner on the
   * dashboard; a business sign-up who has not finished onboarding on /myqsa/profile-setup; anyone else on /myaccount.
   */
  async landing(viewer: CurrentUser): Promise<string> {
    if (viewer.role === "admin") return "/admin";
    if (viewer.role === "business") {
      const owned = await this.deps.ownedBusinessIds(viewer.id);
      if (owned.length === 0 || (await this.deps.hasWaitingRequest(viewer))) return "/mybusiness";
      return "/myqsa/dashboard";
    }
    const onboarding = await this.deps.onboarding.get(viewer);
    return onboarding.applies && onboarding.current !== null ? PROFILE_SETUP : "/myaccount";
  }
}
