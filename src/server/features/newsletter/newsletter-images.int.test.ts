// Images in a newsletter's text, through the upload endpoint and a real SMTP server: only administrators upload them,
// the text keeps only the site's own images (each described or marked decorative), the upload is kept with the
// newsletter, and the mail shows it at the site's full address with its description in the plain-text part.
import { afterAll, describe, expect, it } from "vitest";
import { parseEnv, publicUrl } from "#server/env.ts";
import { SubscriberRepository } from "#server/features/subscribers/index.ts";
import { nuHtmlErrors } from "#tests/e2e/nu-html-checker.ts";
import { makeImage } from "#tests/fixtures/images.ts";
import { invalidOf, setUpSignIn, setUpTestApp } from "#tests/setup/app.ts";
import { mailerTo } from "#tests/setup/mail-app.ts";
import { startSmtpReceiver, type SmtpReceiver } from "#tests/setup/smtp-receiver.ts";
import { cleanUpLater, fileState, sendUpload, uploadImage } from "#tests/setup/uploads.ts";
import { NEWSLETTER_QUEUE_JOB, NEWSLETTER_SEND_JOB } from "./newsletter-sender.ts";

const ENV = { NEWSLETTER_RATE_PER_MINUTE: "60000" };
const SITE = publicUrl(parseEnv(ENV));
const mail = {} as { receiver: SmtpReceiver };
const t = setUpTestApp(async () => {
  mail.receiver = await startSmtpReceiver();
  return { mailer: mailerTo(mail.receiver), env: ENV };
});
afterAll(() => mail.receiver?.close());
const admin = setUpSignIn(t, "admin");
const user = setUpSignIn(t, "user");
const asAdmin = (path: string, init: { method?: string; json?: unknown } = {}) => t.request(path, { ...init, cookie: admin.cookie });

describe("uploading a newsletter image", () => {
  it("is for administrators only", async () => {
    const bytes = await makeImage("png", 40, 30);
    const meta = { kind: "newsletterImage", filename: "harbour.png" };
    expect((await sendUpload(t, "", bytes, meta)).status).toBe(401);
    expect((await sendUpload(t, user.cookie, bytes, meta)).status).toBe(403);
    expect((await sendUpload(t, admin.cookie, bytes, meta)).status).toBe(200);
  });

  it("refuses a file that is no image, whatever its name says", async () => {
    const sent = await sendUpload(t, admin.cookie, new TextEncoder().encode("<svg onload=alert(1)></svg>"), { kind: "newsletterImage", filename: "harbour.png" });
    expect(sent.status).toBeGreaterThanOrEqual(400);
  });
});

describe("a newsletter with an image", () => {
  it("keeps only the site's own images, each described, and sends them at the site's address with the description as text", async () => {
    const path = await uploadImage(t, admin.cookie, { kind: "newsletterImage", filename: "harbour.png" });
    expect(path).toMatch(/^newsletter_images\/harbour_\d+_\w+\.webp$/);
    const own = `/files/${path}`;

    const undescribed = await invalidOf(await asAdmin("/api/v1/newsletters", { method: "POST", json: { subject: "Harbour", body: `<img src="${own}">` } }));
    expect(undescribed.fields.body).toBe("Describe each image in the text, or mark it decorative.");
    const gone = await invalidOf(
      await asAdmin("/api/v1/newsletters", { method: "POST", json: { subject: "Harbour", body: `<img src="/files/newsletter_images/gone_1_abcdef.webp" alt="Gone">` } }),
    );
    expect(gone.fields.body).toBe("An image in the text is no longer on the site: remove it and insert it again.");

    const created = await asAdmin("/api/v1/newsletters", {
      method: "POST",
      json: {
        subject: "Harbour days",
        body: [
          "<p>Come to the harbour.</p>",
          `<img src="${SITE}${own}" alt="Boats at the harbour at dawn" width="400" height="300" onerror="alert(1)" style="position:fixed">`,
          `<img src="https://tracker.example.com/pixel.gif" alt="">`,
          `<img src="javascript:alert(1)" alt="x">`,
        ].join(""),
      },
    });
    expect(created.status).toBe(201);
    const { id, body } = (await created.json()) as { id: string; body: string };
    expect(body).toBe(`<p>Come to the harbour.</p><img src="${own}" alt="Boats at the harbour at dawn" width="400" height="300">`);
    // Kept with the newsletter: the clean-up of unused uploads leaves it.
    await cleanUpLater(t);
    expect(await fileState(t, path)).toBe("attached");

    await new SubscriberRepository(t.database.db).insert({ email: "reader@example.test", state: "confirmed", topics: ["news"] as never });
    expect((await asAdmin(`/api/v1/newsletters/${id}/send`, { method: "POST", json: {} })).status).toBe(202);
    await t.services.jobs.runNow(NEWSLETTER_QUEUE_JOB);
    await t.services.jobs.runNow(NEWSLETTER_SEND_JOB);
    const received = await mail.receiver.waitFor("reader@example.test", /^Harbour days$/);
    const html = received.parts.html!;
    expect(html).toMatch(new RegExp(`<img src="${SITE}${own}" alt="Boats at the harbour at dawn" width="400" height="300" style="[^"]*max-width:100%`));
    expect(html).not.toContain("tracker.example.com");
    expect(received.parts.text).toContain("[Boats at the harbour at dawn]");
    expect(await nuHtmlErrors(new Map([["newsletter with an image", html]]))).toEqual([]);
  }, 60_000);
});
