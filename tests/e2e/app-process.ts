// A server of a journey's own: the production server (or a script that starts it) as a child process, on its own
// port, data and settings, beside the shared servers of playwright.config.ts. Stopped through its own handle only.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

/** The journeys' auth secret: long enough for better-auth. */
export const E2E_AUTH_SECRET = "e2e-secret-that-is-long-enough-for-better-auth";

/** What most of these servers run with: production, the demo content, warnings logged, the journeys' secret. */
export const SERVER_ENV = { DEMO_CONTENT: "true", NODE_ENV: "production", LOG_LEVEL: "warn", AUTH_SECRET: E2E_AUTH_SECRET };

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface AppProcessOptions {
  /** What a failed start says did not start, e.g. "the first-run server". */
  name?: string;
  /** The script run with this Node; the production server by default. */
  script?: string;
  /** PORT; a free one when absent. */
  port?: number;
  /** DATA_DIR, the server's own: emptied before the start, removed by `stop` unless `keepDataDir`. */
  dataDir?: string;
  keepDataDir?: boolean;
  /** Settings over this process's environment, PORT and DATA_DIR; a setting given as undefined is left out. */
  env: Record<string, string | undefined>;
  /** What `output()` keeps: stdout and stderr ("all", the default), stdout alone (stderr dropped), or nothing. */
  output?: "all" | "stdout" | "none";
  /** Started once /healthz at that host answers OK, or once the output holds `logged`. */
  ready: { healthz: "localhost" | "127.0.0.1" } | { logged: string };
  /** How long to wait for that: a time, or a number of tries 200 ms apart. A server that exits stops the wait. */
  wait: { ms: number } | { tries: number };
  /** Not started in time: stop it and throw with its output (the default), or go on and let the journeys fail. */
  ifNotReady?: "throw" | "go on";
}

export interface AppProcess {
  port: number;
  /** http://localhost:<port> */
  url: string;
  /** The whole environment the server runs with. */
  env: NodeJS.ProcessEnv;
  /** What it has written so far (as `output` says), across restarts. */
  output(): string;
  /** Stops it and starts it again on the same port, settings and data, waiting as at the start. */
  restart(): Promise<void>;
  /** Sends SIGTERM, waits for the exit, then removes the data directory unless kept. Safe to call again. */
  stop(): Promise<void>;
}

/** Starts the server and waits until it is up (see `ready` and `wait`). */
export async function startAppProcess(options: AppProcessOptions): Promise<AppProcess> {
  const port = options.port ?? (await freePort());
  const { dataDir } = options;
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  const env = { ...process.env, PORT: String(port), ...(dataDir ? { DATA_DIR: dataDir } : {}), ...options.env };
  const url = `http://localhost:${port}`;
  const capture = options.output ?? "all";
  let output = "";
  let launchedAt = 0;
  let child: ChildProcess;
  let exited: Promise<unknown>;

  const launch = () => {
    launchedAt = output.length;
    child = spawn(process.execPath, [options.script ?? "src/server/index.ts"], {
      env,
      stdio: capture === "none" ? "ignore" : ["ignore", "pipe", capture === "all" ? "pipe" : "ignore"],
    });
    exited = new Promise((resolve) => child.once("exit", resolve));
    for (const stream of [child.stdout, child.stderr]) stream?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  };
  const running = () => child.exitCode === null && child.signalCode === null;
  const halt = async () => {
    if (running()) child.kill("SIGTERM");
    await exited;
  };
  const stop = async () => {
    await halt();
    if (dataDir && !options.keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const isUp = async () => {
    // Only what this run wrote: after a restart, the line of the run before does not count.
    if ("logged" in options.ready) return output.slice(launchedAt).includes(options.ready.logged);
    return fetch(`http://${options.ready.healthz}:${port}/healthz`).then((r) => r.ok, () => false);
  };
  const untilReady = async () => {
    const deadline = "ms" in options.wait ? Date.now() + options.wait.ms : Infinity;
    const tries = "tries" in options.wait ? options.wait.tries : Infinity;
    for (let tried = 0; tried < tries; tried++) {
      if (await isUp()) return;
      if (!running() || Date.now() > deadline) break;
      await sleep(200);
    }
    if (options.ifNotReady === "go on") return;
    await stop();
    throw new Error(`${options.name ?? "the server"} did not start${capture === "none" ? "" : `:\n${output}`}`);
  };

  launch();
  await untilReady();
  return {
    port,
    url,
    env,
    output: () => output,
    restart: async () => {
      await halt();
      launch();
      await untilReady();
    },
    stop,
  };
}
