import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Logger } from "../logger.ts";
import { createMailer } from "./mailer.ts";

const logger = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} } as unknown as Logger;
const message = { to: "owner@niche.test", subject: "Your request", text: "Approved.", html: "<p>Approved.</p>" };

async function outbox() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "niche-outbox-"));
  return { dir, mailer: createMailer({ from: "Niche <no-reply@niche.test>", outboxDir: dir, logger }) };
}

describe("the outbox", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("holds each message whole under its final name, and nothing else", async () => {
    const { dir, mailer } = await outbox();
    await mailer.send(message);
    const files = await fs.readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    expect(await fs.readFile(path.join(dir, files[0]!), "utf8")).toContain("Approved.");
  });

  it("never shows a message under its final name before it is written whole", async () => {
    const { dir, mailer } = await outbox();
    // The process dies while the file is written: the file exists, its content does not.
    const write = fs.writeFile.bind(fs);
    vi.spyOn(fs, "writeFile").mockImplementation(async (file) => {
      await write(file as string, "");
      throw new Error("killed while writing");
    });
    await expect(mailer.send(message)).rejects.toThrow("killed while writing");
    expect((await fs.readdir(dir)).filter((name) => name.endsWith(".eml"))).toEqual([]);
  });
});
