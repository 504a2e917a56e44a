// A newsletter to 1,200 subscribers sent by a real server process that is killed (`kill -9`) in the middle, then
// started again: every subscriber ends with one copy. Only the message in flight at the kill can reach the mail server
// twice, and then under the same Message-ID, which mail programs show once (docs/decisions/0034).
import { afterEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { openDatabase, type Database } from "#server/db/database.ts";
import { newId } from "#server/db/ids.ts";
import { startSmtpReceiver, type SmtpReceiver } from "../setup/smtp-receiver.ts";
import { assertBuilt, createAccount, freshServerEnv, signInAt, startServer, stopServer, type ServerProcess } from "../setup/server-process.ts";

// More than the queue writes in one page (1,000) and several of the sender's batches (200) on either side of the kill.
const SUBSCRIBERS = 1_200;
const PASSWORD = "newsletter-crash-test-1";

let running: ServerProcess[] = [];
let receiver: SmtpReceiver | undefined;
let database: Database | undefined;
afterEach(async () => {
  await Promise.all(running.map((s) => stopServer(s, "SIGKILL")));
  running = [];
  await receiver?.close();
  await database?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The Message-ID header of a raw message. */
function messageIdOf(raw: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  return /^Message-ID: (.*)$/im.exec(head)?.[1]?.trim();
}

describe("a newsletter sent across a kill -9", () => {
  it("reaches every one of 1,200 subscribers once after the sending process is killed and started again", { timeout: 240_000 }, async () => {
    assertBuilt();
    receiver = await startSmtpReceiver();
    const env: Record<string, string> = {
      ...(await freshServerEnv()),
      DEMO_CONTENT: "false",
      // One connection for every message, as a site sending newsletters is configured (`?pool=true`).
      SMTP_URL: `${receiver.url}?pool=true`,
      NEWSLETTER_RATE_PER_MINUTE: "600000",
      JOBS_POLL_SECONDS: "0.2",
      JOBS_LEASE_SECONDS: "3",
    };
    const admin = `admin-${newId(6).toLowerCase()}@example.com`;
    await createAccount(env, admin, PASSWORD, "admin");
    database = openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL, poolSize: 2 } : { sqlitePath: `${env.DATA_DIR}/niche.sqlite` });
    const now = new Date().toISOString();
    const rows = Array.from({ length: SUBSCRIBERS }, (_, i) => ({ id: `crash${String(i).padStart(5, "0")}`, email: `crash-${i}@example.test` }));
    for (let i = 0; i < rows.length; i += 250) {
      const page = rows.slice(i, i + 250);
      await database.db
        .insertInto("subscriber")
        .values(page.map((r) => ({ ...r, state: "confirmed", tokenSecret: newId(20), failures: 0, createdAt: now, updatedAt: now, confirmedAt: now })))
        .execute();
      await database.db
        .insertInto("subscriber_topic")
        .values(page.map((r) => ({ subscriberId: r.id, topic: "news" })))
        .execute();
    }

    const first = await startServer(env);
    running.push(first);
    const cookie = await signInAt(first.url, admin, PASSWORD);
    const post = (path: string, json: unknown) =>
      fetch(`${first.url}${path}`, { method: "POST", headers: { Cookie: cookie, Origin: first.url, "Content-Type": "application/json" }, body: JSON.stringify(json) });
    const made = await post("/api/v1/newsletters", { subject: "Across a crash", body: "<p>Once each.</p>", topics: ["news"] });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: string };
    expect((await post(`/api/v1/newsletters/${id}/send`, {})).status).toBe(202);

    // Killed a quarter of the way through.
    await expect.poll(() => receiver!.inbox.length, { timeout: 120_000, interval: 50 }).toBeGreaterThanOrEqual(SUBSCRIBERS / 4);
    await stopServer(first, "SIGKILL");
    const atKill = receiver.inbox.length;
    expect(atKill).toBeLessThan(SUBSCRIBERS);

    const second = await startServer({ ...env });
    running.push(second);
    await expect
      .poll(async () => (await database!.db.selectFrom("newsletter").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status, { timeout: 180_000, interval: 250 })
      .toBe("sent");
    // Time for a stray second copy to arrive, had one been sent.
    await sleep(1_000);

    const copies = new Map<string, string[]>();
    for (const mail of receiver.inbox) for (const to of mail.to) copies.set(to, [...(copies.get(to) ?? []), messageIdOf(mail.raw) ?? ""]);
    expect(copies.size).toBe(SUBSCRIBERS);
    const withTwo = [...copies.values()].filter((ids) => ids.length > 1);
    // At most the one message in flight at the kill went twice, under one Message-ID.
    expect(withTwo.length).toBeLessThanOrEqual(1);
    for (const ids of copies.values()) expect(new Set(ids).size).toBe(1);
    const counts = await database.db
      .selectFrom("newsletter_delivery")
      .select(["status", sql<number>`count(*)`.as("n")])
      .where("newsletterId", "=", id)
      .groupBy("status")
      .execute();
    expect(counts.map((c) => [c.status, Number(c.n)])).toEqual([["sent", SUBSCRIBERS]]);
  });
});
