import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Logger } from "../logger.ts";
import { createMailer, pooledSmtpUrl, SMTP_MAX_CONNECTIONS } from "./mailer.ts";
import { startSmtpReceiver } from "#tests/setup/smtp-receiver.ts";

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

describe("SMTP connections", () => {
  it("are pooled unless SMTP_URL says otherwise", () => {
    expect(pooledSmtpUrl("smtps://user:p%40ss@mail.example.org:465")).toBe(`smtps://user:p%40ss@mail.example.org:465?pool=true&maxConnections=${SMTP_MAX_CONNECTIONS}`);
    expect(pooledSmtpUrl("smtp://mail.example.org:587?maxConnections=8")).toBe("smtp://mail.example.org:587?maxConnections=8&pool=true");
    expect(pooledSmtpUrl("smtp://mail.example.org:587?pool=false")).toBe("smtp://mail.example.org:587?pool=false");
  });

  it("carry many messages over one connection, and close at shutdown", async () => {
    const receiver = await startSmtpReceiver({ closeTimeoutMs: 5000 });
    const mailer = createMailer({ smtpUrl: receiver.url, from: "Niche <no-reply@niche.test>", outboxDir: "/nonexistent", logger });
    for (const to of ["a@niche.test", "b@niche.test", "c@niche.test"]) await mailer.send({ ...message, to });
    expect(receiver.inbox.map((m) => m.to[0])).toEqual(["a@niche.test", "b@niche.test", "c@niche.test"]);
    expect(receiver.connections).toBe(1);
    mailer.close?.();
    const closed = Date.now();
    await receiver.close();
    // Nothing left open for the receiver to wait on (it would wait 5 s for an open connection).
    expect(Date.now() - closed).toBeLessThan(1000);
  });

  it("open one connection per message with ?pool=false", async () => {
    const receiver = await startSmtpReceiver();
    const mailer = createMailer({ smtpUrl: `${receiver.url}?pool=false`, from: "Niche <no-reply@niche.test>", outboxDir: "/nonexistent", logger });
    for (const to of ["a@niche.test", "b@niche.test"]) await mailer.send({ ...message, to });
    expect(receiver.connections).toBe(2);
    await receiver.close();
  });
});
