import { pino, type Logger } from "pino";

export type { Logger };

/** Lines are gathered until there are this many characters of them, or for at most `WRITTEN_WITHIN_MS`. */
const BATCH_LENGTH = 4096;
const WRITTEN_WITHIN_MS = 100;

/** A pino destination that writes a line at once, or gathers it to be written with others. */
interface GatheringStream {
  write(line: string): void;
  gather(line: string): void;
  flush(callback?: (error?: Error) => void): void;
}

/** What each logger still has gathered, written out when the process exits. */
const gathered = new Set<() => void>();
let writesOutOnExit = false;

// Lines are written to standard output asynchronously, never holding a request up. The request lines of kept
// responses (the most frequent by far) are gathered in batches: one write for dozens of them under load, each out
// within a tenth of a second. Every other line goes out at once, after what is gathered, so a warning, an error or
// the setup link shows as it happens, in order. What is still gathered is written out when the process exits.
export function createLogger(level: string): Logger {
  const destination = pino.destination({ dest: 1, sync: false });
  let lines: string[] = [];
  let length = 0;
  let timer: NodeJS.Timeout | undefined;
  const writeOut = () => {
    clearTimeout(timer);
    timer = undefined;
    if (lines.length === 0) return;
    const batch = lines.join("");
    lines = [];
    length = 0;
    destination.write(batch);
  };
  // At exit, pino's own handler may have flushed the destination already: it is flushed again, at once.
  gathered.add(() => {
    writeOut();
    try {
      destination.flushSync();
    } catch {
      // Closed already, or never opened: nothing to write to.
    }
  });
  if (!writesOutOnExit) {
    writesOutOnExit = true;
    process.once("exit", () => {
      for (const write of gathered) write();
    });
  }
  const stream: GatheringStream = {
    write(line: string) {
      lines.push(line);
      writeOut();
    },
    gather(line: string) {
      lines.push(line);
      length += line.length;
      if (length >= BATCH_LENGTH) writeOut();
      else timer ??= setTimeout(writeOut, WRITTEN_WITHIN_MS).unref();
    },
    flush(callback?: (error?: Error) => void) {
      writeOut();
      destination.flush(callback);
    },
  };
  return pino({ level, timestamp: isoTime, base: { service: "niche" } }, stream);
}

// pino's isoTime, made once per millisecond: under load many lines share one.
let lastMs = 0;
let lastTime = "";
function isoTime(): string {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    lastTime = `,"time":"${new Date(now).toISOString()}"`;
  }
  return lastTime;
}

export type RequestLine = { requestId: string; method: string; path: string; status: number; ms: number };

/**
 * The "request" line, as `logger.info(fields, "request")` (or `logger.debug`) writes it, put together directly: for the
 * responses the server answers most (kept anonymous pages and reads), pino's general-purpose serializing was most of
 * the work left. It uses pino's own time, bindings and destination (`pino.symbols`), and falls back to pino's method.
 */
export function requestLogger(logger: Logger, level: "info" | "debug" = "info"): (line: RequestLine) => void {
  const internals = logger as unknown as Record<symbol, unknown>;
  const destination = internals[pino.symbols.streamSym] as Partial<GatheringStream> | undefined;
  // Gathered into batches where the logger's destination can (see createLogger), else written.
  const stream = destination && { write: (destination.gather ?? destination.write)?.bind(destination) };
  const time = internals[pino.symbols.timeSym];
  if (typeof stream?.write !== "function" || typeof time !== "function" || typeof internals[pino.symbols.chindingsSym] !== "string") {
    return (line) => logger[level](line, "request");
  }
  const value = logger.levels.values[level];
  return ({ requestId, method, path, status, ms }) => {
    if (!logger.isLevelEnabled(level)) return;
    stream.write!(
      `{"level":${value}${(time as () => string).call(logger)}${internals[pino.symbols.chindingsSym] as string},"requestId":${JSON.stringify(requestId)},` +
        `"method":${JSON.stringify(method)},"path":${JSON.stringify(path)},"status":${status},"ms":${ms},"msg":"request"}\n`,
    );
  };
}

/** How often the requests answered before the app are counted in the log. */
const ANSWERED_EVERY_MS = 60_000;

/**
 * The log of the requests Node's server answers before the app (kept responses, the build's files): by far the most
 * frequent, and each cheaper than its own log line, which took a fifth of the server's time for a small read. Each
 * gets its "request" line at debug; at info, a line counts them, at most once a minute.
 */
export function answeredLogger(logger: Logger, everyMs = ANSWERED_EVERY_MS): (line: RequestLine) => void {
  const each = requestLogger(logger, "debug");
  let count = 0;
  let timer: NodeJS.Timeout | undefined;
  const report = () => {
    timer = undefined;
    logger.info({ requests: count, seconds: everyMs / 1000 }, "requests answered from the cache and the build's files");
    count = 0;
  };
  return (line) => {
    each(line);
    count++;
    timer ??= setTimeout(report, everyMs).unref();
  };
}
