// A business sign-up's onboarding: verify the e-mail address, claim the business (or propose it), complete its
// listing, choose notifications. Every step is read from the data (the account, the owners' tables and requests, the
// saved preferences), so the person leaves and comes back to where they stopped, and nothing is stored twice.
import { requireUser, type CurrentUser } from "#server/auth/session.ts";
import type { Business } from "#shared/schemas/business.ts";
import type { RequestSummary } from "#shared/schemas/owners.ts";
import { getFixedT, type Language } from "#shared/i18n/index.ts";
import { formatList } from "#shared/i18n/format.ts";
import { type Onboarding, type OnboardingStep, type OnboardingStepId } from "#shared/schemas/dashboard.ts";

export interface OnboardingDeps {
  accountType: (viewer: CurrentUser) => Promise<string | null>;
  ownedBusinessIds: (userId: string) => Promise<string[]>;
  businesses: (ids: string[]) => Promise<Business[]>;
  /** The person's requests and their businesses' changes waiting for a decision. */
  waitingRequests: (viewer: CurrentUser) => Promise<RequestSummary[]>;
  /** Whether the person has saved their notification preferences once. */
  hasChosenNotifications: (userId: string) => Promise<boolean>;
}

/** What a listing lacks among opening hours, photos and description; empty when it is complete. */
export function listingGaps(business: Pick<Business, "openingHours" | "photos" | "description">): string[] {
  const gaps: string[] = [];
  if (!business.openingHours) gaps.push("opening hours");
  if (business.photos.length === 0) gaps.push("photos");
  if (!business.description?.trim()) gaps.push("a description");
  return gaps;
}

/** "a", "a and b", "a, b and c". */
export const list = (words: string[]) => (words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`);

export class OnboardingService {
  private readonly deps: OnboardingDeps;
  constructor(deps: OnboardingDeps) {
    this.deps = deps;
  }

  /** `language`: the one the person reads their pages in. */
  async get(viewer: CurrentUser | null, known?: { businessIds: string[] }, language: Language = "en"): Promise<Onboarding> {
    const user = requireUser(viewer);
    const businessIds = known?.businessIds ?? (await this.deps.ownedBusinessIds(user.id));
    const [t, accountType, businesses, waiting, chosen] = await Promise.all([
      getFixedT(language, "members"),
      this.deps.accountType(user),
      this.deps.businesses(businessIds),
      this.deps.waitingRequests(user),
      this.deps.hasChosenNotifications(user.id),
    ]);
    const applies = user.role !== "admin" && (user.role === "business" || accountType === "business");
    const asked = waiting.filter((r) => (r.kind === "claim" || r.kind === "new-listing") && r.requesterEmail !== null);
    const incomplete = businesses.map((b) => ({ name: b.name, gaps: listingGaps(b) })).filter((b) => b.gaps.length > 0);

    const step = (id: OnboardingStepId, done: boolean, state: string): OnboardingStep => ({ id, title: t(`onboarding.titles.${id}`), done, state });
    // English keeps its own "a, b and c" (no serial comma); other languages list as Intl does.
    const listed = (words: string[]) => (language === "en" ? list(words) : formatList(words, language));
    const gapWords = (gaps: string[]) => listed(gaps.map((gap) => t(`dashboard.gaps.${gap}`)));
    const steps = [
      step("verify-email", user.emailVerified, user.emailVerified ? t("dashboard.emailVerified", { email: user.email }) : t("dashboard.emailUnverified", { email: user.email })),
      step(
        "business",
        businesses.length > 0 || asked.length > 0,
        businesses.length > 0
          ? t("onboarding.states.own", { names: listed(businesses.map((b) => b.name)) })
          : asked.length > 0
            ? t("onboarding.states.asked", { count: asked.length, asked: listed(asked.map((r) => t(r.kind === "claim" ? "onboarding.states.claimOf" : "onboarding.states.proposalOf", { name: r.businessName }))) })
            : t("onboarding.states.notYetBusiness"),
      ),
      step(
        "listing",
        businesses.length > 0 && incomplete.length === 0,
        businesses.length === 0
          ? t("onboarding.states.listingLater")
          : incomplete.length === 0
            ? t("onboarding.states.listingDone")
            : incomplete.map((b) => t("onboarding.states.listingGaps", { name: b.name, gaps: gapWords(b.gaps) })).join(" "),
      ),
      step("notifications", chosen, chosen ? t("onboarding.states.notificationsDone") : t("onboarding.states.notificationsNotYet")),
    ];
    // The listing cannot be completed before the business is the person's: the step after it is offered meanwhile.
    const open = steps.filter((s) => !s.done);
    const current = (open.find((s) => !(s.id === "listing" && businesses.length === 0)) ?? open[0])?.id ?? null;
    return { applies, steps, current };
  }
}
