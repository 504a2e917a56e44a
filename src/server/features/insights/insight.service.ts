// Counting what visitors' pages send, and an owner's reading of what their listing brought. Counting keeps to
// docs/decisions/0030: bots, Global Privacy Control, Do Not Track and requests that no page of the site sent are
// answered like the rest but not counted.
import { isbot } from "isbot";
import { LRUCache } from "lru-cache";
import { requireUser, type CurrentUser } from "#server/auth/session.ts";
import { NotFound, Validation } from "#server/errors.ts";
import { invalidInput } from "#server/validation.ts";
import { HIT_KINDS, HitsSchema, insightMessages, InsightsQuerySchema, type Insights, type PageEvent } from "#shared/schemas/insights.ts";
import type { InsightCounter, Visitor } from "./insight-counter.ts";
import type { InsightRepository } from "./insight.repository.ts";

/** What the request says of where it came from; the address is used for the in-memory hash only. */
export interface HitRequest extends Visitor {
  /** `Sec-Fetch-Site`: a beacon a page of the site sends says "same-origin". */
  fetchSite: string | undefined;
  gpc: string | undefined;
  dnt: string | undefined;
}

export interface InsightServiceOptions {
  repository: InsightRepository;
  counter: InsightCounter;
  /** Refuses anyone but the business's owners and administrators. */
  requireOwnerOrAdmin: (user: CurrentUser, businessId: string) => Promise<void>;
  businessExists: (businessId: string) => Promise<boolean>;
  timeZone: () => Promise<string>;
  now?: () => Date;
}

const DAY_MS = 86_400_000;
const MAX_DAYS = 400;

function dayNumber(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / DAY_MS;
}
function dayOf(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

/** isbot's answer per user agent: a site's visitors bring few of them, and each is one long regular expression's run. */
const botAnswers = new LRUCache<string, boolean>({ max: 2000 });
function isBot(userAgent: string): boolean {
  let answer = botAnswers.get(userAgent);
  if (answer === undefined) botAnswers.set(userAgent, (answer = isbot(userAgent)));
  return answer;
}

/** Why a hit is not counted, or null when it is. */
export function notCounted(request: HitRequest): string | null {
  if (request.gpc === "1") return "global privacy control";
  if (request.dnt === "1") return "do not track";
  if (!request.userAgent || isBot(request.userAgent)) return "bot";
  if (request.fetchSite !== "same-origin") return "not sent by a page of the site";
  return null;
}

export class InsightService {
  private readonly options: InsightServiceOptions;
  constructor(options: InsightServiceOptions) {
    this.options = options;
  }

  /** A beacon's events, or a validation error naming them. */
  events(body: unknown): PageEvent[] {
    const parsed = HitsSchema.safeParse(body);
    if (!parsed.success) throw Validation(insightMessages.badHits, { events: insightMessages.badHits });
    return parsed.data.events;
  }

  /** Counts a page's events, in memory; answers whether they were counted. */
  count(body: unknown, request: HitRequest): Promise<boolean> {
    return this.record(this.events(body), request);
  }

  /** Counts events already read, unless the request is not to be counted. */
  async record(events: readonly PageEvent[], request: HitRequest): Promise<boolean> {
    if (notCounted(request)) return false;
    await this.options.counter.prepare();
    this.options.counter.record(events, request);
    return true;
  }

  private async today(): Promise<string> {
    const zone = await this.options.timeZone();
    return new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(this.options.now?.() ?? new Date());
  }

  /** A period's figures of the business, each against the period of the same length before it. */
  async insights(viewer: CurrentUser | null, businessId: string, query: { from?: string | undefined; to?: string | undefined; days?: string | undefined }): Promise<Insights> {
    const user = requireUser(viewer);
    await this.options.requireOwnerOrAdmin(user, businessId);
    const parsed = InsightsQuerySchema.safeParse(query);
    if (!parsed.success) throw invalidInput(parsed.error.issues, insightMessages.badDate);
    if (!(await this.options.businessExists(businessId))) throw NotFound("Business not found.");
    const to = parsed.data.to ?? (await this.today());
    const from = parsed.data.from ?? dayOf(dayNumber(to) - (parsed.data.days ?? 30) + 1);
    const length = dayNumber(to) - dayNumber(from) + 1;
    if (length < 1 || length > MAX_DAYS) throw Validation(insightMessages.badRange, { from: insightMessages.badRange });
    return this.figures(businessId, from, to);
  }

  /** The figures of a business between two days (both included); the monthly report reads them too. */
  async figures(businessId: string, from: string, to: string): Promise<Insights> {
    const { repository } = this.options;
    const length = dayNumber(to) - dayNumber(from) + 1;
    const previousTo = dayOf(dayNumber(from) - 1);
    const previousFrom = dayOf(dayNumber(from) - length);
    const days = Array.from({ length }, (_, i) => dayOf(dayNumber(from) + i));
    const items = await repository.items(businessId);
    const rows = await repository.dailyCounts([businessId, ...items.map((i) => i.id)], previousFrom, to);
    const series: Record<string, number[]> = {};
    const total = new Map<string, number>();
    const previous = new Map<string, number>();
    const itemViews = new Map<string, { now: number; before: number }>();
    for (const row of rows) {
      const current = row.day >= from;
      if (row.subjectId !== businessId) {
        const views = itemViews.get(row.subjectId) ?? { now: 0, before: 0 };
        if (current) views.now += row.count;
        else views.before += row.count;
        itemViews.set(row.subjectId, views);
      }
      const kind = row.kind;
      const figures = current ? total : previous;
      figures.set(kind, (figures.get(kind) ?? 0) + row.count);
      if (current) {
        const line = (series[kind] ??= days.map(() => 0));
        line[dayNumber(row.day) - dayNumber(from)]! += row.count;
      }
    }
    return {
      businessId,
      from,
      to,
      previousFrom,
      previousTo,
      days,
      series,
      totals: HIT_KINDS.map((kind) => ({ kind, total: total.get(kind) ?? 0, previous: previous.get(kind) ?? 0 })),
      searchWords: await repository.topSearches(businessId, from, to),
      items: items.map((item) => ({ ...item, views: itemViews.get(item.id)?.now ?? 0, previous: itemViews.get(item.id)?.before ?? 0 })),
    };
  }
}
