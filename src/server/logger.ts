import { pino, type Logger } from "pino";

export type { Logger };

/** Lines are gathered until there are this many bytes of them, or for at most `WRITTEN_WITHIN_MS`. */
const BATCH_BYTES = 4096;
const WRITTEN_WITHIN_MS = 100;

// Lines are written to standard output asynchronously, gathered in batches (one write for dozens of lines under
// load, each line out within a tenth of a second), never holding a request up; what is still gathered is written
// out when the process exits (pino's destination does so).
export function createLogger(level: string): Logger {
  const destination = pino.destination({ dest: 1, sync: false, minLength: BATCH_BYTES });
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    try {
      destination.flush();
    } catch {
      // Closed already (the process is ending): what was gathered has been written out.
    }
  };
  const stream = {
    write(line: string) {
      destination.write(line);
      timer ??= setTimeout(flush, WRITTEN_WITHIN_MS).unref();
    },
    flush: (callback?: (error?: Error) => void) => destination.flush(callback),
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
 * The "request" line, as `logger.info(fields, "request")` writes it, put together directly: for the responses the
 * server answers most (kept anonymous pages and reads), pino's general-purpose serializing was most of the work
 * left. It uses pino's own time, bindings and destination (`pino.symbols`), and falls back to `logger.info`.
 */
export function requestLogger(logger: Logger): (line: RequestLine) => void {
  const internals = logger as unknown as Record<symbol, unknown>;
  const stream = internals[pino.symbols.streamSym] as { write?: (line: string) => void } | undefined;
  const time = internals[pino.symbols.timeSym];
  if (typeof stream?.write !== "function" || typeof time !== "function" || typeof internals[pino.symbols.chindingsSym] !== "string") {
    return (line) => logger.info(line, "request");
  }
  const level = logger.levels.values.info;
  return ({ requestId, method, path, status, ms }) => {
    if (!logger.isLevelEnabled("info")) return;
    stream.write!(
      `{"level":${level}${(time as () => string).call(logger)}${internals[pino.symbols.chindingsSym] as string},"requestId":${JSON.stringify(requestId)},` +
        `"method":${JSON.stringify(method)},"path":${JSON.stringify(path)},"status":${status},"ms":${ms},"msg":"request"}\n`,
    );
  };
}
