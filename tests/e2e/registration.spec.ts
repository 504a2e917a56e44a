// Registration end to end, with mail read from a real SMTP server on loopback: an event with 2 places, three people
// register from its page, the third waits; the first cancels from the mailed link and the third gets the place and a
// mail saying so. The organizers' page lists them and sets when registration opens and closes; its check-in link loads
// the check-in page anew (its own CSP); cancelling and reopening the registration keeps the cancelled cancelled. The
// admin's event form and the host's owner's on /mybusiness change the places in their Registration section. A server of
// its own, since the shared journeys' server sends no mail.
import ical, { type VEvent } from "node-ical";
import { calendarIn } from "../setup/mail-calendar.ts";
import { account, mailSiteTest, member, PASSWORD, signInPage } from "./mail-site.ts";
import { fillDateTime } from "./admin-helpers.ts";
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
  // The same page for an organizer whose account is French.
  const language = (value: string | null) => page.request.put("/api/v1/account/language", { data: { language: value }, headers: { Origin: site.url } });
  expect((await language("fr")).status()).toBe(200);
  await page.goto(`/events/${id}/registrations`);
  await expect(page.getByRole("heading", { level: 1, name: `Inscriptions : ${name}` })).toBeVisible();
  await expect(page.getByTestId("registration-counts")).toContainText("2 confirmées sur 2 · 0 en attente");
  await expect(page.getByRole("table").getByRole("row").filter({ hasText: cleo.name })).toContainText("Confirmée");
  await expectNoAxeViolations(page);
  await shoot(page, "event-registrations-fr");
  expect((await language(null)).status()).toBe(200);
  await page.goto(`/events/${id}`);
  await expect(page.getByRole("region", { name: "Register" })).toContainText("Full: join the waiting list");

  // Opening and closing, in the site's time zone: closing before opening is refused beside Closes, nothing typed lost.
  const day = (days: number) => new Date(Date.now() + days * 24 * 3_600_000).toISOString().slice(0, 10);
  await page.goto(`/events/${id}/registrations`);
  const settingsForm = page.getByRole("region", { name: "Settings" });
  await settingsForm.getByLabel("Places (empty for no limit)").fill("3");
  await fillDateTime(settingsForm, "Opens", `${day(-2)}T09:00`);
  await fillDateTime(settingsForm, "Closes", `${day(-3)}T09:00`);
  await settingsForm.getByRole("button", { name: "Save settings" }).click();
  await expect(settingsForm.getByRole("alert")).toHaveText("Closes must be after Opens.");
  await expect(settingsForm.getByRole("group", { name: "Closes", exact: true }).locator("xpath=..")).toContainText("Closes must be after Opens.");
  await expect(settingsForm.getByLabel("Places (empty for no limit)")).toHaveValue("3");
  await expect(settingsForm.getByRole("spinbutton", { name: "year, Opens", exact: true })).toHaveText(day(-2).slice(0, 4));
  await fillDateTime(settingsForm, "Closes", `${day(5)}T18:30`);
  await settingsForm.getByRole("button", { name: "Save settings" }).click();
  await expect(settingsForm.getByRole("status")).toHaveText("Registration settings saved.");
  const saved = (await (await page.request.get(`/api/v1/events/${id}/registration`)).json()) as { capacity: number; opensAt: string | null; closesAt: string | null; questions: unknown[]; remainingPlaces: number };
  expect(saved).toMatchObject({ capacity: 3, remainingPlaces: 1 });
  expect(saved.opensAt).not.toBeNull();
  expect(saved.closesAt! > saved.opensAt!).toBe(true);
  expect(saved.questions).toHaveLength(1);
  await expectNoAxeViolations(page);
  await shoot(page, "event-registrations-settings");

  // The check-in link is a document load: the page comes with the check-in page's CSP, which lets its QR decoder run.
  const checkInLoad = page.waitForResponse((response) => new URL(response.url()).pathname === `/events/${id}/check-in` && response.request().resourceType() === "document");
  await page.getByRole("link", { name: "Check in at the door" }).click();
  expect((await checkInLoad).headers()["content-security-policy"]).toContain("'wasm-unsafe-eval'");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // Cancelling closes registration and cancels Cleo's place; reopening takes registrations again, Cleo stays cancelled.
  await page.goto(`/events/${id}/registrations`);
  await page.getByRole("button", { name: "Cancel this date" }).click();
  await expect(page.getByRole("button", { name: "Cancelled" })).toBeDisabled();
  await site.smtp.waitFor(cleo.email, /^Cancelled: /);
  const reopen = page.getByRole("region", { name: "Cancel" });
  await expect(reopen).toContainText("Registrations cancelled with it stay cancelled");
  await reopen.getByRole("button", { name: "Reopen registration" }).click();
  await expect(reopen.getByRole("status")).toHaveText("Registration is open again.");
  await expect(page.getByRole("table").getByRole("row").filter({ hasText: cleo.name })).toContainText("Cancelled");
  await expect(page.getByRole("button", { name: "Cancel this date" })).toBeEnabled();
  await page.goto(`/events/${id}`);
  await expect(page.getByRole("region", { name: "Register" })).toContainText("3 places left");

  // The admin's event form: its Registration section starts from the saved settings and is saved with the event.
  await page.goto("/admin/events");
  await page.getByRole("button", { name: `Edit ${name}` }).click();
  const eventForm = page.getByRole("region", { name: `Edit Event: ${name}` });
  const section = eventForm.getByRole("group", { name: "Registration" });
  await expect(section.getByLabel("Places (empty for no limit)")).toHaveValue("3");
  await expect(section.getByLabel("Take registrations")).toBeChecked();
  await expect(section.getByRole("link", { name: "More registration settings" })).toHaveAttribute("href", `/events/${id}/registrations`);
  await section.getByLabel("Places (empty for no limit)").fill("0");
  await eventForm.getByRole("button", { name: "Update Event" }).click();
  await expect(section.getByText("Capacity must be a whole number from 1 to 100000, or empty for no limit.")).toBeVisible();
  await expect(section.getByLabel("Places (empty for no limit)")).toBeFocused();
  await section.getByLabel("Places (empty for no limit)").fill("4");
  await expectNoAxeViolations(page);
  await shoot(page, "admin-event-registration");
  await eventForm.getByRole("button", { name: "Update Event" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Event "${name}" updated. Registration settings saved.` })).toBeVisible();
  expect(((await (await page.request.get(`/api/v1/events/${id}/registration`)).json()) as { capacity: number }).capacity).toBe(4);

  // The host's owner changes the places from their event's form on /mybusiness: saved at once, the event's change waits.
  const ownerEmail = await member(site, page.request, host!.id);
  const ownerContext = await browser.newContext({ baseURL: site.url });
  const owner = await ownerContext.newPage();
  await signInPage(owner, site, ownerEmail);
  await owner.goto("/mybusiness");
  const eventItem = owner.getByRole("listitem").filter({ hasText: name });
  await eventItem.getByText("Edit", { exact: true }).click();
  const ownerSection = eventItem.getByRole("group", { name: "Registration" });
  await expect(ownerSection.getByLabel("Places (empty for no limit)")).toHaveValue("4");
  await ownerSection.getByLabel("Places (empty for no limit)").fill("6");
  await shoot(owner, "my-business-event-registration");
  await eventItem.getByRole("button", { name: "Send changes for approval" }).click();
  await expect(eventItem.getByRole("status")).toContainText("Registration settings saved.");
  expect(((await (await page.request.get(`/api/v1/events/${id}/registration`)).json()) as { capacity: number }).capacity).toBe(6);
  await ownerContext.close();
});
