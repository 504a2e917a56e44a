// What a listing brings, end to end: a visitor opens a business page twice and clicks its website, a crawler and a
// browser with Global Privacy Control open it too; the owner's Insights tab then shows 1 view and 1 website click today.
import path from "node:path";
import Database from "better-sqlite3";
import { request as playwrightRequest } from "@playwright/test";
import { createOrUpdateUser } from "#server/auth/accounts.ts";
import { expect, expectNoAxeViolations, test, untilScriptsRun } from "./fixtures.ts";
import { shoot } from "./screenshots.ts";
import { E2E_DATA_DIR } from "./env.ts";

const PASSWORD = "e2e-Insights-pass-3";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

test("visits and clicks reach the owner's Insights tab; a crawler's and a GPC browser's count nothing", async ({ page, browser, baseURL, accountsRuntime }) => {
  test.setTimeout(90_000);
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const adminEmail = `admin-insights-${stamp}@example.com`;
  const ownerEmail = `owner-insights-${stamp}@example.com`;
  await createOrUpdateUser(accountsRuntime, { email: adminEmail, password: PASSWORD, role: "admin" });
  await createOrUpdateUser(accountsRuntime, { email: ownerEmail, password: PASSWORD, role: "business" });
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  expect((await admin.post("/api/auth/sign-in/email", { data: { email: adminEmail, password: PASSWORD } })).status()).toBe(200);
  const categories = (await (await admin.get("/api/v1/categories")).json()) as Array<{ id: string }>;
  const created = await admin.post("/api/v1/businesses", {
    data: { name: `Insight Bakery ${stamp}`, categoryId: categories[0]!.id, lat: 43.09, lng: -79.07, description: "Bread.", website: "https://insight-bakery.example/" },
  });
  expect(created.status()).toBe(201);
  const business = (await created.json()) as { id: string; name: string };
  expect((await admin.post(`/api/v1/businesses/${business.id}/owners`, { data: { email: ownerEmail } })).status()).toBe(200);
  await admin.dispose();

  // A visitor: two views within minutes count once; the website click counts.
  const visitor = await browser.newContext({ baseURL });
  await visitor.route("https://insight-bakery.example/**", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<title>Bakery</title>" }));
  const visit = await visitor.newPage();
  const beacons: string[] = [];
  visit.on("request", (r) => void (r.url().endsWith("/api/v1/insights/hits") && beacons.push(r.postData() ?? "")));
  await visit.goto(`/business/${business.id}`);
  await untilScriptsRun(visit);
  await expect.poll(() => beacons.length).toBe(1);
  await visit.reload();
  await untilScriptsRun(visit);
  await expect.poll(() => beacons.length).toBe(2);
  const [site] = await Promise.all([visitor.waitForEvent("page"), visit.getByRole("link", { name: /insight-bakery\.example/ }).click()]);
  await site.close();
  await expect.poll(() => beacons.length).toBe(3);
  await visitor.close();

  // A crawler's visit is answered but not counted; a browser with Global Privacy Control does not even send.
  const crawler = await browser.newContext({ baseURL, userAgent: GOOGLEBOT });
  const crawl = await crawler.newPage();
  await crawl.goto(`/business/${business.id}`);
  await untilScriptsRun(crawl);
  await crawler.close();
  const private_ = await browser.newContext({ baseURL, extraHTTPHeaders: { "Sec-GPC": "1" } });
  await private_.addInitScript(() => Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }));
  const privatePage = await private_.newPage();
  const privateBeacons: string[] = [];
  privatePage.on("request", (r) => void (r.url().endsWith("/api/v1/insights/hits") && privateBeacons.push(r.url())));
  await privatePage.goto(`/business/${business.id}`);
  await untilScriptsRun(privatePage);
  await privatePage.getByRole("link", { name: /insight-bakery\.example/ }).click({ modifiers: ["ControlOrMeta"] });
  expect(privateBeacons).toEqual([]);
  await private_.close();

  // The owner's Insights tab: 1 view and 1 website click today (the counts reach the database within a second).
  expect((await page.request.post("/api/auth/sign-in/email", { data: { email: ownerEmail, password: PASSWORD }, headers: { Origin: baseURL! } })).status()).toBe(200);
  await page.goto("/mybusiness");
  const card = page.getByRole("article", { name: business.name });
  await card.getByRole("tab", { name: "Insights" }).click();
  await expect(page).toHaveURL(new RegExp(`insights=${business.id}`));
  const figures = card.getByRole("list", { name: `Figures of ${business.name}` });
  await expect(async () => {
    await page.reload();
    await expect(figures.getByRole("listitem").filter({ hasText: "Page views" })).toContainText("1");
  }).toPass({ timeout: 10_000 });
  await expect(figures.getByRole("listitem").filter({ hasText: "Page views" })).toContainText(/^Page views\s*1\s*\(new on the previous 30 days\)$/);
  await expect(figures.getByRole("listitem").filter({ hasText: "Website clicks" })).toContainText(/^Website clicks\s*1\s/);
  await expect(figures.getByRole("listitem").filter({ hasText: "Phone clicks" })).toContainText(/^Phone clicks\s*0\s/);
  await expect(card.getByRole("img", { name: new RegExp(`${business.name}, .*page views 1`) })).toBeVisible();
  await card.getByText("Figures by day (table)").click();
  await expect(card.getByRole("table").getByRole("row")).toHaveCount(2);
  await card.getByRole("link", { name: "Last 90 days" }).click();
  await expect(page).toHaveURL(/days=90/);
  await expect(figures.getByRole("listitem").filter({ hasText: "Page views" })).toContainText("on the previous 90 days");
  await card.getByRole("link", { name: "Last 30 days" }).click();
  await expectNoAxeViolations(page);
  await shoot(page, "my-business-insights");

  // The privacy page, linked from every page's footer, says what is counted and what is not.
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Privacy" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("We never store your IP address");
  await expect(page.getByRole("main")).toContainText("Global Privacy Control or Do Not Track, nothing is counted");

  // A monthly report's one-click stop (its row as the report job leaves it): the page's button turns the report off.
  const token = `e2e-stop-${stamp}`;
  const db = new Database(path.join(E2E_DATA_DIR, "niche.sqlite"));
  const { id: userId } = db.prepare('select id from "user" where email = ?').get(ownerEmail) as { id: string };
  db.prepare('insert into insight_report ("userId", "month", "sentAt", "stopToken") values (?, ?, ?, ?)').run(userId, "2000-01", new Date().toISOString(), token);
  db.close();
  await page.goto(`/insights/stop/${token}`);
  await page.getByRole("button", { name: "Stop the report" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The monthly insights report is off." })).toBeVisible();
  await page.goto("/myaccount#notifications");
  await expect(page.getByRole("group", { name: "Monthly insights report (business owners)" }).getByRole("radio", { name: "Off" })).toBeChecked();
});
