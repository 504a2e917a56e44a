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
