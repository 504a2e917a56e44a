// Registration end to end, with mail read from a real SMTP server on loopback: an event with 2 places, three people
// register from its page, the third waits; the first cancels from the mailed link and the third gets the place and a
// mail saying so. The organizers' page lists them. A server of its own, since the shared journeys' server sends no mail.
import ical, { type VEvent } from "node-ical";
import { calendarIn } from "../setup/mail-calendar.ts";
import { account, mailSiteTest, PASSWORD } from "./mail-site.ts";
import { expect, expectNoAxeViolations } from "./fixtures.ts";
import { shoot } from "./screenshots.ts";

const test = mailSiteTest("registration");

test.describe.configure({ timeout: 180_000 });

test("an event with 2 places: three register, the third waits, the first cancels from the mail and the third is confirmed and mailed", async ({ page, browser, site }) => {
  test.skip(test.info().project.name !== "desktop", "one journey; the screenshots cover both widths");
  const adminEmail = await account(site, "admin");
  expect((await page.request.post("/api/auth/sign-in/email", { data: { email: adminEmail, password: PASSWORD }, headers: { Origin: site.url } })).status()).toBe(200);
  const [host] = (await (await page.request.get("/api/v1/businesses")).json()) as Array<{ id: string }>;
  const start = Date.now() + 10 * 24 * 3_600_000;
  const name = `Walking tour ${Date.now()}`;
  const created = await page.request.post("/api/v1/events", {
    data: { name, eventDate: new Date(start).toISOString(), endDate: new Date(start + 2 * 3_600_000).toISOString(), location: host!.id, description: "A free walk through the old town." },
    headers: { Origin: site.url },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const settings = await page.request.put(`/api/v1/events/${id}/registration`, {
    data: { enabled: true, capacity: 2, maxPartySize: 1, waitlist: true, questions: [{ id: "q1", label: "How did you hear of it?", kind: "text", required: false }] },
    headers: { Origin: site.url },
  });
  expect(settings.status()).toBe(200);

  // Three visitors, none signed in, register from the event's page.
  const people = ["Ada", "Ben", "Cleo"].map((first) => ({ name: `${first} Walker`, email: `${first.toLowerCase()}-${site.name}-${Date.now()}@example.com` }));
  const expected = ["2 places left", "1 place left", "Full: join the waiting list"];
  for (const [index, person] of people.entries()) {
    const context = await browser.newContext({ baseURL: site.url });
    const visitor = await context.newPage();
    await visitor.goto(`/events/${id}`);
    const section = visitor.getByRole("region", { name: "Register" });
    await expect(section.getByText(expected[index]!)).toBeVisible();
    if (index === 0) {
      await expectNoAxeViolations(visitor);
      await shoot(visitor, "event-registration-open");
    }
    if (index === 2) await shoot(visitor, "event-registration-full");
    await section.getByLabel("Name").fill(person.name);
    await section.getByLabel("E-mail").fill(person.email);
    await section.getByRole("button", { name: index === 2 ? "Join the waiting list" : "Register" }).click();
    await expect(section.getByRole("status")).toHaveText(index === 2 ? /You are on the waiting list/ : /You are registered/, { timeout: 30_000 });
    await context.close();
  }
  const [ada, , cleo] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
  await site.smtp.waitFor(cleo.email, /^You are on the waiting list: /);

  // Ada's confirmation: the calendar entry names her place and check-in code; she cancels from its link.
  const confirmation = await site.smtp.waitFor(ada.email, /^You are registered: /);
  const entry = Object.values(ical.sync.parseICS(calendarIn(confirmation)!.content)).find((c): c is VEvent => c?.type === "VEVENT")!;
  expect(entry.summary).toBe(name);
  expect(String(entry.description)).toContain("Check-in code: ");
  const cancelLink = site.smtp.linkIn(confirmation, `${site.url}/registrations/`);
  const adaContext = await browser.newContext({ baseURL: site.url });
  const adaPage = await adaContext.newPage();
  await adaPage.goto(cancelLink);
  await expect(adaPage.getByRole("heading", { level: 1, name: "Cancel a registration" })).toBeVisible();
  await adaPage.getByRole("button", { name: "Cancel my registration" }).click();
  await expect(adaPage.getByRole("status").filter({ hasText: "Your registration is cancelled." })).toBeVisible();
  await adaContext.close();

  // Cleo moves from the waiting list to the place, and is told with her QR code and calendar entry.
  const promoted = await site.smtp.waitFor(cleo.email, /^A place is yours: /);
  expect(promoted.parts.text).toContain("check-in code: ");
  expect(promoted.attachments.some((a) => a.contentType === "image/png")).toBe(true);
  expect(calendarIn(promoted)).not.toBeNull();

  // The organizers' page lists them with the counts.
  await page.goto(`/events/${id}/registrations`);
  await expect(page.getByTestId("registration-counts")).toContainText("2 confirmed of 2 · 0 waiting");
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows.filter({ hasText: ada.name })).toContainText("Cancelled");
  await expect(rows.filter({ hasText: cleo.name })).toContainText("Confirmed");
  await expectNoAxeViolations(page);
  await shoot(page, "event-registrations");
  await page.goto(`/events/${id}`);
  await expect(page.getByRole("region", { name: "Register" })).toContainText("Full: join the waiting list");
});
