// An administrator brings members in from a spreadsheet: upload, watch the addresses being found, fix the one that
// was not, apply, see the new businesses on the map, and undo the import so the demo directory is as it was.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";

/** Where screenshots go when SHOTS_DIR is set (for looking at the screen, not for the test's verdict). */
async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}-${test.info().project.name}.png`), fullPage: true });
}

test("a CSV of members is previewed, geocoded, fixed, applied, shown on the map and undone", async ({ page, signIn }) => {
  test.setTimeout(90_000);
  const suffix = test.info().project.name === "phone" ? "P" : "D";
  const category = `Pop-up Shops ${suffix}`;
  // The demo data's columns, as a spreadsheet of members has them; three rows have no coordinates.
  const csv = [
    "Name,Category,Description,Address,Website,Phone,Latitude,Longitude,Tags,",
    `Harbour Kites ${suffix},${category},"Kites, flags and windsocks.",12 Queen St,https://kites.example,(905) 555-0101,43.1012,-79.0712,Family Friendly,member since 2019`,
    `Lantern Books ${suffix},${category},Used books.,14 Queen St,,(905) 555-0102,43.1015,-79.0715,,`,
    `Copper Kettle ${suffix},${category},Tea and kettles.,16 Queen St ${suffix},,,,,,`,
    `Blue Door Gifts ${suffix},${category},Gifts.,18 Queen St ${suffix},,,,,,`,
    `Hidden Studio ${suffix},${category},Pottery.,1 Nowhere Lane ${suffix},,,,,,`,
  ].join("\r\n");

  await signIn("admin");
  await page.goto("/admin/import");
  await expect(page.getByRole("tab", { name: "Import" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("heading", { name: "Import businesses from a spreadsheet" })).toBeVisible();
  await shot(page, "import-empty");

  // Nothing chosen: the message is beside the file field.
  await page.getByRole("button", { name: "Preview import" }).click();
  await expect(page.getByText("Choose a CSV file to import.")).toBeVisible();

  await page.getByLabel("CSV or calendar (.ics) file").setInputFiles({ name: "members.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByLabel("Create missing categories and tags").check();
  await page.getByRole("button", { name: "Preview import" }).click();
  await expect(page.getByRole("heading", { name: "Preview: members.csv" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/import\?id=\w+/);
  // The last column has no header: it is named by its place, and left out.
  await page.getByText("Columns (9 of 10 used)").click();
  await expect(page.getByRole("button", { name: /(^| )Column 10$/ })).toContainText("Leave out");
  await expect(page.getByRole("button", { name: /Column "Column 10"/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Column "Phone"/ })).toContainText("Phone");

  // The three addresses are looked up in the background; two are found, one is not.
  await expect(page.getByText("Addresses found on the map: 2 of 3; 1 not found (fix them below)")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("progressbar")).toHaveAttribute("value", "3");
  await expect(page.getByRole("status").filter({ hasText: "4 new, 0 updated, 0 unchanged, 1 error" })).toBeVisible();
  await expect(page.getByText("The address could not be found on the map.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Apply import" })).toBeDisabled();
  await shot(page, "import-preview");
  await expectNoAxeViolations(page);

  // Leaving the page and coming back finds the same import.
  const address = page.url();
  await page.goto("/admin/markers");
  await page.goto(address);
  await expect(page.getByRole("status").filter({ hasText: "4 new, 0 updated, 0 unchanged, 1 error" })).toBeVisible();

  // The address is nowhere: the business is placed on the map by hand, here with the keyboard.
  await page.getByRole("button", { name: "Fix line 6" }).click();
  await page.getByRole("button", { name: "Place it on the map" }).click();
  const picker = page.getByRole("region", { name: "Map to place line 6" });
  await expect(page.getByRole("button", { name: "Use the centre of the map" })).toBeEnabled({ timeout: 20_000 });
  await picker.locator("canvas").focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowUp");
  await page.waitForTimeout(400);
  await page.getByRole("button", { name: "Use the centre of the map" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Latitude [\d.]+ and longitude -[\d.]+ are filled in\. Save the row to keep them\.$/ })).toBeVisible();
  const placed = Number(await page.getByLabel("Latitude (line 6)").inputValue());
  // North of the map's starting centre (the site's default), which is where a row without a position starts.
  expect(placed).toBeGreaterThan(43.106651);
  expect(placed).toBeLessThan(43.2);
  expect(Number(await page.getByLabel("Longitude (line 6)").inputValue())).toBeCloseTo(-79.066782, 3);
  await shot(page, "import-place-on-map");
  await page.getByRole("button", { name: "Save row" }).click();
  await expect(page.getByRole("status").filter({ hasText: "5 new, 0 updated, 0 unchanged, 0 errors" })).toBeVisible();

  await page.getByRole("button", { name: "Apply import" }).click();
  await expect(page.getByText("Import applied: 5 new, 0 updated, 0 unchanged, 0 errors.")).toBeVisible();
  await shot(page, "import-applied");

  await page.goto("/map");
  const button = page.getByRole("button", { name: `${category} (5)` });
  await expect(button).toBeVisible();
  await button.click();
  const list = page.getByRole("list", { name: `${category} Locations` });
  for (const name of [`Harbour Kites ${suffix}`, `Copper Kettle ${suffix}`, `Hidden Studio ${suffix}`]) await expect(list.getByRole("button", { name: new RegExp(name) })).toBeVisible();

  // Undo leaves the directory as it was for the other journeys.
  await page.goto(address);
  await page.getByRole("button", { name: "Undo this import" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Undo this import" }).click();
  await expect(page.getByText("Import undone: the businesses are as they were before it.")).toBeVisible();
  await page.goto("/map");
  await expect(page.getByRole("heading", { name: /^All Locations/ })).toBeVisible();
  await expect(page.getByRole("button", { name: `${category} (5)` })).toHaveCount(0);
});

test("events come in from a calendar file with the same preview, a fix and a moved date, and go again with undo", async ({ page, signIn }) => {
  // A retry brings events of its own: a first attempt that stopped before its undo leaves its events behind.
  const suffix = `${test.info().project.name === "phone" ? "P" : "D"}${test.info().retry ? `R${test.info().retry}` : ""}`;
  const vevent = (lines: string[]) => ["BEGIN:VEVENT", `UID:lantern-${suffix}`, "DTSTAMP:20261101T000000Z", ...lines, `SUMMARY:Lantern Walk ${suffix}`, "END:VEVENT"];
  // A weekly walk with no place given (an error to fix), whose second week is moved to the Monday.
  const ics = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Test//EN",
    ...vevent(["DTSTART:20271212T230000Z", "RRULE:FREQ=WEEKLY;COUNT=3"]),
    ...vevent(["RECURRENCE-ID:20271219T230000Z", "DTSTART:20271220T230000Z"]),
    "END:VCALENDAR",
    "",
  ].join("\r\n");
  await signIn("admin");
  await page.goto("/admin/import");
  await page.getByLabel("CSV or calendar (.ics) file").setInputFiles({ name: "events.ics", mimeType: "text/calendar", buffer: Buffer.from(ics) });
  await page.getByRole("button", { name: "Preview import" }).click();
  await expect(page.getByRole("heading", { name: "Preview: events.ics" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "0 new, 0 updated, 0 unchanged, 1 error" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Starts" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Moved dates" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "2027-12-19 → 2027-12-20T23:00:00.000Z" })).toBeVisible();
  await expect(page.getByLabel("Separator")).toHaveCount(0);

  // The first event of the file is its line 1.
  await page.getByRole("button", { name: "Fix line 1" }).click();
  await page.getByLabel("Location (line 1)").fill("Queen Street");
  await page.getByRole("button", { name: "Save row" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 new, 0 updated, 0 unchanged, 0 errors" })).toBeVisible();
  await page.getByRole("button", { name: "Apply import" }).click();
  await expect(page.getByText("Import applied: 1 new, 0 updated, 0 unchanged, 0 errors.")).toBeVisible();
  await page.getByRole("button", { name: "Undo this import" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Undo this import" }).click();
  await expect(page.getByText("Import undone: the events are as they were before it.")).toBeVisible();
});

test("the admin lists link to their CSV exports", async ({ page, signIn }) => {
  await signIn("admin");
  for (const [tab, file, what] of [["markers", "businesses", "businesses"], ["events", "events", "events"], ["offers", "offers", "offers"]] as const) {
    await page.goto(`/admin/${tab}`);
    const link = page.getByRole("link", { name: `Export CSV of all ${what}` });
    await expect(link).toHaveAttribute("href", `/api/v1/exports/${file}.csv`);
    const download = page.waitForEvent("download");
    await link.click();
    expect((await download).suggestedFilename()).toMatch(new RegExp(`^${file}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  }
});
