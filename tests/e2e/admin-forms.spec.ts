// How the admin's forms report faults and how its tabs behave as addresses: every wrong field gets its own
// message beside it at once (tied to the control for screen readers), a refusal from the server lands on the
// field it names, and each tab, list page and search is an address that reloads and goes Back.
import type { Locator } from "@playwright/test";
import { choose, pick, select } from "./admin-helpers.ts";
import { allowConsoleError, expect, expectNoAxeViolations, test } from "./fixtures.ts";

/** The message a control is described by: its aria-describedby must name an element holding `text`. */
async function expectFieldError(control: Locator, text: string) {
  await expect(control).toHaveAttribute("aria-invalid", "true");
  const ids = (await control.getAttribute("aria-describedby"))?.split(/\s+/).filter(Boolean) ?? [];
  expect(ids.length).toBeGreaterThan(0);
  const described = await Promise.all(ids.map((id) => control.page().locator(`[id="${id}"]`).innerText()));
  expect(described.join(" ")).toContain(text);
  // Beside the field: in the same field frame as the control, not in a summary elsewhere.
  const frame = control.locator("xpath=ancestor::div[contains(@class,'min-w-0')][1]");
  await expect(frame).toContainText(text);
}

test("three wrong fields get three messages at once, each beside its field, and nothing typed is lost", async ({ page, signIn }) => {
  // A long journey: on a busy machine it takes near the default 30 s.
  test.setTimeout(90_000);
  await signIn("admin");
  await page.goto("/admin/markers");
  const form = page.getByRole("region", { name: "Add Marker" });
  await form.getByLabel("Name", { exact: true }).fill("Harbour Kites");
  await pick(form.getByRole("combobox", { name: "Category" }), "Shops & Boutiques");
  await form.getByLabel("Description").fill("Kites, spools and string for the whole family.");
  await form.getByLabel("Latitude").fill("123");
  await form.getByLabel("Longitude").fill("-200");
  await form.getByLabel("Website").fill("harbour kites");
  await form.getByRole("button", { name: "Add Marker" }).click();

  await expectFieldError(form.getByLabel("Latitude"), "Latitude must be a number between -90 and 90.");
  await expectFieldError(form.getByLabel("Longitude"), "Longitude must be a number between -180 and 180.");
  await expectFieldError(form.getByLabel("Website"), "Website must be a web address starting with http:// or https://.");
  // The fields that were right are not marked.
  await expect(form.getByLabel("Name", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
  // The first wrong field has the focus, so a keyboard or screen-reader user starts where the fault is.
  await expect(form.getByLabel("Latitude")).toBeFocused();
  // The spec's form-level sentence still appears.
  await expect(page.getByRole("tabpanel").getByRole("alert")).toHaveText("Latitude must be a number between -90 and 90.");
  await expect(form.getByLabel("Name", { exact: true })).toHaveValue("Harbour Kites");
  await expect(form.getByLabel("Description")).toHaveValue("Kites, spools and string for the whole family.");
  await expect(form.getByLabel("Website")).toHaveValue("harbour kites");
  await expect(form.getByLabel("Latitude")).toHaveValue("123");
  await expectNoAxeViolations(page);

  // Mending one field clears its message on the next try; the others stay until they are mended too.
  await form.getByLabel("Latitude").fill("43.1");
  await form.getByRole("button", { name: "Add Marker" }).click();
  await expect(form.getByLabel("Latitude")).not.toHaveAttribute("aria-invalid", "true");
  await expectFieldError(form.getByLabel("Longitude"), "Longitude must be a number between -180 and 180.");
  await expectFieldError(form.getByLabel("Website"), "Website must be a web address starting with http:// or https://.");
});

test("a refusal from the server lands on the field it names, and keeps what was typed", async ({ page, signIn }) => {
  // The taken page address is refused by the API (409), which the browser notes in its console.
  allowConsoleError("status of 409");
  await signIn("admin");
  await page.goto("/admin/pages");
  const form = page.getByRole("region", { name: "Add Page" });
  await form.getByLabel("Page Name").fill("About the Association");
  await choose(select(form, "Permission"), "Public");
  const editor = form.getByRole("textbox", { name: "Content" });
  await editor.click();
  await page.keyboard.type("A second page under the same address.");
  await form.getByRole("button", { name: "Add Page" }).click();

  const message = "Another page already has the address /pages/about-the-association. Please choose a different name.";
  await expectFieldError(form.getByLabel("Page Name"), message);
  await expect(form.getByLabel("Page Name")).toHaveValue("About the Association");
  await expect(editor).toContainText("A second page under the same address.");
});

test("each tab is an address: it reloads as it was, and Back returns to the tab before", async ({ page, signIn }) => {
  await signIn("admin");
  const tabs = page.getByRole("tablist", { name: "Admin sections" });
  await page.goto("/admin");
  await expect(page).toHaveURL("/admin/my-account");

  await page.goto("/admin/markers");
  await expect(tabs.getByRole("tab", { name: "Markers" })).toHaveAttribute("aria-selected", "true");
  await tabs.getByRole("tab", { name: "Events" }).click();
  await expect(page).toHaveURL("/admin/events");
  await expect(page.getByRole("tabpanel", { name: "Events" })).toBeVisible();

  await page.reload();
  await expect(tabs.getByRole("tab", { name: "Events" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel", { name: "Events" }).getByRole("heading", { name: "Add Event" })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL("/admin/markers");
  await expect(tabs.getByRole("tab", { name: "Markers" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel", { name: "Markers" }).getByRole("heading", { name: "Add Marker" })).toBeVisible();
});

test("a list's search and order are in the address, found again on reload", async ({ page, signIn }) => {
  await signIn("admin");
  await page.goto("/admin/markers");
  const panel = page.getByRole("tabpanel", { name: "Markers" });
  const list = panel.getByRole("list", { name: "Markers" });
  await expect(list.getByRole("listitem").first()).toBeVisible();
  await panel.getByLabel("Find by name").fill("bistro");
  await expect(page).toHaveURL(/[?&]q=bistro/);
  await expect(list.getByRole("link", { name: "The Maple & Oak Bistro" })).toBeVisible();
  // Only once the list has been read again for the search.
  await expect(list.getByRole("link").filter({ hasNotText: /bistro/i })).toHaveCount(0);
  const found = await list.getByRole("listitem").count();

  await page.reload();
  await expect(panel.getByLabel("Find by name")).toHaveValue("bistro");
  await expect(list.getByRole("listitem")).toHaveCount(found);
  for (const name of await list.getByRole("link").allInnerTexts()) expect(name.toLowerCase()).toContain("bistro");

  // The order: names A to Z as usual, Z to A when chosen, and the choice survives a reload.
  await panel.getByLabel("Find by name").fill("");
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(select(panel, "Order")).toHaveText("Name A–Z");
  await expect.poll(() => list.getByRole("link").count()).toBeGreaterThan(found);
  const usual = await list.getByRole("link").allInnerTexts();
  expect(usual.indexOf("Clay Studio Collective")).toBeLessThan(usual.indexOf("The Tipsy Barrel"));
  await choose(select(panel, "Order"), "Name Z–A");
  await expect(page).toHaveURL(/[?&]sort=desc/);
  await expect(list.getByRole("link")).toHaveText([...usual].reverse());
  await page.reload();
  await expect(select(panel, "Order")).toHaveText("Name Z–A");
  await expect(list.getByRole("link")).toHaveText([...usual].reverse());
});

test("a page past the list's last (its only item deleted, or an old link) opens the last page instead", async ({ page, signIn }) => {
  await signIn("admin");
  await page.goto("/admin/markers?page=999");
  // The last page: the first while the markers fit one page, as on the demo.
  await expect(page).toHaveURL(/[?&]page=\d{1,2}(&|$)/);
  await expect(page.getByRole("list", { name: "Markers" }).getByRole("listitem").first()).toBeVisible();
});

test("a marker's e-mail address is checked beside its field, then shown on the business page as a mailto link and in its JSON-LD", async ({ page, signIn }) => {
  await signIn("admin");
  const name = `Harbour Kites ${Date.now()}`;
  await page.goto("/admin/markers");
  const form = page.getByRole("region", { name: "Add Marker" });
  await form.getByLabel("Name", { exact: true }).fill(name);
  await pick(form.getByRole("combobox", { name: "Category" }), "Shops & Boutiques");
  await form.getByLabel("Latitude").fill("43.1");
  await form.getByLabel("Longitude").fill("-79.07");
  await form.getByLabel("Email").fill("kites at harbour");
  await form.getByRole("button", { name: "Add Marker" }).click();
  await expectFieldError(form.getByLabel("Email"), "Email must be an email address, like name@example.com.");
  await expect(form.getByLabel("Email")).toHaveValue("kites at harbour");

  await form.getByLabel("Email").fill("hello@harbourkites.example");
  await form.getByRole("button", { name: "Add Marker" }).click();
  await expect(page.getByRole("tabpanel").getByRole("status").last()).toHaveText(`Marker "${name}" added.`);
  await page.getByRole("tabpanel").getByLabel("Find by name").fill(name);
  // Once the list has been read for the search (leaving while it loads is not what this journey is about).
  const found = page.getByRole("tabpanel").getByRole("list", { name: "Markers" }).getByRole("link");
  await expect(found).toHaveText([name]);
  await found.click();

  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByRole("link", { name: "hello@harbourkites.example" })).toHaveAttribute("href", "mailto:hello@harbourkites.example");
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const nodes = blocks.map((text) => JSON.parse(text) as Record<string, unknown>).flatMap((block) => (Array.isArray(block["@graph"]) ? (block["@graph"] as Array<Record<string, unknown>>) : [block]));
  expect(nodes.find((node) => node["@type"] === "LocalBusiness")?.email).toBe("hello@harbourkites.example");

  // The add-marker page offers the same field.
  await page.goto("/add-marker");
  await expect(page.getByRole("main").getByLabel("Email")).toHaveAttribute("type", "email");
});
