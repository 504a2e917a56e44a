// "Suggest an edit": a visitor (no account; a proof of work and a limit per client) says what is wrong with a listing
// and what is right. Administrators see it as a request of kind `suggestion` and approve or dismiss it; the listing's
// owners see it on /mybusiness and take it into their own change or dismiss it (decision 0037).
import { requireRole, requireUser, type CurrentUser } from "#server/auth/session.ts";
import type { ChallengeCheck } from "#server/auth/sign-up-challenge.ts";
import { newId } from "#server/db/ids.ts";
import { AppError, Conflict, Forbidden, NotFound, Validation } from "#server/errors.ts";
import { invalidInput } from "#server/validation.ts";
import { messages } from "#shared/messages.ts";
import { toOsm, type OpeningHours } from "#shared/opening-hours.ts";
import { listingMessages, SUGGESTION_FIELDS, SuggestionInputSchema, type Suggestion, type SuggestionList } from "#shared/schemas/listings.ts";
import type { StoredSuggestion, SuggestionRepository } from "./suggestion.repository.ts";

/** Suggestions one client may send in an hour, over all businesses. */
export const SUGGESTIONS_PER_HOUR = 5;
const HOUR = 3_600_000;

export interface SuggestionServiceDeps {
  repository: SuggestionRepository;
  businessExists: (businessId: string) => Promise<boolean>;
  isOwner: (userId: string, businessId: string) => Promise<boolean>;
  /** Counts one hit of `key` in a fixed window shared by every instance; answers the window's count. */
  hit: (key: string, windowMs: number) => Promise<number>;
  timeZone: () => Promise<string>;
  /** Applies an approved phone or website to the listing, as an administrator's change. */
  applyToListing: (admin: CurrentUser, businessId: string, field: "phone" | "website", value: string) => Promise<void>;
}

/** The listing's value now of the field a suggestion corrects, as a reader reads it. */
function liveValue(suggestion: StoredSuggestion): string | null {
  const field = SUGGESTION_FIELDS[suggestion.kind];
  if (field === "openingHours") {
    if (!suggestion.listing.openingHours) return null;
    try {
      return toOsm(JSON.parse(suggestion.listing.openingHours) as OpeningHours) || null;
    } catch {
      return null;
    }
  }
  return field ? (suggestion.listing[field as "phone" | "website" | "address"] ?? null) : null;
}

function view(suggestion: StoredSuggestion): Suggestion {
  const { listing: _listing, ...rest } = suggestion;
  return { ...rest, live: liveValue(suggestion) };
}

export class SuggestionService {
  private readonly deps: SuggestionServiceDeps;
  constructor(deps: SuggestionServiceDeps) {
    this.deps = deps;
  }

  /** A visitor's suggestion: `proof` is how their proof of work checked, `client` who sent it (for the limit). */
  async suggest(businessId: string, input: unknown, sender: { proof: ChallengeCheck; client: string }): Promise<Suggestion> {
    if (!(await this.deps.businessExists(businessId))) throw NotFound(messages.business.notFound);
    const parsed = SuggestionInputSchema.safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error.issues, listingMessages.valueRequired);
    if (sender.proof !== "ok") throw Validation(listingMessages.proofMissing);
    if ((await this.deps.hit(`suggestion:${sender.client}`, HOUR)) > SUGGESTIONS_PER_HOUR) throw new AppError(429, "rate_limited", listingMessages.tooMany);
    const now = new Date();
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: await this.deps.timeZone() }).format(now);
    const id = newId();
    await this.deps.repository.create({ id, businessId, kind: parsed.data.kind, value: parsed.data.value, day, createdAt: now.toISOString() });
    return view((await this.deps.repository.get(id))!);
  }

  /** Administrators: every waiting suggestion, and the businesses said to be closed for good on three different days. */
  async waiting(viewer: CurrentUser | null): Promise<SuggestionList> {
    requireRole(viewer, "admin");
    const [suggestions, closedFlags] = await Promise.all([this.deps.repository.pending(), this.deps.repository.closedFlags()]);
    return { suggestions: suggestions.map(view), closedFlags };
  }

  /** The waiting suggestions of one business: for its owners and administrators. */
  async ofBusiness(viewer: CurrentUser | null, businessId: string): Promise<SuggestionList> {
    const user = requireUser(viewer);
    if (user.role !== "admin" && !(await this.deps.isOwner(user.id, businessId))) throw Forbidden();
    if (!(await this.deps.businessExists(businessId))) throw NotFound(messages.business.notFound);
    const [suggestions, flags] = await Promise.all([this.deps.repository.pending(businessId), this.deps.repository.closedFlags()]);
    return { suggestions: suggestions.map(view), closedFlags: flags.filter((f) => f.businessId === businessId) };
  }

  /** The waiting suggestions of every business the signed-in person owns, with the closed-for-good flags among them. */
  async mine(viewer: CurrentUser | null): Promise<SuggestionList> {
    const user = requireUser(viewer);
    const [suggestions, flags] = await Promise.all([this.deps.repository.pendingForOwner(user.id), this.deps.repository.closedFlags()]);
    const owned = new Set(suggestions.map((s) => s.businessId));
    return { suggestions: suggestions.map(view), closedFlags: flags.filter((f) => owned.has(f.businessId)) };
  }

  async closedFlags(): Promise<Set<string>> {
    return new Set((await this.deps.repository.closedFlags()).map((f) => f.businessId));
  }

  /** An owner takes the suggestion into their own change: it is closed, and answers the values to prefill their edit form with. */
  async accept(viewer: CurrentUser | null, id: string): Promise<{ suggestion: Suggestion; prefill: Record<string, string> }> {
    const user = requireUser(viewer);
    const suggestion = await this.concerning(user, id, "owner");
    await this.decide(suggestion, "accepted", user);
    const field = SUGGESTION_FIELDS[suggestion.kind];
    // Hours are a weekly table the owner fills in; the visitor's words are shown beside it instead.
    const prefill = field && field !== "openingHours" ? { [field]: suggestion.value } : {};
    return { suggestion: view((await this.deps.repository.get(id))!), prefill };
  }

  /** Its owners or an administrator set the suggestion aside. */
  async dismiss(viewer: CurrentUser | null, id: string): Promise<Suggestion> {
    const user = requireUser(viewer);
    const suggestion = await this.concerning(user, id, "owner or admin");
    await this.decide(suggestion, "dismissed", user);
    return view((await this.deps.repository.get(id))!);
  }

  /** An administrator approves it: a phone number or website is applied to the listing; the other kinds are for them to act on. */
  async approve(viewer: CurrentUser | null, id: string): Promise<Suggestion> {
    const admin = requireRole(viewer, "admin");
    const suggestion = await this.concerning(admin, id, "admin");
    if (suggestion.status !== "pending") throw Conflict(listingMessages.notPending);
    if (suggestion.kind === "phone" || suggestion.kind === "website") await this.deps.applyToListing(admin, suggestion.businessId, suggestion.kind, suggestion.value);
    await this.decide(suggestion, "approved", admin);
    return view((await this.deps.repository.get(id))!);
  }

  /** The suggestion, when the person may decide on it; NotFound for one they may not see. */
  private async concerning(user: CurrentUser, id: string, who: "owner" | "admin" | "owner or admin"): Promise<StoredSuggestion> {
    const suggestion = await this.deps.repository.get(id);
    if (!suggestion) throw NotFound("Suggestion not found.");
    const owner = await this.deps.isOwner(user.id, suggestion.businessId);
    const allowed = who === "admin" ? user.role === "admin" : who === "owner" ? owner : owner || user.role === "admin";
    if (!allowed) throw owner || user.role === "admin" ? Forbidden() : NotFound("Suggestion not found.");
    return suggestion;
  }

  private async decide(suggestion: StoredSuggestion, status: "approved" | "dismissed" | "accepted", user: CurrentUser): Promise<void> {
    if (!(await this.deps.repository.decide(suggestion.id, status, user.id))) throw Conflict(listingMessages.notPending);
  }
}
