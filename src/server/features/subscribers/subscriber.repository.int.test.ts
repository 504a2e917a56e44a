import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "#server/mail/mailer.ts";
import type { Logger } from "#server/logger.ts";
import { createTestDatabase, type TestDatabase } from "#tests/setup/database.ts";
import { startSmtpReceiver, type SmtpReceiver } from "#tests/setup/smtp-receiver.ts";
import { SubscriberRepository } from "./subscriber.repository.ts";
import { SubscriptionLinks, subscriberToken } from "./subscription-links.ts";

const logger = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} } as unknown as Logger;

let database: TestDatabase;
let repository: SubscriberRepository;
let links: SubscriptionLinks;
let smtp: SmtpReceiver;

beforeAll(async () => {
  database = await createTestDatabase();
  repository = new SubscriberRepository(database.db);
  links = new SubscriptionLinks("https://niche.test", repository);
  smtp = await startSmtpReceiver();
});
afterAll(async () => {
  await smtp.close();
  await database.close();
});

describe("subscribers", () => {
  it("pages through the confirmed subscribers of some topics, and no one else", async () => {
    const events = await repository.insert({ email: "Events@Example.test", state: "confirmed", topics: ["events"] });
    const offers = await repository.insert({ email: "offers@example.test", state: "confirmed", topics: ["offers", "category:food"] });
    await repository.insert({ email: "pending@example.test", state: "pending", topics: ["events"] });
    expect(events.email).toBe("events@example.test");
    const all = await repository.confirmedFor(undefined);
    expect(all.map((s) => s.email).sort()).toEqual(["events@example.test", "offers@example.test"]);
    expect((await repository.confirmedFor(["category:food"])).map((s) => s.id)).toEqual([offers.id]);
    expect(await repository.confirmedFor([])).toEqual([]);
    const first = await repository.confirmedFor(["events", "offers"], { limit: 1 });
    const second = await repository.confirmedFor(["events", "offers"], { after: first[0]!.id, limit: 1 });
    expect([...first, ...second].map((s) => s.id).sort()).toEqual([events.id, offers.id].sort());
    expect(await repository.countConfirmedFor(["events", "offers"])).toBe(2);
  });

  it("pauses an address after three permanent failures in a row, and a delivery starts the count again", async () => {
    const s = await repository.insert({ email: "bounces@example.test", state: "confirmed", topics: ["news"] });
    expect(await repository.markFailure(s.id)).toBe("confirmed");
    await repository.markDelivered(s.id);
    expect(await repository.markFailure(s.id)).toBe("confirmed");
    expect(await repository.markFailure(s.id)).toBe("confirmed");
    expect(await repository.markFailure(s.id)).toBe("paused");
    expect((await repository.confirmedFor(["news"])).map((x) => x.id)).not.toContain(s.id);
  });

  it("forgets addresses left unconfirmed, with their consent", async () => {
    const s = await repository.insert({ email: "late@example.test", state: "pending", topics: ["news"] });
    await repository.addConsent(s.id, { email: s.email, source: "footer", text: "I agree." });
    expect(await repository.forgetPendingBefore(new Date(Date.now() + 1000).toISOString())).toBeGreaterThanOrEqual(1);
    expect(await repository.findById(s.id)).toBeUndefined();
    expect((await repository.consentsOf([s.id])).size).toBe(0);
  });
});

describe("signed links", () => {
  it("verify for their own purpose only, and stop working with a new secret", async () => {
    const s = await repository.insert({ email: "links@example.test", state: "confirmed", topics: ["news"] });
    const manage = new URL(links.preferencesUrl(s)).searchParams.get("token")!;
    expect((await links.verify(manage, "manage"))?.id).toBe(s.id);
    expect(await links.verify(manage, "confirm")).toBeUndefined();
    expect(await links.verify(`${s.id}.forged`, "manage")).toBeUndefined();
    expect(await links.verify(`nobody.${manage.split(".")[1]}`, "manage")).toBeUndefined();
    expect(new URL(links.unsubscribeUrl(s)).searchParams.get("token")).toBe(manage);
    expect((await links.verify(subscriberToken(s, "confirm"), "confirm"))?.id).toBe(s.id);
    await repository.rotateSecret(s.id);
    expect(await links.verify(manage, "manage")).toBeUndefined();
  });

  it("reach the receiving mail server as List-Unsubscribe, List-Unsubscribe-Post, List-Id and a stable Message-ID", async () => {
    const s = await repository.insert({ email: "headers@example.test", state: "confirmed", topics: ["news"] });
    const mailer = createMailer({ smtpUrl: smtp.url, from: "Niche <no-reply@niche.test>", outboxDir: "/nonexistent", logger });
    await mailer.send({ to: s.email, subject: "News", text: "News.", html: "<p>News.</p>", headers: links.headers(s, { messageId: `<newsletter-1-${s.id}@niche.test>` }) });
    const mail = await smtp.waitFor(s.email, /News/);
    // mailparser folds the List-* headers into one structure of its own: the raw header lines (unfolded) are
    // what clients read.
    const head = mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, " ");
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(head).toContain(`List-Unsubscribe: <${links.unsubscribeUrl(s)}>`);
    expect(head).toMatch(/^List-Id: <newsletter\.niche\.test>\r?$/im);
    expect(mail.headers.get("message-id")).toBe(`<newsletter-1-${s.id}@niche.test>`);
  });
});
