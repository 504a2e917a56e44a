// A business sign-up's onboarding: verify the e-mail address, claim the business (or propose it), complete its
// listing, choose notifications. Every step is read from the data (the account, the owners' tables and requests, the
// saved preferences), so the person leaves and comes back to where they stopped, and nothing is stored twice.
import { requireUser, type CurrentUser } from "#server/auth/session.ts";
import type { Business } from "#shared/schemas/business.ts";
import type { RequestSummary } from "#shared/schemas/owners.ts";
import { ONBOARDING_TITLES, type Onboarding, type OnboardingStep, type OnboardingStepId } from "#shared/schemas/dashboard.ts";

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

  async get(viewer: CurrentUser | null, known?: { businessIds: string[] }): Promise<Onboarding> {
    const user = requireUser(viewer);
    const businessIds = known?.businessIds ?? (await this.deps.ownedBusinessIds(user.id));
    const [accountType, businesses, waiting, chosen] = await Promise.all([
      this.deps.accountType(user),
      this.deps.businesses(businessIds),
      this.deps.waitingRequests(user),
      this.deps.hasChosenNotifications(user.id),
    ]);
    const applies = user.role !== "admin" && (user.role === "business" || accountType === "business");
    const asked = waiting.filter((r) => (r.kind === "claim" || r.kind === "new-listing") && r.requesterEmail !== null);
    const incomplete = businesses.map((b) => ({ name: b.name, gaps: listingGaps(b) })).filter((b) => b.gaps.length > 0);

    const step = (id: OnboardingStepId, done: boolean, state: string): OnboardingStep => ({ id, title: ONBOARDING_TITLES[id], done, state });
    const steps = [
      step("verify-email", user.emailVerified, user.emailVerified ? `${user.email} is verified.` : `${user.email} is not verified yet. Please open the link in the email we sent you.`),
      step(
        "business",
        businesses.length > 0 || asked.length > 0,
        businesses.length > 0
          ? `You own ${list(businesses.map((b) => b.name))}.`
          : asked.length > 0
            ? `${list(asked.map((r) => (r.kind === "claim" ? `Your claim of ${r.businessName}` : `Your proposal of ${r.businessName}`)))} ${asked.length > 1 ? "are" : "is"} waiting for approval.`
            : "Not yet: find your business and claim it, or propose it if it is not in the directory.",
      ),
      step(
        "listing",
        businesses.length > 0 && incomplete.length === 0,
        businesses.length === 0
          ? "Once your business is yours, add its opening hours, photos and description."
          : incomplete.length === 0
            ? "Your listing has its opening hours, photos and description."
            : incomplete.map((b) => `${b.name}: add ${list(b.gaps)}.`).join(" "),
      ),
      step("notifications", chosen, chosen ? "Your choices are saved." : "Not yet: choose how you hear of announcements, meetings and your requests."),
    ];
    // The listing cannot be completed before the business is the person's: the step after it is offered meanwhile.
    const open = steps.filter((s) => !s.done);
    const current = (open.find((s) => !(s.id === "listing" && businesses.length === 0)) ?? open[0])?.id ?? null;
    return { applies, steps, current };
  }
}
