// Opening hours from the admin's editor to what visitors see: the business page says "Open now", and the
// map's "Open now" switch (kept in the address) lists it among the businesses open now.
import { pick } from "./admin-helpers.ts";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";

const unique = () => Math.random().toString(36).slice(2, 7);

test("an administrator sets a business's hours; its page and the map with Open now on show it open", async ({ page, signIn }) => {
  test.setTimeout(120_000);
  await signIn("admin");
  const name = `Aardvark All-Night Diner ${unique()}`;
  await page.goto("/admin/markers");
  const panel = page.getByRole("tabpanel", { name: "Markers" });
  const form = panel.getByRole("region", { name: "Add Marker" });
  await form.getByLabel("Name", { exact: true }).fill(name);
  await pick(form.getByRole("combobox", { name: "Category" }), "Restaurants");
  await form.getByLabel("Address").fill("1 Clifton Hill, Niagara Falls, ON");
  await form.getByLabel("Latitude").fill("43.0912");
  await form.getByLabel("Longitude").fill("-79.0742");

  // Monday round the clock (a closing at 00:00 is midnight at the day's end), copied to Tuesday to Friday.
  const hours = form.getByRole("group", { name: "Opening hours" });
  await hours.getByRole("combobox", { name: "Monday" }).selectOption("Open");
  await hours.getByLabel("Monday opens (interval 1)").fill("00:00");
  await hours.getByLabel("Monday closes (interval 1)").fill("00:00");
  // An overlapping second interval is refused, naming the day, beside the hours.
  await hours.getByRole("button", { name: "Add hours to Monday" }).click();
  await hours.getByLabel("Monday opens (interval 2)").fill("08:00");
  await hours.getByLabel("Monday closes (interval 2)").fill("12:00");
  await form.getByRole("button", { name: "Add Marker" }).click();
  await expect(hours).toContainText("Monday has overlapping opening times.");
  await expect(hours).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Name", { exact: true })).toHaveValue(name);
  await hours.getByRole("button", { name: "Remove Monday interval 2" }).click();

  await hours.getByRole("button", { name: "Copy Monday to the other weekdays" }).click();
  await expect(hours.getByLabel("Friday opens (interval 1)")).toHaveValue("00:00");
  for (const day of ["Saturday", "Sunday"]) {
    await hours.getByRole("combobox", { name: day }).selectOption("Open");
    await hours.getByLabel(`${day} opens (interval 1)`).fill("00:00");
    await hours.getByLabel(`${day} closes (interval 1)`).fill("00:00");
  }
  // (Not closed on public holidays: the journey must find it open whatever day it runs.)
  await hours.getByRole("button", { name: "Add an exception" }).click();
  await hours.getByLabel("From").fill("2099-12-25");
  await hours.getByLabel("Note (optional)").fill("Christmas");
  await expectNoAxeViolations(page);
  await form.getByRole("button", { name: "Add Marker" }).click();
  await expect(panel.getByRole("status").last()).toHaveText(`Marker "${name}" added.`);

  // Its page: open now, the week with today marked.
  await panel.getByRole("searchbox").fill(name);
  await panel.getByRole("searchbox").press("Enter");
  await panel.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("Open now · open 24 hours").first()).toBeVisible();
  await expect(page.getByText("Closed Sun 25 Dec: Christmas")).toHaveCount(0); // 2099: not in the coming weeks
  const week = page.getByRole("table", { name: "Opening hours by day of the week" });
  await expect(week.getByRole("row")).toHaveCount(7);
  await expect(week.locator('tr[aria-current="date"]')).toContainText("Today");

  // The map with the switch on: kept in the address, and the business listed as open.
  await page.goto("/map");
  const all = page.getByRole("heading", { name: /^All Locations \(\d+\)$/ });
  await expect(all).toBeVisible({ timeout: 20_000 });
  const total = Number((await all.innerText()).match(/\((\d+)\)/)![1]);
  await page.getByRole("switch", { name: "Open now" }).check();
  await expect(page).toHaveURL(/[?&]open=now/);
  const list = page.getByRole("list", { name: "All Locations" });
  await expect(list.getByRole("button", { name: new RegExp(name) })).toContainText("Open now");
  const open = Number((await all.innerText()).match(/\((\d+)\)/)![1]);
  expect(open).toBeLessThan(total);
  // The map draws the open ones, and all of them again once the switch is off, and the open ones again: the sets it
  // prepared out of sight are the ones it then shows.
  const map = page.getByTestId("map");
  await expect(map).toHaveAttribute("data-drawn-points", String(open));
  await page.getByRole("switch", { name: "Open now" }).uncheck();
  await expect(map).toHaveAttribute("data-drawn-points", String(total));
  await page.getByRole("switch", { name: "Open now" }).check();
  await expect(map).toHaveAttribute("data-drawn-points", String(open));
  await page.reload();
  await expect(page.getByRole("switch", { name: "Open now" })).toBeChecked();
  await expect(page.getByRole("list", { name: "All Locations" }).getByRole("button", { name: new RegExp(name) })).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page);
});
