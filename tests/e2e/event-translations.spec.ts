// An administrator adds a French name to an event beside its English one, through the Events form's "Language of
// the text" switch; the French event page and the French events list show it, the English ones keep the original,
// and the description, left untranslated, shows in English marked lang="en".
import { shoot } from "./screenshots.ts";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";

test("an administrator adds a French name to an event, and /fr/events/:id shows it @desktop-only", async ({ page, signIn }) => {
  test.setTimeout(90_000);
  await signIn("admin");
  const word = Date.now().toString(36);
  const name = `Harvest supper ${word}`;
  const french = `Souper des récoltes ${word}`;
  // Years ahead, so it heads the admin's list (newest first) and the upcoming events.
  const eventDate = new Date(Date.now() + 3 * 365 * 86_400_000 + Math.floor(Math.random() * 86_400_000)).toISOString();
  const created = await page.request.post("/api/v1/events", {
    data: { name, eventDate, location: "outdoor", outdoorLocationDescription: "Main Street", description: "Long tables down the middle of the street." },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await page.goto("/admin/events");
  await page.getByRole("button", { name: `Edit ${name}` }).click();
  const form = page.getByRole("region", { name: `Edit Event: ${name}` });
  const switcher = form.getByRole("tablist", { name: "Language of the text" });
  await expect(switcher.getByRole("tab")).toHaveText(["English", "Français"]);
  await switcher.getByRole("tab", { name: "Français" }).click();
  await form.getByLabel("Event Name (Français)").fill(french);
  await expect(form.getByLabel("Event Name", { exact: true })).toHaveValue(name);
  await expectNoAxeViolations(page);
  await shoot(page, "event-translation-form");
  await form.getByRole("button", { name: "Update Event" }).click();
  await expect(page.getByRole("tabpanel").getByRole("status").filter({ hasText: "updated" })).toHaveText(`Event "${name}" updated.`);

  // The French page: the French name as its heading; the untranslated description in English, marked so.
  await page.goto(`/fr/events/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(french);
  await expect(page.getByText("Long tables down the middle of the street.")).toHaveAttribute("lang", "en");
  await expectNoAxeViolations(page);
  await shoot(page, "event-translation-page");

  // The French list names it in French too; the English page keeps the original.
  await page.goto("/fr/events");
  await expect(page.getByRole("link", { name: french, exact: true })).toBeVisible();
  await page.goto(`/events/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
});
