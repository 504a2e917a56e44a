import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import manifest from "#package.json" with { type: "json" };

const checkFile = "src/server/check-node.js";
const floor = manifest.engines.node.replace(/^>=\s*/, "");
// The system Node of Debian machines is often older than the floor; it is what a newcomer runs first.
const oldNode = "/usr/bin/node";
const oldVersion = fs.existsSync(oldNode) ? spawnSync(oldNode, ["-p", "process.versions.node"], { encoding: "utf8" }).stdout.trim() : "";
const isOlder = oldVersion !== "" && Number(oldVersion.split(".")[0]) < Number(floor.split(".")[0]);

describe("the Node version check run before the server", () => {
  it("lets the running Node through silently", () => {
    const result = spawnSync(process.execPath, [checkFile], { encoding: "utf8" });
    expect(result.status).toBe(0);
    expect(result.stdout + result.stderr).toBe("");
  });

  it.skipIf(!isOlder)(`stops an older Node (${oldNode} ${oldVersion}) with one line naming both versions`, () => {
    const result = spawnSync(oldNode, [checkFile], { encoding: "utf8" });
    expect(result.status).not.toBe(0);
    expect(result.stdout).toBe("");
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`Node.js ${floor}`);
    expect(lines[0]).toContain(`Node.js ${oldVersion}`);
  });
});
