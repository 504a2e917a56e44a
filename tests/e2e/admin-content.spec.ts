// Journeys through the Events, Posts and Offers tabs: each item is added, edited and deleted through the
// dashboard, the public pages follow, and every validation and confirmation text appears for its case.
import type { Page } from "@playwright/test";
import { makeImage } from "../fixtures/images.ts";
import { choose, confirmDelete, fillDateTime, pick, select, selectOptions } from "./admin-helpers.ts";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";

const panel = (page: Page) => page.getByRole("tabpanel");
const formStatus = (page: Page, text: string) => panel(page).getByRole("status").filter({ hasText: text });

/** A date and time a year ahead (so the event is upcoming and the post the newest), unique per run. */
function future(offsetMinutes = 0): string {
  const date = new Date(Date.now() + 365 * 24 * 3600_000 + offsetMinutes * 60_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

async function uploadImage(page: Page, label: string, fileName: string) {
  await page.getByLabel(label).setInputFiles({ name: fileName, mimeType: "image/png", buffer: await makeImage("png", 640, 360) });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(panel(page).getByRole("status").filter({ hasText: "Upload complete." })).toBeVisible();
}

test("an admin adds, edits and deletes an event, and /events follows", async ({ page, signIn }) => {
  test.setTimeout(120_000);
  await signIn("admin");
  const name = `Lantern Walk ${Date.now()}`;
  await page.goto("/admin/events");
  const form = page.getByRole("region", { name: "Add Event" });

  await form.getByRole("button", { name: "Add Event" }).click();
  await expect(panel(page).getByRole("alert")).toHaveText("Event Name, Event Date, and Location Type are required.");

  await form.getByLabel("Event Name").fill(`  ${name}  `);
  await fillDateTime(form, "Event Date", future());
  await pick(form.getByRole("combobox", { name: "Location Type" }), "Outdoor");
  await form.getByRole("button", { name: "Add Event" }).click();
  await expect(panel(page).getByRole("alert")).toHaveText("Outdoor Location Description is required for 'Outdoor' events.");

  await form.getByLabel("Outdoor Location Description").fill("Montebello Park bandshell");
  await form.getByLabel("Description", { exact: true }).fill("Bring a lantern and walk the river path with neighbours.");
  await form.getByLabel("Tickets Link (optional)").fill("https://tickets.example/lanterns");
  await uploadImage(page, "Event Image", "lanterns.png");
  await expect(form.getByRole("img", { name: `Image of ${name}` })).toBeVisible();
  await form.getByRole("button", { name: "Add Event" }).click();
  await expect(formStatus(page, "added")).toHaveText(`Event "${name}" added.`);
  const list = page.getByRole("list", { name: "Events" });
  const item = list.getByRole("listitem").filter({ hasText: name });
  await expect(item).toContainText("Montebello Park bandshell");
  await expect(item).toContainText("Bring a lantern and walk the river path with neighbours.");
  await expect(form.getByLabel("Event Name")).toHaveValue("");
  await expectNoAxeViolations(page);

  await page.goto("/events");
  const card = page.getByRole("article").filter({ hasText: name });
  await expect(card).toContainText("Montebello Park bandshell");
  await expect(card.getByRole("img", { name })).toBeVisible();
  await expect(card.getByRole("link", { name: /Get Tickets/ })).toHaveAttribute("href", "https://tickets.example/lanterns");

  await page.goto("/admin/events");
  await page.getByRole("button", { name: `Edit ${name}` }).click();
  const editForm = page.getByRole("region", { name: `Edit Event: ${name}` });
  await expect(editForm.getByLabel("Event Name")).toHaveValue(name);
  await expect(editForm.getByLabel("Outdoor Location Description")).toHaveValue("Montebello Park bandshell");
  await editForm.getByRole("button", { name: "Cancel Edit" }).click();
  await expect(page.getByRole("region", { name: "Add Event" }).getByLabel("Event Name")).toHaveValue("");

  await page.getByRole("button", { name: `Edit ${name}` }).click();
  // Moving the event to a business clears (and hides) the outdoor description.
  const business = await pick(editForm.getByRole("combobox", { name: "Location Type" }), undefined, ["Outdoor"]);
  await expect(editForm.getByLabel("Outdoor Location Description")).toHaveCount(0);
  await pick(editForm.getByRole("combobox", { name: "Location Type" }), "Outdoor");
  await expect(editForm.getByLabel("Outdoor Location Description")).toHaveValue("");
  await pick(editForm.getByRole("combobox", { name: "Location Type" }), business);
  await editForm.getByRole("button", { name: "Update Event" }).click();
  await expect(formStatus(page, "updated")).toHaveText(`Event "${name}" updated.`);
  await expect(item).toContainText(business);

  await page.goto("/events");
  await expect(page.getByRole("article").filter({ hasText: name })).toContainText(business);

  await page.goto("/admin/events");
  await page.getByRole("button", { name: `Edit ${name}` }).click();
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await confirmDelete(page, `Are you sure you want to delete the event "${name}"? This action cannot be undone.`);
  await expect(formStatus(page, "deleted")).toHaveText(`Event "${name}" deleted.`);
  await expect(item).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Add Event" }).getByLabel("Event Name")).toHaveValue("");

  await page.goto("/events");
  await expect(page.getByText(name)).toHaveCount(0);
});

test("an admin adds, edits and deletes a post, and the home page shows its text", async ({ page, signIn }) => {
  test.setTimeout(120_000);
  await signIn("admin");
  const title = `Patio season ${Date.now()}`;
  await page.goto("/admin/posts");
  const form = page.getByRole("region", { name: "Add Post" });

  await form.getByRole("button", { name: "Add Post" }).click();
  await expect(panel(page).getByRole("alert")).toHaveText("Title, Author, Content, and Datetime are required.");

  await form.getByLabel("Title").fill(title);
  const author = await choose(select(form, "Author"), undefined, ["Select an author"]);
  await fillDateTime(form, "Datetime", future(1));
  await form.getByRole("textbox", { name: "Content" }).click();
  await page.keyboard.type("Patios open downtown this weekend.");
  await form.getByLabel("Link (optional)").fill("javascript:alert(1)");
  await form.getByRole("button", { name: "Add Post" }).click();
  await expect(panel(page).getByRole("alert")).toHaveText("Link must be a web address starting with http:// or https://.");
  await form.getByLabel("Link (optional)").fill("https://news.example/patios");
  await uploadImage(page, "Post Image", "patio.png");
  await form.getByRole("button", { name: "Add Post" }).click();
  await expect(formStatus(page, "added")).toHaveText(`Post "${title}" added.`);
  const item = page.getByRole("list", { name: "Posts" }).getByRole("listitem").filter({ hasText: title });
  await expect(item).toContainText(`By: ${author}`);
  await expect(item).toContainText("Patios open downtown this weekend.");
  await expectNoAxeViolations(page);

  await page.goto("/");
  const card = page.getByRole("article").filter({ hasText: title });
  await expect(card).toContainText(`By: ${author} | Published:`);
  await expect(card).toContainText("Patios open downtown this weekend.");
  await expect(card).not.toContainText("<");
  await expect(card.getByRole("img", { name: title })).toBeVisible();
  await expect(card.getByRole("link", { name: /Read more/ })).toHaveAttribute("href", "https://news.example/patios");

  await page.goto("/admin/posts");
  await page.getByRole("button", { name: `Edit ${title}` }).click();
  const editForm = page.getByRole("region", { name: `Edit Post: ${title}` });
  await expect(editForm.getByLabel("Title")).toHaveValue(title);
  await expect(editForm.getByRole("textbox", { name: "Content" })).toContainText("Patios open downtown");
  await editForm.getByRole("button", { name: "Cancel Edit" }).click();
  await expect(page.getByRole("region", { name: "Add Post" }).getByLabel("Title")).toHaveValue("");

  await page.getByRole("button", { name: `Edit ${title}` }).click();
  await editForm.getByRole("textbox", { name: "Content" }).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Patios open Friday, rain or shine.");
  await editForm.getByRole("button", { name: "Remove image" }).click();
  await editForm.getByRole("button", { name: "Update Post" }).click();
  await expect(formStatus(page, "updated")).toHaveText(`Post "${title}" updated.`);
  await expect(item).toContainText("Patios open Friday, rain or shine.");

  await page.goto("/");
  const updated = page.getByRole("article").filter({ hasText: title });
  await expect(updated).toContainText("Patios open Friday, rain or shine.");
  await expect(updated.getByRole("img")).toHaveCount(0);

  await page.goto("/admin/posts");
  await page.getByRole("button", { name: `Delete ${title}` }).click();
  await confirmDelete(page, `Are you sure you want to delete the post "${title}"? This action cannot be undone.`);
  await expect(formStatus(page, "deleted")).toHaveText(`Post "${title}" deleted.`);
  await expect(item).toHaveCount(0);
  await page.goto("/");
  await expect(page.getByText(title)).toHaveCount(0);
});

test("an admin adds, edits and deletes an offer, and /offers follows", async ({ page, signIn }) => {
  test.setTimeout(120_000);
  await signIn("admin");
  const description = `Second coffee free ${Date.now()}`;
  await page.goto("/admin/offers");
  const form = page.getByRole("region", { name: "Add Offer" });

  await form.getByRole("button", { name: "Add Offer" }).click();
  await expect(panel(page).getByRole("alert")).toHaveText("Business, Description, and Type are required.");
  expect(await selectOptions(select(form, "Type"))).toEqual([
    "Select a type",
    "Discount",
    "Percentage Off",
    "Fixed Price",
    "BOGO",
    "Service Special",
    "Product Special",
    "Free Item",
    "Other",
  ]);

  const business = await pick(form.getByRole("combobox", { name: "Business" }));
  await choose(select(form, "Type"), "BOGO");
  await form.getByLabel("Description").fill(description);
  await form.getByLabel("Price (optional)").fill("$4 value");
  await form.getByLabel("Terms (optional)").fill("Weekdays only");
  await form.getByRole("button", { name: "Add Offer" }).click();
  await expect(formStatus(page, "added")).toHaveText("Offer added.");
  const item = page.getByRole("list", { name: "Offers" }).getByRole("listitem").filter({ hasText: description });
  await expect(item).toContainText(`BOGO at ${business}`);
  await expectNoAxeViolations(page);

  await page.goto("/offers");
  const card = page.getByRole("article").filter({ hasText: description });
  await expect(card).toContainText(`BOGO at ${business}`);
  await expect(card).toContainText("Value: $4 value");
  await expect(card).toContainText("Terms: Weekdays only");

  await page.goto("/admin/offers");
  await page.getByRole("button", { name: `Edit BOGO at ${business}` }).first().click();
  // Editing the newest offer of this business: it is ours when the form shows our description.
  const editForm = page.getByRole("region", { name: `Edit Offer: BOGO at ${business}` });
  await expect(editForm.getByLabel("Description")).toHaveValue(description);
  await editForm.getByRole("button", { name: "Cancel Edit" }).click();
  await expect(page.getByRole("region", { name: "Add Offer" }).getByLabel("Description")).toHaveValue("");

  await item.getByRole("button", { name: "Edit" }).click();
  await choose(select(editForm, "Type"), "Free Item");
  await editForm.getByRole("button", { name: "Update Offer" }).click();
  await expect(formStatus(page, "updated")).toHaveText("Offer updated.");
  await expect(item).toContainText(`Free Item at ${business}`);

  await page.goto("/offers");
  await expect(page.getByRole("article").filter({ hasText: description })).toContainText(`Free Item at ${business}`);

  await page.goto("/admin/offers");
  await item.getByRole("button", { name: "Delete" }).click();
  await confirmDelete(page, `Are you sure you want to delete the offer "Free Item at ${business}"? This action cannot be undone.`);
  await expect(formStatus(page, "deleted")).toHaveText(`Offer "Free Item at ${business}" deleted.`);
  await expect(item).toHaveCount(0);
  await page.goto("/offers");
  await expect(page.getByText(description)).toHaveCount(0);
});
