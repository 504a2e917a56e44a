import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const loggerModule = fileURLToPath(new URL("./logger.ts", import.meta.url));

/** Runs a script with the logger in a Node process of its own, collecting its standard output as it comes. */
function run(script: string) {
  const child = spawn(process.execPath, ["--input-type=module", "-e", `import { answeredLogger, createLogger, requestLogger } from ${JSON.stringify(loggerModule)};\n${script}`], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  const lines = () => output.split("\n").filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
  return { child, lines, exited };
}

const until = async (check: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 10));
  return check();
};

describe("the log", () => {
  it("writes a line out while the process goes on, within a moment, though lines are gathered in batches", async () => {
    const { child, lines, exited } = run(`
      const logger = createLogger("info");
      logger.warn({ path: "/x" }, "something to see");
      requestLogger(logger)({ requestId: "r-1", method: "GET", path: "/events", status: 200, ms: 1.5 });
      setTimeout(() => {}, 5000);
    `);
    try {
      expect(await until(() => lines().length === 2, 3000)).toBe(true);
      expect(lines()).toEqual([
        expect.objectContaining({ level: 40, msg: "something to see", path: "/x", service: "niche" }),
        expect.objectContaining({ level: 30, msg: "request", requestId: "r-1", method: "GET", path: "/events", status: 200, ms: 1.5 }),
      ]);
      expect(child.exitCode).toBeNull();
    } finally {
      child.kill();
      await exited;
    }
  });

  it("writes any other line out at once, after the request lines gathered before it", async () => {
    const { child, lines, exited } = run(`
      const logger = createLogger("info");
      const log = requestLogger(logger);
      log({ requestId: "r-1", method: "GET", path: "/a", status: 200, ms: 1 });
      log({ requestId: "r-2", method: "GET", path: "/b", status: 200, ms: 1 });
      logger.warn("a warning");
      log({ requestId: "r-3", method: "GET", path: "/c", status: 200, ms: 1 });
      setTimeout(() => {}, 5000);
    `);
    try {
      expect(await until(() => lines().length === 4, 3000)).toBe(true);
      expect(lines().map((line) => line.requestId ?? line.msg)).toEqual(["r-1", "r-2", "a warning", "r-3"]);
    } finally {
      child.kill();
      await exited;
    }
  });

  it("counts the requests answered before the app at info, and gives each a line of its own at debug", async () => {
    const answered = (level: string) =>
      run(`
        const logger = createLogger(${JSON.stringify(level)});
        const log = answeredLogger(logger, 300);
        for (const path of ["/a", "/b", "/c"]) log({ requestId: "r" + path, method: "GET", path, status: 200, ms: 0.2 });
        setTimeout(() => log({ requestId: "r-later", method: "GET", path: "/d", status: 304, ms: 0.1 }), 600);
        setTimeout(() => {}, 5000);
      `);
    const counted = (written: Record<string, unknown>[]) => written.filter((line) => line.msg === "requests answered from the cache and the build's files");

    const info = answered("info");
    try {
      expect(await until(() => counted(info.lines()).length === 2, 3000)).toBe(true);
      expect(counted(info.lines())).toEqual([
        expect.objectContaining({ level: 30, requests: 3, seconds: 0.3 }),
        expect.objectContaining({ level: 30, requests: 1, seconds: 0.3 }),
      ]);
      expect(info.lines().filter((line) => line.msg === "request")).toEqual([]);
    } finally {
      info.child.kill();
      await info.exited;
    }

    const debug = answered("debug");
    try {
      expect(await until(() => counted(debug.lines()).length === 2, 3000)).toBe(true);
      expect(debug.lines().filter((line) => line.msg === "request")).toEqual(
        ["/a", "/b", "/c", "/d"].map((path) => expect.objectContaining({ level: 20, requestId: path === "/d" ? "r-later" : `r${path}`, path })),
      );
    } finally {
      debug.child.kill();
      await debug.exited;
    }
  });

  it("writes out every line gathered when the process exits", async () => {
    const { lines, exited } = run(`
      const logger = createLogger("info");
      const log = requestLogger(logger);
      for (let i = 0; i < 3000; i++) log({ requestId: "r-" + i, method: "GET", path: "/", status: 200, ms: 0.1 });
      logger.info("last");
      process.exit(0);
    `);
    expect(await exited).toBe(0);
    const written = lines();
    expect(written).toHaveLength(3001);
    expect(written.at(-1)).toMatchObject({ msg: "last" });
    expect(written[2999]).toMatchObject({ requestId: "r-2999" });
  });
});
