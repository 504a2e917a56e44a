// The association's insights end to end: a visitor's search in the header finds nothing, and the words then appear in
// /admin/insights under "Searched for and not found", in its period's views and in the table's CSV.
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { shoot } from "./screenshots.ts";

test("a search that found nothing appears in the association's insights", async ({ page, browser, baseURL, signIn }) => {
  test.setTimeout(60_000);
  const words = `zebra quilt ${Date.now().toString(36)}`;

  // A visitor searches in the header, finds nothing, and the page tells the counters so.
  const visitor = await browser.newContext({ baseURL });
  const visit = await visitor.newPage();
  const beacons: string[] = [];
  visit.on("request", (r) => void (r.url().endsWith("/api/v1/insights/hits") && beacons.push(r.postData() ?? "")));
  await visit.goto("/");
  const box = visit.getByRole("banner").getByRole("combobox", { name: "Search" });
  await box.fill(`  ${words.toUpperCase()} `);
  await box.press("Enter");
  await expect(visit.getByRole("heading", { level: 1 })).toHaveText(`Results for "${words.toUpperCase()}"`);
  await expect(visit.getByText(`No results for "${words.toUpperCase()}".`)).toBeVisible();
  await expect.poll(() => beacons.some((body) => body.includes('"no-results"'))).toBe(true);
  await visitor.close();

  // The administrator's Insights tab shows the words, normalised, once the counts are written (within a second).
  await signIn("admin");
  await page.goto("/admin/insights");
  await expect(page.getByRole("tab", { name: "Insights", selected: true })).toBeVisible();
  const notFound = page.getByRole("region", { name: "Searched for and not found" });
  await expect(async () => {
    await page.reload();
    await expect(notFound.getByRole("row", { name: `${words} 1` })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await expect(page.getByRole("img", { name: /^Page views of businesses, offers and events by day/ })).toBeVisible();

  await page.getByRole("link", { name: "Last 90 days" }).click();
  await expect(page).toHaveURL(/\/admin\/insights\?days=90$/);
  await expect(notFound.getByRole("row", { name: `${words} 1` })).toBeVisible();
  // The period's link is drawn again after the address changes: wait for it rather than read it once.
  const csvLink = notFound.getByRole("link", { name: "Export CSV of searched for and not found" });
  await expect(csvLink).toHaveAttribute("href", "/api/v1/exports/insights/missed-searches.csv?days=90");
  const csvHref = await csvLink.getAttribute("href");
  const csv = await page.request.get(csvHref!);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toMatch(new RegExp(`^${words},1,`, "m"));

  await expectNoAxeViolations(page);
  await shoot(page, "admin-insights");
});
