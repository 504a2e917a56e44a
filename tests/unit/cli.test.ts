// The command-line tools refuse what they cannot do with one line saying why, and leave nothing behind.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

function run(script: string, args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, [`src/server/cli/${script}`, ...args], { env: { ...process.env, ...env }, encoding: "utf8", timeout: 30_000 });
  return { status: result.status, stderr: result.stderr };
}

describe("command-line tools", () => {
  it("user:create refuses a blank display name in words", () => {
    const data = fs.mkdtempSync(path.join(os.tmpdir(), "niche-cli-"));
    const { status, stderr } = run("user-create.ts", ["--email", "a@example.com", "--password", "Correct-Horse-42-Battery", "--role", "user", "--name", "   "], { DATA_DIR: data, DATABASE_URL: "" });
    expect(status).toBe(2);
    expect(stderr).toContain("--name must not be empty");
    fs.rmSync(data, { recursive: true, force: true });
  });

  it("backup without a site at DATA_DIR says so and makes no directory", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "niche-cli-"));
    const out = path.join(root, "backup");
    const { status, stderr } = run("backup.ts", ["--out", out], { DATA_DIR: path.join(root, "missing"), DATABASE_URL: "" });
    expect(status).toBe(2);
    expect(stderr).toContain(`There is no site at ${path.join(root, "missing")}`);
    expect(fs.existsSync(out)).toBe(false);
    fs.rmSync(root, { recursive: true, force: true });
  });
});
