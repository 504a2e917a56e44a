// The newsletter's subscriptions through the API, with the mail read from a real SMTP receiver.
import { afterAll, describe, expect, it } from "vitest";
import { newId } from "#server/db/ids.ts";
import { createTestApp, errorOf, invalidOf, setUp, type SignedIn } from "#tests/setup/app.ts";
import { mailerTo } from "#tests/setup/mail-app.ts";
import { signUpProof } from "#tests/setup/sign-up-challenge.ts";
import { startSmtpReceiver } from "#tests/setup/smtp-receiver.ts";
import { importRowReasons, subscriptionMessages, type AdminSubscriber, type Preferences, type SubscriberImportPreview } from "#shared/schemas/subscription.ts";

const s = setUp(async () => {
  const receiver = await startSmtpReceiver();
  // Behind a trusted proxy, so each test is a client of its own (X-Forwarded-For).
  const t = await createTestApp({ mailer: mailerTo(receiver), env: { TRUST_PROXY: "true" } });
  const [admin, plain, ownerA, ownerB] = await Promise.all([t.signIn("admin"), t.signIn("user"), t.signIn("business"), t.signIn("business")]);
  return { t, receiver, admin, plain, ownerA, ownerB, close: async () => (await t.close(), await receiver.close()) };
});
afterAll(() => s.close?.());

const address = () => `reader-${newId(6).toLowerCase()}@example.test`;
const client = () => `203.0.113.${Math.floor(Math.random() * 250) + 1}-${newId(4)}`;

async function subscribe(body: Record<string, unknown>, from = client(), proof = true) {
  const altcha = proof ? await signUpProof((path) => s.t.request(path)) : undefined;
  return s.t.request("/api/v1/subscriptions", { method: "POST", json: { altcha, ...body }, headers: { "X-Forwarded-For": from } });
}

const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

async function subscribed(email: string, topics = ["events"]) {
  expect((await subscribe({ email, topics, source: "footer" })).status).toBe(202);
  const mail = await s.receiver.waitFor(email, /Confirm your subscription/);
  const confirmed = await s.t.request("/api/v1/subscriptions/confirm", { method: "POST", json: { token: tokenOf(s.receiver.linkIn(mail, "http://localhost:3000/subscribe/confirm")) } });
  expect(confirmed.status).toBe(200);
  return ((await confirmed.json()) as { preferencesToken: string }).preferencesToken;
}

async function adminList(query: string): Promise<AdminSubscriber[]> {
  const response = await s.t.request(`/api/v1/subscribers?${query}`, { cookie: s.admin.cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: AdminSubscriber[] }).items;
}

describe("subscribing", () => {
  it("mails a confirmation (why, how to ignore, both parts) and subscribes once its link is opened", async () => {
    const email = address();
    const response = await subscribe({ email: email.toUpperCase(), topics: ["events", "news"], source: "subscribe-page" });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ message: subscriptionMessages.checkInbox });
    const mail = await s.receiver.waitFor(email, /Confirm your subscription/);
    expect(mail.parts.text).toContain("Someone, probably you, asked to receive");
    expect(mail.parts.text).toContain("ignore this message");
    expect(mail.parts.html).toContain("Confirm my subscription");
    expect((await adminList(`q=${encodeURIComponent(email)}`))[0]).toMatchObject({ state: "pending", topics: ["events", "news"] });

    const token = tokenOf(s.receiver.linkIn(mail, "http://localhost:3000/subscribe/confirm"));
    const confirmed = await s.t.request("/api/v1/subscriptions/confirm", { method: "POST", json: { token } });
    expect(confirmed.status).toBe(200);
    const { preferencesToken, state } = (await confirmed.json()) as { preferencesToken: string; state: string };
    expect(state).toBe("confirmed");
    const preferences = await s.t.request(`/api/v1/subscriptions/preferences?token=${encodeURIComponent(preferencesToken)}`);
    expect(await preferences.json()).toEqual({ email, state: "confirmed", topics: ["events", "news"] });
    const [listed] = await adminList(`q=${encodeURIComponent(email)}`);
    expect(listed!.consents).toEqual([expect.objectContaining({ email, source: "subscribe-page", text: expect.stringContaining("I agree to receive") })]);
    // A confirmation token is not a preferences token, and a forged one is nothing.
    expect((await s.t.request(`/api/v1/subscriptions/preferences?token=${encodeURIComponent(token)}`)).status).toBe(404);
    expect((await s.t.request("/api/v1/subscriptions/confirm", { method: "POST", json: { token: `${listed!.id}.forged` } })).status).toBe(404);
  });

  it("answers an address already subscribed exactly like a new one, and mails it its preferences link instead", async () => {
    const email = address();
    await subscribed(email, ["offers"]);
    const again = await subscribe({ email, topics: ["news"] });
    const fresh = await subscribe({ email: address(), topics: ["news"] });
    expect(again.status).toBe(fresh.status);
    expect(await again.json()).toEqual(await fresh.json());
    const mail = await s.receiver.waitFor(email, /already subscribed/);
    expect(s.receiver.linkIn(mail, "http://localhost:3000/subscribe/preferences?token=")).toBeTruthy();
    // Whoever typed the address changed nothing of it.
    expect((await adminList(`q=${encodeURIComponent(email)}`))[0]).toMatchObject({ state: "confirmed", topics: ["offers"] });
  });

  it("refuses a wrong address, no topic or a missing proof of work beside the field at fault", async () => {
    expect((await invalidOf(await subscribe({ email: "not an address", topics: ["events"] }))).fields).toEqual({ email: subscriptionMessages.emailInvalid });
    expect((await invalidOf(await subscribe({ email: address(), topics: [] }))).fields).toEqual({ topics: subscriptionMessages.noTopics });
    expect((await invalidOf(await subscribe({ email: address(), topics: ["weather"] }))).fields.topics).toBe("Choose topics from the list.");
    expect((await invalidOf(await subscribe({ email: address(), topics: ["events"] }, client(), false))).message).toBe(subscriptionMessages.challengeFailed);
    // A page that could not solve one sends none (null): the same failed check, about the whole form.
    const unsolved = await invalidOf(await subscribe({ email: address(), topics: ["events"], altcha: null }));
    expect(unsolved.message).toBe(subscriptionMessages.challengeFailed);
    expect(unsolved.fields).toBeUndefined();
  });

  it("limits each client's requests, and the mails to one address, without telling which", async () => {
    const from = client();
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await subscribe({ email: address(), topics: ["events"] }, from)).status);
    expect(statuses).toEqual([...Array(10).fill(202), 429]);

    const email = address();
    for (let i = 0; i < 4; i++) expect((await subscribe({ email, topics: ["events"] })).status).toBe(202);
    for (let i = 0; i < 3; i++) await s.receiver.waitFor(email, /Confirm your subscription/);
    await s.t.services.subscriptions.settled();
    expect(s.receiver.inbox.filter((m) => m.to.includes(email))).toEqual([]);
  });

  it("forgets an address left unconfirmed for 7 days", async () => {
    const email = address();
    await subscribe({ email, topics: ["events"] });
    await s.t.services.subscriptions.forgetUnconfirmed(new Date(Date.now() + 8 * 24 * 3600 * 1000));
    expect(await adminList(`q=${encodeURIComponent(email)}`)).toEqual([]);
  });
});

describe("the signed links", () => {
  it("change topics, pause, leave and come back on the preferences page, without an account", async () => {
    const email = address();
    const token = encodeURIComponent(await subscribed(email));
    const put = (json: unknown) => s.t.request(`/api/v1/subscriptions/preferences?token=${token}`, { method: "PUT", json });
    expect(await (await put({ topics: ["offers", "news"] })).json()).toEqual({ email, state: "confirmed", topics: ["news", "offers"] });
    expect(((await (await put({ state: "paused" })).json()) as Preferences).state).toBe("paused");
    expect((await invalidOf(await put({ topics: [] }))).fields).toEqual({ topics: subscriptionMessages.noTopics });
    expect(((await (await put({ state: "unsubscribed" })).json()) as Preferences).state).toBe("unsubscribed");
    expect(((await (await put({ state: "confirmed" })).json()) as Preferences).state).toBe("confirmed");
    const [listed] = await adminList(`q=${encodeURIComponent(email)}`);
    expect(listed!.consents.map((c) => c.source)).toEqual(["footer", "preferences"]);
    expect((await s.t.request("/api/v1/subscriptions/preferences?token=nobody.nothing")).status).toBe(404);
  });

  it("unsubscribe with one click from a mail client's POST, from another site, as a form", async () => {
    const email = address();
    await subscribed(email);
    const subscriber = (await s.t.services.subscriberRepository.findByEmail(email))!;
    const url = new URL(s.t.services.subscriptionLinks.unsubscribeUrl(subscriber));
    const response = await s.t.app.request(`http://localhost:3000${url.pathname}${url.search}`, {
      method: "POST",
      // A signed-in browser's cookie from another site is not a reason to refuse: the token is what counts.
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.example.net", "Sec-Fetch-Site": "cross-site", Cookie: s.plain.cookie },
      body: "List-Unsubscribe=One-Click",
    });
    expect(response.status).toBe(200);
    expect((await adminList(`q=${encodeURIComponent(email)}`))[0]!.state).toBe("unsubscribed");
    // Another write from another site is still refused.
    const other = await s.t.app.request("http://localhost:3000/api/v1/me/subscription", { method: "PUT", headers: { "Content-Type": "application/json", Origin: "https://mail.example.net", Cookie: s.plain.cookie }, body: "{}" });
    expect(other.status).toBe(403);
    // A client that opens the address instead is sent to the preferences page.
    const opened = await s.t.request(`${url.pathname}${url.search}`);
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe(`/subscribe/preferences${url.search}`);
    expect((await s.t.request("/api/v1/subscriptions/unsubscribe?token=x.y", { method: "POST" })).status).toBe(404);
  });
});

describe("a signed-in person", () => {
  it("subscribes the account's verified address at once, with no confirmation mail, and leaves", async () => {
    const person: SignedIn = await s.t.signIn("user");
    const put = (json: unknown) => s.t.request("/api/v1/me/subscription", { method: "PUT", json, cookie: person.cookie });
    expect(await (await s.t.request("/api/v1/me/subscription", { cookie: person.cookie })).json()).toEqual({ subscribed: false, state: null, topics: [] });
    expect(await (await put({ subscribed: true, topics: ["events"] })).json()).toEqual({ subscribed: true, state: "confirmed", topics: ["events"] });
    expect((await adminList(`q=${encodeURIComponent(person.email)}`))[0]!.consents.map((c) => c.source)).toEqual(["account"]);
    expect((await invalidOf(await put({ subscribed: true, topics: [] }))).fields).toEqual({ topics: subscriptionMessages.noTopics });
    expect(await (await put({ subscribed: false })).json()).toMatchObject({ subscribed: false, state: "unsubscribed" });
    await s.t.services.subscriptions.settled();
    expect(s.receiver.inbox.filter((m) => m.to.includes(person.email.toLowerCase()))).toEqual([]);
    expect((await s.t.request("/api/v1/me/subscription")).status).toBe(401);
  });

  it("gives their consent in the words their page showed, in the account's language", async () => {
    const person: SignedIn = await s.t.signIn("user");
    expect((await s.t.request("/api/v1/account/language", { method: "PUT", json: { language: "fr" }, cookie: person.cookie })).status).toBe(200);
    expect((await s.t.request("/api/v1/me/subscription", { method: "PUT", json: { subscribed: true, topics: ["news"] }, cookie: person.cookie })).status).toBe(200);
    const [consent] = (await adminList(`q=${encodeURIComponent(person.email)}`))[0]!.consents;
    expect(consent).toMatchObject({ source: "account", text: "J’accepte de recevoir l’infolettre de l’association par courriel. Je peux me désabonner en tout temps avec le lien présent dans chaque message." });
  });
});

describe("the administrators' subscribers", () => {
  it("are listed, unsubscribed and exported by administrators only", async () => {
    const email = address();
    await subscribed(email);
    const id = (await adminList(`q=${encodeURIComponent(email)}`))[0]!.id;
    const matrix: Array<[string, string, number[]]> = [
      ["GET", "/api/v1/subscribers", [401, 403, 403, 403, 200]],
      ["GET", "/api/v1/exports/subscribers.csv", [401, 403, 403, 403, 200]],
      ["POST", `/api/v1/subscribers/${id}/unsubscribe`, [401, 403, 403, 403, 200]],
    ];
    for (const [method, path, expected] of matrix) {
      const seen = [];
      for (const who of [undefined, s.plain, s.ownerA, s.ownerB, s.admin]) seen.push((await s.t.request(path, { method, cookie: who?.cookie })).status);
      expect(seen, `${method} ${path}`).toEqual(expected);
    }
    expect((await adminList(`q=${encodeURIComponent(email)}`))[0]!.state).toBe("unsubscribed");
    expect((await errorOf(await s.t.request("/api/v1/subscribers/nobody/unsubscribe", { method: "POST", cookie: s.admin.cookie }))).message).toBe(subscriptionMessages.notFound);
  });

  it("filter by topic and state, and export each consent record", async () => {
    const email = address();
    await subscribed(email, ["category:food", "offers"]);
    const byTopic = await adminList("topic=category:food&state=confirmed");
    expect(byTopic.map((x) => x.email)).toContain(email);
    expect((await adminList("topic=category:food&state=paused")).map((x) => x.email)).not.toContain(email);
    const csv = await (await s.t.request("/api/v1/exports/subscribers.csv", { cookie: s.admin.cookie })).text();
    expect(csv.split(/\r?\n/)[0]).toBe("email,topics,consent_at,consent_source,consent_text,state,subscribed_at,confirmed_at,unsubscribed_at");
    expect(csv).toMatch(new RegExp(`${email.replace(/[.]/g, "\\.")},category:food offers,\\d{4}-[^,]+,footer,I agree to receive`));
  });
});

describe("importing subscribers", () => {
  it("previews each row, refuses those without consent with the reason, adds the others confirmed with their consent, and undoes", async () => {
    const known = address();
    await subscribed(known);
    const left = address();
    await subscribed(left);
    await s.t.request(`/api/v1/subscribers/${(await adminList(`q=${encodeURIComponent(left)}`))[0]!.id}/unsubscribe`, { method: "POST", cookie: s.admin.cookie });
    const fresh = address();
    const csv = [
      "email,topics,consent_at,consent_source,consent_text",
      `${fresh},events news,2025-04-01,Spring fair sign-up sheet,Yes please send me the newsletter`,
      `no-consent@example.test,events,,Spring fair,`,
      `no-source@example.test,events,2025-04-01,,`,
      `bad-date@example.test,events,April first,Spring fair,`,
      `bad-topic@example.test,weather,2025-04-01,Spring fair,`,
      `${known},events,2025-04-01,Spring fair,`,
      `${left},events,2025-04-01,Spring fair,`,
      `${fresh.toUpperCase()},offers,2025-04-01,Spring fair,`,
    ].join("\n");
    const post = (path: string, cookie = s.admin.cookie) => s.t.request(path, { method: "POST", json: { csv }, cookie });
    expect((await post("/api/v1/subscriber-imports/preview", s.ownerA.cookie)).status).toBe(403);
    const preview = (await (await post("/api/v1/subscriber-imports/preview")).json()) as SubscriberImportPreview;
    expect(preview.rows.map((r) => [r.line, r.status, r.reason])).toEqual([
      [2, "add", null],
      [3, "refused", importRowReasons.noConsentAt],
      [4, "refused", importRowReasons.noConsentSource],
      [5, "refused", importRowReasons.badConsentAt],
      [6, "refused", importRowReasons.badTopic("weather")],
      [7, "skip", importRowReasons.known],
      [8, "refused", importRowReasons.left],
      [9, "refused", importRowReasons.twice(2)],
    ]);
    expect(await adminList(`q=${encodeURIComponent(fresh)}`)).toEqual([]);

    const applied = await post("/api/v1/subscriber-imports");
    expect(applied.status).toBe(201);
    const { importId, added } = (await applied.json()) as { importId: string; added: number };
    expect(added).toBe(1);
    const [imported] = await adminList(`q=${encodeURIComponent(fresh)}`);
    expect(imported).toMatchObject({ state: "confirmed", topics: ["events", "news"] });
    expect(imported!.consents).toEqual([expect.objectContaining({ givenAt: "2025-04-01T00:00:00.000Z", source: "import:Spring fair sign-up sheet", text: "Yes please send me the newsletter" })]);
    expect((await adminList(`q=${encodeURIComponent(left)}`))[0]!.state).toBe("unsubscribed");

    const undone = await s.t.request(`/api/v1/subscriber-imports/${importId}`, { method: "DELETE", cookie: s.admin.cookie });
    expect(await undone.json()).toEqual({ removed: 1, kept: 0 });
    expect(await adminList(`q=${encodeURIComponent(fresh)}`)).toEqual([]);
    expect((await invalidOf(await s.t.request("/api/v1/subscriber-imports/preview", { method: "POST", json: { csv: "name\nx" }, cookie: s.admin.cookie }))).fields).toEqual({ csv: importRowReasons.missingColumns });
  });
});
