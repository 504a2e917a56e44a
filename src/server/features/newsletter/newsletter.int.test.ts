// Newsletters through the jobs and a real SMTP server: the weekly digest per topic (nothing when nothing is new, and
// nothing after an unsubscribe), a hand-written newsletter previewed, tested and sent with its card, the headers every
// message carries, temporary refusals tried again, permanent ones pausing the address after 3, a second instance that
// sends nothing twice, and every message's HTML through the Nu HTML Checker.
import { Temporal } from "temporal-polyfill";
import { afterAll, describe, expect, it } from "vitest";
import { createBusiness, createEvent, createOffer, createPost } from "#server/db/factories.ts";
import { SubscriberRepository } from "#server/features/subscribers/index.ts";
import { DIGEST_WEEKDAYS } from "#shared/schemas/site-settings.ts";
import { nuHtmlErrors } from "#tests/e2e/nu-html-checker.ts";
import { createTestApp, invalidOf, setUp, setUpSignIn, setUpTestApp } from "#tests/setup/app.ts";
import { createTestDatabase, type TestDatabase } from "#tests/setup/database.ts";
import { mailerTo } from "#tests/setup/mail-app.ts";
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from "#tests/setup/smtp-receiver.ts";
import { NEWSLETTER_QUEUE_JOB, NEWSLETTER_SEND_JOB } from "./newsletter-sender.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const ENV = { NEWSLETTER_RATE_PER_MINUTE: "60000" };

/** Each message the receiver takes first awaits this: a test makes the server refuse some. */
let refuse: (() => Error | undefined) | undefined;
const smtp = {} as { receiver: SmtpReceiver; database: TestDatabase };
const received: ReceivedMail[] = [];
const t = setUpTestApp(async () => {
  smtp.receiver = await startSmtpReceiver({
    beforeMessage: async () => {
      const error = refuse?.();
      if (error) throw error;
    },
  });
  smtp.database = await createTestDatabase();
  return { database: smtp.database, mailer: mailerTo(smtp.receiver), env: ENV };
});
afterAll(() => smtp.receiver?.close());
const admin = setUpSignIn(t, "admin");

const asAdmin = (path: string, init: { method?: string; json?: unknown } = {}) => t.request(path, { ...init, cookie: admin.cookie });
const store = setUp(async () => ({
  subscribers: new SubscriberRepository(t.database.db),
}));
const subscribe = (email: string, topics: string[]) =>
  store.subscribers.insert({
    email,
    state: "confirmed",
    topics: topics as never,
  });
/** The messages to `email` so far, taken out of the inbox (and kept for the HTML check). */
function take(email: string): ReceivedMail[] {
  const mine = smtp.receiver.inbox.filter((m) => m.to.includes(email.toLowerCase()));
  for (const m of mine) smtp.receiver.inbox.splice(smtp.receiver.inbox.indexOf(m), 1);
  received.push(...mine);
  return mine;
}
/** A header line of the raw message, unfolded (mailparser keeps List-* headers in a structure of its own). */
function header(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  return new RegExp(`^${name}: (.*)$`, "im").exec(head)?.[1];
}
const queue = (at?: Date) => t.services.jobs.runNow(NEWSLETTER_QUEUE_JOB, at);
const drain = (at?: Date) => t.services.jobs.runNow(NEWSLETTER_SEND_JOB, at);
const messageId = (mail: ReceivedMail) => header(mail, "Message-ID");

/** Two hours from now on Toronto's clock, to the minute: the digest's day and time for these tests. */
function nextDigestMoment() {
  const at = Temporal.Now.zonedDateTimeISO("America/Toronto").add({ hours: 2 }).round({ smallestUnit: "minute", roundingMode: "floor" });
  return {
    moment: new Date(at.epochMilliseconds),
    weekday: DIGEST_WEEKDAYS[at.dayOfWeek - 1]!,
    at: at.toPlainTime().toString({ smallestUnit: "minute" }),
  };
}

async function newsletter(json: Record<string, unknown>): Promise<{ id: string }> {
  const response = await asAdmin("/api/v1/newsletters", {
    method: "POST",
    json,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string };
}
async function counts(id: string) {
  return (await (await asAdmin(`/api/v1/newsletters/${id}`)).json()) as {
    counts: Record<string, number>;
    status: string;
  };
}

describe("the weekly digest to subscribers", () => {
  const digest = nextDigestMoment();
  // The digests of three weeks before the next one: their clock is given to the jobs.
  const week = (n: number) => new Date(digest.moment.getTime() - n * 7 * DAY);

  it("goes at the site's day and time with what is new for each subscriber's topics, nothing to one with nothing new, and skips an address once unsubscribed", async () => {
    const settings = await (await asAdmin("/api/v1/site-settings")).json();
    expect(
      (
        await asAdmin("/api/v1/site-settings", {
          method: "PUT",
          json: {
            ...settings,
            associationName: "Digest Town",
            mailingAddress: "1 Main Street\nNiagara, ON",
            timeZone: "America/Toronto",
            digestWeekday: digest.weekday,
            digestAt: digest.at,
          },
        })
      ).status,
    ).toBe(200);
    const eventsOnly = await subscribe("events-only@example.test", ["events"]);
    const offersAndNews = await subscribe("offers-news@example.test", ["offers", "news"]);

    // Three weeks ago nothing had happened, so nothing went.
    await queue(week(3));
    await drain(week(3));
    expect(take(eventsOnly.email)).toHaveLength(0);
    expect(take(offersAndNews.email)).toHaveLength(0);

    const venue = await createBusiness(t.database.db, { name: "Digest Hall" });
    // Within two weeks of the digest of two weeks ago; the fair is further off.
    await createEvent(t.database.db, {
      name: "Digest jazz night",
      location: venue.id,
      eventDate: new Date(Date.now() + 60 * MINUTE).toISOString(),
    });
    await createEvent(t.database.db, {
      name: "Digest far-off fair",
      eventDate: new Date(digest.moment.getTime() + 20 * DAY).toISOString(),
    });
    await createOffer(t.database.db, {
      type: "Two for one",
      businessId: venue.id,
      businessName: venue.name,
    });
    await createPost(t.database.db, {
      title: "Digest news of the week",
      datetime: new Date(week(2).getTime() - DAY).toISOString(),
    });

    await queue(week(2));
    await drain(week(2));
    const [toEvents, ...moreToEvents] = take(eventsOnly.email);
    expect(moreToEvents).toHaveLength(0);
    expect(toEvents!.subject).toBe("Digest Town: this week (1 new item)");
    const eventsText = toEvents!.parts.text!;
    expect(eventsText).toContain("Digest jazz night");
    expect(eventsText).toContain("Digest Hall");
    expect(eventsText).not.toMatch(/far-off fair|Two for one|Digest news of the week/);
    expect(eventsText).toContain("You get this mail because you subscribed to the weekly digest of Digest Town for events.");
    expect(eventsText).toContain("1 Main Street");

    const [toOffers, ...moreToOffers] = take(offersAndNews.email);
    expect(moreToOffers).toHaveLength(0);
    expect(toOffers!.parts.text).toContain("Two for one at Digest Hall");
    expect(toOffers!.parts.text).toContain("Digest news of the week");
    expect(toOffers!.parts.text).not.toContain("Digest jazz night");

    // Every message carries the list headers, and a Message-ID of its own.
    for (const mail of [toEvents!, toOffers!]) {
      expect(header(mail, "List-Unsubscribe")).toMatch(/^<http:\/\/localhost:3000\/api\/v1\/subscriptions\/unsubscribe\?token=[^>]+>$/);
      expect(header(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
      expect(header(mail, "List-Id")).toBe("<newsletter.localhost>");
      expect(messageId(mail)).toMatch(/^<newsletter-[\w-]+-[\w-]+@localhost>$/);
      expect(mail.parts.text).toMatch(/Manage your subscription http:\/\/localhost:3000\/subscribe\/preferences\?token=/);
    }
    expect(messageId(toEvents!)).not.toBe(messageId(toOffers!));

    // Running again that week sends nothing more.
    await queue(new Date(week(2).getTime() + MINUTE));
    await drain(new Date(week(2).getTime() + MINUTE));
    expect(take(eventsOnly.email)).toHaveLength(0);
    expect(take(offersAndNews.email)).toHaveLength(0);

    // The events subscriber leaves with one click in the mail program: a POST to the List-Unsubscribe address (RFC 8058).
    const oneClick = new URL(/^<(.*)>$/.exec(header(toEvents!, "List-Unsubscribe")!)![1]!);
    const left = await t.request(`${oneClick.pathname}${oneClick.search}`, { method: "POST", body: "List-Unsubscribe=One-Click", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(left.status).toBe(200);
    expect((await store.subscribers.findById(eventsOnly.id))!.state).toBe("unsubscribed");
    // Last week's digest skipped the address, and had no news for the other (only the running offer).
    await queue(week(1));
    await drain(week(1));
    expect(take(eventsOnly.email)).toHaveLength(0);
    const [again] = take(offersAndNews.email);
    expect(again!.parts.text).toContain("Two for one");
    expect(again!.parts.text).not.toContain("Digest news of the week");
  });

  it("is previewed for any mix of topics with the administrators' introduction, and sends nothing in a week they skip", async () => {
    const introduction = await asAdmin("/api/v1/newsletter-digest", {
      method: "PUT",
      json: {
        introduction: "<p>Welcome to this week.</p><script>x()</script>",
      },
    });
    expect(await introduction.json()).toEqual({
      period: digest.moment.toISOString(),
      introduction: "<p>Welcome to this week.</p>",
      skipped: false,
    });
    const preview = (await (await asAdmin("/api/v1/newsletter-digest/preview?topics=offers")).json()) as { text: string; html: string };
    expect(preview.text).toContain("Welcome to this week.");
    expect(preview.text).toContain("Two for one");
    expect(preview.text).not.toContain("Digest jazz night");
    expect(await (await asAdmin("/api/v1/newsletter-digest/preview?topics=category:none")).json()).toBeNull();
    expect((await invalidOf(await asAdmin("/api/v1/newsletter-digest/preview?topics=weather"))).fields.topics).toBe("Choose topics from the list.");

    const skipped = await asAdmin("/api/v1/newsletter-digest", {
      method: "PUT",
      json: { introduction: "", skipped: true },
    });
    expect(((await skipped.json()) as { skipped: boolean }).skipped).toBe(true);
    await queue(digest.moment);
    await drain(digest.moment);
    expect(take("offers-news@example.test")).toHaveLength(0);
  });
});

describe("a newsletter written by hand", () => {
  it("is previewed, tested on the administrator, and sent to the subscribers of its topics with its event card", async () => {
    await subscriptionsOf(["events-only@example.test"], "unsubscribed");
    const reader = await subscribe("reader@example.test", ["news"]);
    const other = await subscribe("other-topic@example.test", ["category:nothing-here"]);
    const event = await createEvent(t.database.db, {
      name: "Hand-picked parade",
      eventDate: new Date(Date.now() + 5 * DAY).toISOString(),
    });

    const missing = await invalidOf(
      await asAdmin("/api/v1/newsletters", {
        method: "POST",
        json: { subject: " ", body: "" },
      }),
    );
    expect(missing.fields.subject).toBe("Subject is required.");
    const gone = await invalidOf(
      await asAdmin("/api/v1/newsletters", {
        method: "POST",
        json: { subject: "Gone", cards: [{ kind: "event", id: "nope" }] },
      }),
    );
    expect(gone.fields.cards).toBe("A card's event, offer or business no longer exists: remove it.");

    const { id } = await newsletter({
      subject: "Parade season",
      body: "<p>The <strong>parade</strong> is back.</p>",
      cards: [{ kind: "event", id: event.id }],
      topics: ["news", "events"],
    });
    const preview = (await (await asAdmin(`/api/v1/newsletters/${id}/preview`)).json()) as { html: string; text: string };
    expect(preview.html).toContain("Hand-picked parade");
    expect(preview.text).toContain("The parade is back.");

    expect((await asAdmin(`/api/v1/newsletters/${id}/test`, { method: "POST" })).status).toBe(200);
    const [test] = take(admin.email);
    expect(test!.subject).toBe("[Test] Parade season");
    expect(take(reader.email)).toHaveLength(0);

    const late = await invalidOf(
      await asAdmin(`/api/v1/newsletters/${id}/send`, {
        method: "POST",
        json: { sendAt: "2020-01-01T10:00:00Z" },
      }),
    );
    expect(late.fields.sendAt).toBe("Send at must be in the future.");
    const sent = await asAdmin(`/api/v1/newsletters/${id}/send`, {
      method: "POST",
      json: {},
    });
    await queue();
    expect(sent.status).toBe(202);
    await drain();
    const [copy, ...more] = take(reader.email);
    expect(more).toHaveLength(0);
    expect(copy!.subject).toBe("Parade season");
    expect(copy!.parts.text).toContain("Hand-picked parade");
    expect(copy!.parts.text).toContain("You get this mail because you subscribed to the newsletter of Digest Town.");
    expect(take(other.email)).toHaveLength(0);
    // Also one to the news and offers subscriber of the digest tests.
    expect(take("offers-news@example.test")).toHaveLength(1);
    expect(await counts(id)).toMatchObject({
      status: "sent",
      counts: { queued: 0, sent: 2, failed: 0 },
    });
    // A sent newsletter stays as it went.
    expect(
      (
        await asAdmin(`/api/v1/newsletters/${id}`, {
          method: "PUT",
          json: { subject: "Changed" },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await asAdmin(`/api/v1/newsletters/${id}/send`, {
          method: "POST",
          json: {},
        })
      ).status,
    ).toBe(409);
  });

  it("goes at the time it is scheduled for, not before", async () => {
    const reader = await subscribe("scheduled@example.test", ["category:scheduled"]);
    const { id } = await newsletter({
      subject: "Later on",
      body: "<p>Soon.</p>",
      topics: ["category:scheduled"],
    });
    const sendAt = new Date(Date.now() + 3 * 60 * MINUTE);
    expect(
      (
        await asAdmin(`/api/v1/newsletters/${id}/send`, {
          method: "POST",
          json: { sendAt: sendAt.toISOString() },
        })
      ).status,
    ).toBe(202);
    await queue();
    await drain();
    expect(take(reader.email)).toHaveLength(0);
    expect((await counts(id)).status).toBe("scheduled");
    await queue(new Date(sendAt.getTime() + MINUTE));
    await drain(new Date(sendAt.getTime() + MINUTE));
    expect(take(reader.email)).toHaveLength(1);
  });
});

describe("refusals", () => {
  it("tries a temporarily refused message again later, and sends it once", async () => {
    const reader = await subscribe("greylisted@example.test", ["category:temp"]);
    const { id } = await newsletter({
      subject: "Greylisted",
      body: "<p>Try again.</p>",
      topics: ["category:temp"],
    });
    let refusals = 1;
    refuse = () =>
      refusals-- > 0
        ? Object.assign(new Error("Greylisted, try again later"), {
            responseCode: 451,
          })
        : undefined;
    await asAdmin(`/api/v1/newsletters/${id}/send`, {
      method: "POST",
      json: {},
    });
    await queue();
    await drain();
    expect(take(reader.email)).toHaveLength(0);
    expect((await counts(id)).counts).toMatchObject({
      queued: 1,
      sent: 0,
      failed: 0,
    });
    // Not before its wait is over.
    await drain(new Date(Date.now() + 10_000));
    expect(take(reader.email)).toHaveLength(0);
    await drain(new Date(Date.now() + 2 * MINUTE));
    expect(take(reader.email)).toHaveLength(1);
    expect((await counts(id)).counts).toMatchObject({
      queued: 0,
      sent: 1,
      failed: 0,
    });
    refuse = undefined;
  });

  it("marks permanently refused messages failed and pauses the address after 3 in a row", async () => {
    const reader = await subscribe("bouncing@example.test", ["category:bounce"]);
    refuse = () => Object.assign(new Error("No such user"), { responseCode: 550 });
    for (const n of [1, 2, 3]) {
      const { id } = await newsletter({
        subject: `Bounce ${n}`,
        body: "<p>Hello?</p>",
        topics: ["category:bounce"],
      });
      await asAdmin(`/api/v1/newsletters/${id}/send`, {
        method: "POST",
        json: {},
      });
      await queue();
      await drain();
      expect((await counts(id)).counts).toMatchObject({
        queued: 0,
        sent: 0,
        failed: 1,
      });
      expect((await store.subscribers.findById(reader.id))!.state).toBe(n < 3 ? "confirmed" : "paused");
    }
    refuse = undefined;
    const { id } = await newsletter({
      subject: "After the bounces",
      body: "<p>Hello?</p>",
      topics: ["category:bounce"],
    });
    await asAdmin(`/api/v1/newsletters/${id}/send`, {
      method: "POST",
      json: {},
    });
    await queue();
    await drain();
    expect(take(reader.email)).toHaveLength(0);
  });
});

describe("two instances on one database", () => {
  it("send each message once when both drain the queue at the same moment", async () => {
    const second = await createTestApp({
      database: smtp.database.reopen(),
      mailer: mailerTo(smtp.receiver),
      env: ENV,
    });
    try {
      const emails = Array.from({ length: 40 }, (_, i) => `twice-${i}@example.test`);
      for (const email of emails) await subscribe(email, ["category:twice"]);
      const { id } = await newsletter({
        subject: "Only once",
        body: "<p>Once.</p>",
        topics: ["category:twice"],
      });
      await asAdmin(`/api/v1/newsletters/${id}/send`, {
        method: "POST",
        json: {},
      });
      await queue();
      const controller = new AbortController();
      // Both senders at once, around the job table's lease: only the claim on each delivery keeps them apart.
      await Promise.all([t.services.newsletterSender.drain(controller.signal), second.services.newsletterSender.drain(controller.signal)]);
      for (const email of emails) expect(take(email)).toHaveLength(1);
      expect((await counts(id)).counts).toMatchObject({
        queued: 0,
        sent: 40,
        failed: 0,
      });
    } finally {
      await second.close();
    }
  });
});

describe("the newsletters' mail", () => {
  it("passes the Nu HTML Checker", async () => {
    const pages = new Map(received.filter((m) => m.parts.html).map((m, i) => [`${i}: ${m.subject}`, m.parts.html!]));
    expect(pages.size).toBeGreaterThan(3);
    expect(await nuHtmlErrors(pages)).toEqual([]);
  }, 60_000);
});

async function subscriptionsOf(emails: string[], state: "unsubscribed") {
  for (const email of emails) {
    const s = await store.subscribers.findByEmail(email);
    if (s) await store.subscribers.setState(s.id, state);
  }
}
