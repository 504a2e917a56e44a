// The background job that finds coordinates for imported rows without them, one address at a time through the cached
// geocoder (whose rate limit it respects). Its queue is the rows themselves, so a run taken over after a restart, on
// this instance or another, resumes where the last one stopped. It runs as the job "import-geocoding" (src/server/jobs).
import type { GeocodeResult } from "#server/geo-providers/geo-types.ts";
import type { JobOutcome } from "#server/jobs/jobs.ts";
import type { GeocodeQueue } from "./import.service.ts";
import type { ImportRepository } from "./import.repository.ts";

export const IMPORT_GEOCODING_JOB = "import-geocoding";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class ImportGeocoder implements GeocodeQueue {
  private readonly repository: ImportRepository;
  private readonly geo: { lookup(address: string): Promise<GeocodeResult | null> };
  private readonly onError: (error: unknown) => void;
  private readonly runJob: () => Promise<unknown>;
  private started = false;
  private running: Promise<void> | undefined;
  private again = false;

  /** `runJob` runs the job through the job mechanism, which then calls `work`. */
  constructor(repository: ImportRepository, geo: ImportGeocoder["geo"], runJob: () => Promise<unknown>, onError: (error: unknown) => void = () => {}) {
    this.repository = repository;
    this.geo = geo;
    this.runJob = runJob;
    this.onError = onError;
  }

  /** Starts working through the waiting rows, and keeps doing so whenever woken. */
  start(): void {
    this.started = true;
    this.wake();
  }

  wake(): void {
    if (!this.started) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.runJob()
      .then(() => undefined, this.onError)
      .finally(() => {
        this.running = undefined;
        if (this.again && this.started) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Resolves once no row is waiting (or the job was stopped). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.started = false;
    await this.running;
  }

  /** The job's work: every waiting row, until none is left or the instance stops. */
  async work(signal: AbortSignal): Promise<JobOutcome> {
    try {
      while (this.started && !signal.aborted) {
        const next = await this.repository.nextPendingGeocode();
        if (!next) return;
        const address = next.cells.address ?? "";
        let result: GeocodeResult | null = null;
        let unavailable = false;
        try {
          result = address ? await this.geo.lookup(address) : null;
        } catch (error) {
          // Another caller holds the geocoder's turn: wait for the next.
          if ((error as { status?: number }).status === 429) {
            await sleep(1000);
            continue;
          }
          // The service is down or refused: not an address it could not find, and said so beside the row.
          unavailable = true;
          this.onError(error);
        }
        // Six decimals place a door to within a metre; more only looks like precision.
        const round = (value: number) => String(Number(value.toFixed(6)));
        const cells = result ? { ...next.cells, latitude: round(result.lat), longitude: round(result.lng) } : next.cells;
        await this.repository.finishGeocode(next.importId, next.line, next.cells, cells, result ? "done" : unavailable ? "unavailable" : "failed");
      }
      return "unfinished";
    } catch (error) {
      // The database went away (shutting down) or failed: the rows stay pending for the next run.
      this.onError(error);
      return "unfinished";
    }
  }
}
