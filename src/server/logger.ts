import { pino, type Logger } from "pino";

export type { Logger };

// Lines are written to standard output asynchronously (several at a time under load, never holding a request up),
// and what is still buffered is written out when the process exits.
export function createLogger(level: string): Logger {
  return pino(
    { level, timestamp: isoTime, base: { service: "niche" } },
    pino.destination({ dest: 1, sync: false }),
  );
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
