// Empty states, content created in the test and each section's failure, on a server of its own:
// it starts on an empty database (DEMO_CONTENT=false); the test then writes rows, and finally drops
// tables for real, so a section fails the way it would if its table were lost.
import { execFileSync } from "node:child_process";
import path from "node:path";
import SQLite from "better-sqlite3";
import type { Kysely } from "kysely";
import { allowConsoleError, expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { SERVER_ENV, startAppProcess, type AppProcess } from "./app-process.ts";
import { E2E_DATA_DIR } from "./env.ts";
import { openDatabase, type Database } from "#server/db/database.ts";
import type { DB } from "#server/db/database-types.ts";
import { createBusiness, createEvent, createOffer, createPost, createTag } from "#server/db/factories.ts";
import { formatLongDate } from "#shared/format.ts";

test.describe.configure({ mode: "serial" });

let app: AppProcess | undefined;
let base = "";
let dataDir = "";
let database: Database | undefined;
/** An administrator of this server, for its admin pages. */
const admin = { email: "states-admin@example.com", password: "e2e-Password-1" };

test.beforeAll(async () => {
  dataDir = `${E2E_DATA_DIR}-states-${test.info().project.name}`;
  // Its log is its stdout alone (errors only), one JSON object a line: see loggedFailures.
  app = await startAppProcess({
    dataDir,
    env: { ...SERVER_ENV, DEMO_CONTENT: "false", MAP_STYLE_URL: "offline", LOG_LEVEL: "error" },
    output: "stdout",
    ready: { healthz: "localhost" },
    wait: { tries: 150 },
    ifNotReady: "go on",
  });
  base = app.url;
  database = openDatabase({ sqlitePath: path.join(dataDir, "niche.sqlite") });
  // Made now: the command migrates the database first, which it cannot once tables are dropped.
  execFileSync(process.execPath, ["src/server/cli/user-create.ts", "--email", admin.email, "--password", admin.password, "--role", "admin"], {
    env: { ...process.env, DATA_DIR: dataDir, DEMO_CONTENT: "false", LOG_LEVEL: "silent" },
  });
});

test.afterAll(async () => {
  await database?.close();
  await app?.stop();
});

const db = (): Kysely<DB> => database!.db;

/** The failures to load a page's data that the server logged. */
function loggedFailures() {
  return app!
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { msg?: string; what?: string; err?: { message?: string } })
    .filter((entry) => entry.msg === "page data failed to load");
}

/** Drops a table on the running server's database, without cascading deletes into tables that refer to it. */
function dropTable(name: string) {
  const sqlite = new SQLite(path.join(dataDir, "niche.sqlite"));
  try {
    sqlite.pragma("foreign_keys = OFF");
    sqlite.exec(`drop table "${name}"`);
    // Dropping a table is no change of content: without this, visitors would keep getting the pages made before.
    sqlite.exec("update content_version set version = version + 1");
  } finally {
    sqlite.close();
  }
}

const DAY = 24 * 60 * 60 * 1000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();

test("an empty site shows every empty text", async ({ page }) => {
  await page.goto(`${base}/`);
  await expect(page.getByRole("heading", { level: 1, name: "Find Your Niche" })).toBeVisible();
  await expect(page.getByText("No recent posts to display.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Upcoming Events" })).toContainText("No upcoming events scheduled.");
  await expect(page.getByRole("heading", { name: "Current Offers" })).toHaveCount(0);
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.goto(`${base}/events`);
  await expect(page.getByRole("region", { name: "Upcoming Events" })).toContainText("No upcoming events scheduled.");
  await expect(page.getByRole("region", { name: "Past Events" })).toContainText("No past events to display.");
  await expectNoAxeViolations(page);

  await page.goto(`${base}/offers`);
  await expect(page.getByText("No current offers available. Check back soon!")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("content created in the test appears with the spec's texts", async ({ page }) => {
  const venue = await createBusiness(db(), { name: "Test Venue Hall", address: "12 Queen Street" });
  const tag = await createTag(db(), { name: "Arts & Crafts" });
  await createBusiness(db(), { name: "Crafty Corner", tagIds: [tag.id], description: "x".repeat(160) });
  const longText = `${"Downtown news. ".repeat(20)}`;
  const post = await createPost(db(), { title: "Created post", authorDisplayName: null, content: longText, link: "https://example.org/more", datetime: at(-1) });
  await createPost(db(), { title: "Short post", authorDisplayName: "Ann Author", content: "Short.", datetime: at(-2) });
  const outdoor = await createEvent(db(), { name: "Open air", location: "outdoor", outdoorLocationDescription: null, eventDate: at(1), description: "y".repeat(160) });
  await createEvent(db(), { name: "At the hall", location: venue.id, eventDate: at(2), ticketsLink: "https://tickets.example/hall" });
  await createEvent(db(), { name: "Lost venue", location: "ZyXwVuTsRqPoNmLkJiHg", eventDate: at(3) });
  await createEvent(db(), { name: "Later still", eventDate: at(9) });
  await createEvent(db(), { name: "Already over", eventDate: at(-3), location: venue.id });
  await createOffer(db(), { businessId: venue.id, businessName: null, type: "BOGO", description: "Two for one", price: "$5", terms: "Weekdays." });
  await createOffer(db(), { businessId: venue.id, businessName: "Test Venue Hall", type: "", description: "Mystery deal", createdAt: at(-1) });

  await page.goto(`${base}/`);
  const news = page.getByRole("region", { name: "Latest news" });
  const created = news.getByRole("article").filter({ hasText: "Created post" });
  await expect(created).toContainText(`By: Unknown | Published: ${formatLongDate(post.datetime, "America/Toronto")}`);
  await expect(created).toContainText(`${longText.slice(0, 200)}...`);
  await expect(created.getByRole("link", { name: /^Read more/ })).toHaveAttribute("href", "https://example.org/more");
  await expect(news.getByRole("article").filter({ hasText: "Short post" })).toContainText("By: Ann Author | Published:");
  await expect(news.getByRole("article").filter({ hasText: "Short post" }).getByRole("link", { name: /^Read more/ })).toHaveCount(0);

  const events = page.getByRole("region", { name: "Upcoming Events" });
  await expect(events.getByRole("article")).toHaveCount(3);
  await expect(events.getByRole("article").nth(0)).toContainText(`${formatLongDate(outdoor.eventDate, "America/Toronto")} | Outdoor Event`);
  await expect(events.getByRole("article").nth(0)).toContainText(`${"y".repeat(150)}...`);
  await expect(events.getByRole("article").nth(1)).toContainText("| Test Venue Hall");
  await expect(events.getByRole("article").nth(1).getByRole("link", { name: /^Get Tickets/ })).toHaveAttribute("href", "https://tickets.example/hall");
  await expect(events.getByRole("article").nth(2)).toContainText("| Unknown Location (ID: ZyXwV...)");

  const offers = page.getByRole("region", { name: "Current Offers" });
  await expect(offers.getByRole("heading", { name: "BOGO at A Business" })).toBeVisible();
  await expect(offers).toContainText("Value: $5");

  await page.goto(`${base}/events`);
  await expect(page.getByRole("region", { name: "Upcoming Events" }).getByRole("article")).toHaveCount(4);
  await expect(page.getByRole("region", { name: "Upcoming Events" })).toContainText(`${"y".repeat(100)}...`);
  await expect(page.getByRole("region", { name: "Past Events" })).toContainText("Already over");

  await page.goto(`${base}/offers`);
  await expect(page.getByRole("heading", { name: "Special Offer at Test Venue Hall" })).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: "Two for one" })).toContainText("Terms: Weekdays.");

  await page.goto(`${base}/tag/arts-crafts`);
  await expect(page.getByRole("heading", { level: 1, name: "Arts & Crafts" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Crafty Corner" })).toContainText(`${"x".repeat(150)}...`);

  await page.goto(`${base}/business/${venue.id}`);
  const venueEvents = await page.getByRole("region", { name: "Events at Test Venue Hall" }).getByRole("article").getByRole("heading").allTextContents();
  expect(venueEvents).toEqual(["At the hall", "Already over"]);
});

test("a failing section adds its sentence to one red message while the others still show", async ({ page }) => {
  // With its tables gone, the home page's map asks for its data and gets a server error, as it should.
  allowConsoleError("status of 500");
  // The home page's map loads when it comes into view; its failure joins the same one red message.
  const homeAlert = () => page.getByRole("alert");
  dropTable("post");
  await page.goto(`${base}/`);
  await expect(homeAlert()).toHaveText("Failed to load posts.");
  await expect(page.getByRole("region", { name: "Upcoming Events" }).getByRole("article")).toHaveCount(3);
  await expect(page.getByRole("heading", { name: "Current Offers" })).toBeVisible();
  await expectNoAxeViolations(page);

  dropTable("business");
  // The map asks for its data once it is in view; its failure is the same sentence, said once.
  let mapData = page.waitForResponse((r) => r.url().includes("/api/v1/geo/map-data"));
  await page.goto(`${base}/`);
  await expect(homeAlert()).toHaveText("Failed to load posts. Failed to load marker locations.");
  await page.getByTestId("home-map").scrollIntoViewIfNeeded();
  expect((await mapData).status()).toBe(500);
  await expect(homeAlert()).toHaveText("Failed to load posts. Failed to load marker locations.");
  // Events still show; a business location can't be named now.
  await expect(page.getByRole("region", { name: "Upcoming Events" }).getByRole("article").nth(1)).toContainText("| Specific Location");

  await page.goto(`${base}/events`);
  await expect(page.getByRole("alert")).toHaveText("Failed to load marker locations.");
  await expect(page.getByRole("region", { name: "Upcoming Events" }).getByRole("article")).toHaveCount(4);

  const response = await page.goto(`${base}/business/AbCdEfGhIjKlMnOpQrSt`);
  expect(response?.status()).toBe(503);
  await expect(page.getByRole("alert")).toHaveText("Failed to load business details. Please try again later.");

  await page.goto(`${base}/tag/arts-crafts`);
  await expect(page.getByRole("alert")).toHaveText('Failed to load businesses for tag/category "Arts & Crafts". Please try again later.');

  dropTable("offer");
  dropTable("event");
  mapData = page.waitForResponse((r) => r.url().includes("/api/v1/geo/map-data"));
  await page.goto(`${base}/`);
  await expect(homeAlert()).toHaveText(/^Failed to load posts\. Failed to load events\. Failed to load offers\./);
  // Without events the page knows no locations to miss; the map's own failure then adds the sentence.
  await page.getByTestId("home-map").scrollIntoViewIfNeeded();
  expect((await mapData).status()).toBe(500);
  await expect(homeAlert()).toHaveText("Failed to load posts. Failed to load events. Failed to load offers. Failed to load marker locations.");
  await page.goto(`${base}/events`);
  await expect(page.getByRole("alert")).toHaveText("Failed to load events.");
  await page.goto(`${base}/offers`);
  await expect(page.getByRole("alert")).toHaveText("Failed to load offers. Please try again later.");
  await expectNoAxeViolations(page);
  // Each failure the pages told of in place is in the server's log, named by what was being loaded.
  await expect
    .poll(() => loggedFailures().map((entry) => entry.what))
    .toEqual(expect.arrayContaining(["home posts", "home events", "home offers", "business", "tag", "events", "offers"]));
});

test("a page whose data cannot be read shows its group's error page inside the site's header and footer", async ({ page }) => {
  // With the pages' table gone, a CMS page's loader fails: the public pages' error boundary takes the page.
  dropTable("page");
  const response = await page.goto(`${base}/pages/about-us`);
  expect(response?.status()).toBe(500);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Something went wrong");
  await expect(page.getByRole("main")).toContainText("The page could not be shown. Please try again in a moment.");
  // The site's look: the header with its navigation and the footer are there, and lead on.
  const nav = page.getByRole("banner").getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Contact" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expectNoAxeViolations(page);
  await nav.getByRole("link", { name: "Contact" }).click();
  await expect(page).toHaveURL(`${base}/contact`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
  // The operator finds the failure in the server's log, with the page it broke.
  await expect
    .poll(loggedFailures)
    .toContainEqual(expect.objectContaining({ what: "GET /pages/about-us", err: expect.objectContaining({ message: expect.stringContaining("page") }) }));
});

test("an admin page whose data cannot be read shows the admin pages' error page, still signed in", async ({ page }) => {
  const signIn = await page.request.post(`${base}/api/auth/sign-in/email`, { data: admin, headers: { Origin: base } });
  expect(signIn.status()).toBe(200);

  // The add-marker page reads the categories for its picker: without their table its loader fails.
  dropTable("category");
  const response = await page.goto(`${base}/add-marker`);
  expect(response?.status()).toBe(500);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Something went wrong");
  await expect(page.getByRole("main")).toContainText("The admin page could not be shown. Please try again in a moment.");
  // The header is the signed-in one, and the footer is in place.
  await expect(page.getByRole("banner").getByRole("link", { name: "My Account" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expectNoAxeViolations(page);
});
