import { expect, expectNoAxeViolations, test } from "./fixtures.ts";

const ASSOCIATION = "Downtown Niagara Business Association";

const headingPages = [
  ["/news", "News"],
  ["/deals", "Welcome to the Deals Page"],
  ["/history", "History"],
  ["/myqsa/announcements", "Announcements"],
  ["/myqsa/volunteer", "Volunteer"],
  ["/myqsa/surveys", "Surveys"],
  ["/myqsa/meetings", "Meetings"],
  ["/myqsa/research", "Research"],
] as const;

test("the home page shows the tagline and the association in the footer", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Find Your Niche" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText(ASSOCIATION);
  await expect(page.getByRole("contentinfo").getByRole("img").first()).toBeVisible();
  await expect(page).toHaveTitle(ASSOCIATION);
});

test("every header link leads to its page", async ({ page }) => {
  await page.goto("/");
  const header = page.getByRole("banner");
  const links = [
    ["Map", "/map", "Map"],
    ["Events", "/events", "Events"],
    ["Offers", "/offers", "Current Offers"],
    ["Contact", "/contact", "Contact Us"],
    ["Login", "/login", "Login"],
    ["Home", "/", "Find Your Niche"],
  ] as const;
  for (const [label, path, heading] of links) {
    await header.getByRole("link", { name: label, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(header.getByRole("link", { name: label, exact: true })).toHaveAttribute("aria-current", "page");
  }
});

test("the contact page shows the association's address and both emails", async ({ page }) => {
  await page.goto("/contact");
  await expect(page).toHaveTitle(`Contact Us | ${ASSOCIATION}`);
  await expect(page.getByText("Queen Street, Niagara Falls")).toBeVisible();
  await expect(page.getByRole("link", { name: "info@downtownniagara.example" })).toHaveAttribute("href", "mailto:info@downtownniagara.example");
  await expect(page.getByRole("link", { name: "volunteer@downtownniagara.example" })).toHaveAttribute(
    "href",
    "mailto:volunteer@downtownniagara.example",
  );
});

test("an unknown address says so, with status 404", { tag: "@desktop-only" }, async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Sorry, that page could not be found here.")).toBeVisible();
});

for (const [path, heading] of headingPages) {
  test(`${path} shows its heading`, { tag: "@desktop-only" }, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page).toHaveTitle(`${heading} | ${ASSOCIATION}`);
  });
}

test("the admin dashboard is for administrators only", { tag: "@desktop-only" }, async ({ page, signIn }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL("/login");

  await signIn("user");
  await page.goto("/admin");
  await expect(page).toHaveURL("/");
});

test("an administrator reaches the dashboard and sees who is signed in", async ({ page, signIn }) => {
  const admin = await signIn("admin");
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByText(`Logged in as ${admin.email}`)).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "My Account" })).toHaveAttribute("href", "/admin");
});

test("the account page sends visitors who are not signed in to the login page", { tag: "@desktop-only" }, async ({ page }) => {
  await page.goto("/myaccount");
  await expect(page).toHaveURL("/login");
});

const scanned = ["/", "/map", "/events", "/offers", "/contact", "/login", "/signup", "/news", "/deals", "/myqsa/intake", "/nope"];
for (const path of scanned) {
  test(`${path} has no accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expectNoAxeViolations(page);
  });
}
