// Hits are counted in memory and added to the daily counters in one transaction at most once a second
// (docs/decisions/0030), so a page view costs no database write of its own. A visitor is known only by a hash of
// their address, user agent and the site under a salt that lives in memory and changes every day: their repeated
// views of a page within 30 minutes count once, and nothing that identifies them is ever stored.
import { createHash, randomBytes } from "node:crypto";
import { LRUCache } from "lru-cache";
import { VIEW_KINDS, type HitKind, type PageEvent } from "#shared/schemas/insights.ts";
import { normalizeQuery } from "#shared/insights-query.ts";
import type { InsightRepository, CountRow, MissedRow, SearchRow } from "./insight.repository.ts";

const REPEAT_WINDOW_MS = 30 * 60_000;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const FLUSH_EVERY_MS = 1000;
/** Keys waiting for a write at most; beyond them a flood is dropped rather than held. */
const MAX_PENDING = 100_000;
const SEP = "\u0000";

export interface Visitor {
  address: string;
  userAgent: string;
  site: string;
}

export interface InsightCounterOptions {
  repository: InsightRepository;
  /** The site's time zone: days are counted on its clock. */
  timeZone: () => Promise<string>;
  now?: () => number;
  onError?: (error: unknown) => void;
}

export class InsightCounter {
  private readonly options: InsightCounterOptions;
  private counts = new Map<string, number>();
  private searches = new Map<string, number>();
  /** Searches that found nothing, per day and words. */
  private missed = new Map<string, number>();
  /** When each visitor hash last had a view counted, per page; the oldest are forgotten first. */
  private readonly seen = new LRUCache<string, number>({ max: 200_000 });
  private salt = randomBytes(16);
  private saltDay = -1;
  /** The day on the site's clock of the minute last asked for: every zone's days begin on a whole minute. */
  private dayMinute = -1;
  private day = "";
  private zone = "UTC";
  private dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: "UTC" });
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<number> | undefined;
  /** Database writes (transactions) so far: what the bench and tests watch. */
  writes = 0;

  constructor(options: InsightCounterOptions) {
    this.options = options;
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** Today on the site's clock, as YYYY-MM-DD. */
  private today(): string {
    const minute = Math.floor(this.now() / MINUTE_MS);
    if (minute !== this.dayMinute) {
      this.day = this.dayFormat.format(minute * MINUTE_MS);
      this.dayMinute = minute;
    }
    return this.day;
  }

  /** The visitor's hash under today's salt; a new day brings a new salt and forgets who was seen. */
  private visitorHash(visitor: Visitor): string {
    const day = Math.floor(this.now() / DAY_MS);
    if (day !== this.saltDay) {
      this.salt = randomBytes(16);
      this.saltDay = day;
      this.seen.clear();
    }
    return createHash("sha256").update(this.salt).update(`${visitor.address}\n${visitor.userAgent}\n${visitor.site}`).digest("base64url").slice(0, 22);
  }

  /**
   * Counts a page's events in memory; views the visitor already had within 30 minutes are left out, and so are words
   * they searched for and found nothing earlier the same day.
   */
  record(events: readonly PageEvent[], visitor: Visitor): void {
    const day = this.today();
    let hash: string | undefined;
    for (const hit of events) {
      if (hit.kind === "no-results") {
        const query = normalizeQuery(hit.query);
        if (!query) continue;
        hash ??= this.visitorHash(visitor);
        const key = `${hash}${SEP}no-results${SEP}${query}`;
        if (this.seen.has(key)) continue;
        this.seen.set(key, this.now());
        this.add(this.missed, `${day}${SEP}${query}`);
        continue;
      }
      const ids = Array.isArray(hit.id) ? [...new Set(hit.id)] : [hit.id];
      if (VIEW_KINDS.includes(hit.kind)) {
        hash ??= this.visitorHash(visitor);
        const key = `${hash}${SEP}${hit.kind}${SEP}${ids[0]}`;
        const counted = this.seen.get(key);
        if (counted !== undefined && this.now() - counted < REPEAT_WINDOW_MS) continue;
        this.seen.set(key, this.now());
        this.add(this.counts, `${ids[0]}${SEP}${day}${SEP}${hit.kind}`);
        continue;
      }
      const query = hit.kind === "search" && hit.query ? normalizeQuery(hit.query) : "";
      for (const id of ids) {
        this.add(this.counts, `${id}${SEP}${day}${SEP}${hit.kind}`);
        if (query) this.add(this.searches, `${id}${SEP}${day}${SEP}${query}`);
      }
    }
  }

  private add(map: Map<string, number>, key: string): void {
    const count = map.get(key);
    if (count !== undefined) map.set(key, count + 1);
    else if (map.size < MAX_PENDING) map.set(key, 1);
  }

  /** Counts not written yet. */
  get pending(): number {
    return this.counts.size + this.searches.size + this.missed.size;
  }

  /** Adds what was counted to the database in one transaction; answers how many rows it touched. */
  flush(): Promise<number> {
    this.flushing ??= this.write().finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  private async write(): Promise<number> {
    await this.refreshZone();
    if (this.pending === 0) return 0;
    const counts = this.counts;
    const searches = this.searches;
    const missed = this.missed;
    this.counts = new Map();
    this.searches = new Map();
    this.missed = new Map();
    const countRows: CountRow[] = [...counts].map(([key, count]) => {
      const [subjectId, day, kind] = key.split(SEP) as [string, string, HitKind];
      return { subjectId, day, kind, count };
    });
    const searchRows: SearchRow[] = [...searches].map(([key, count]) => {
      const [businessId, day, query] = key.split(SEP) as [string, string, string];
      return { businessId, day, query, count };
    });
    const missedRows: MissedRow[] = [...missed].map(([key, count]) => {
      const [day, query] = key.split(SEP) as [string, string];
      return { day, query, count };
    });
    try {
      const written = await this.options.repository.add(countRows, searchRows, missedRows);
      this.writes++;
      return written;
    } catch (error) {
      // The transaction wrote nothing: its counts wait for the next write.
      for (const [key, count] of counts) this.counts.set(key, (this.counts.get(key) ?? 0) + count);
      for (const [key, count] of searches) this.searches.set(key, (this.searches.get(key) ?? 0) + count);
      for (const [key, count] of missed) this.missed.set(key, (this.missed.get(key) ?? 0) + count);
      throw error;
    }
  }

  private zoneRead: Promise<void> | undefined;
  /** Reads the site's time zone once, before the first hit is given a day. */
  prepare(): Promise<void> {
    return (this.zoneRead ??= this.refreshZone());
  }

  private async refreshZone(): Promise<void> {
    try {
      const zone = await this.options.timeZone();
      if (zone !== this.zone) {
        this.dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: zone });
        this.zone = zone;
        this.dayMinute = -1;
      }
    } catch (error) {
      this.options.onError?.(error);
    }
  }

  /** Writes once a second while there is something to write. */
  start(): void {
    void this.refreshZone();
    this.timer ??= setInterval(() => {
      if (this.pending > 0 && !this.flushing) this.flush().catch((error: unknown) => this.options.onError?.(error));
    }, FLUSH_EVERY_MS);
    this.timer.unref();
  }

  /** Stops the timer and writes what is left. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flushing?.catch(() => undefined);
    await this.flush();
  }
}
