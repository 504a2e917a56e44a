// Journeys through the Markers, Categories and Tags tabs and the standalone add-marker and add-category
// pages: an admin creates, edits and deletes each kind, sees every rule's message, and the public pages follow.
import { makeImage } from "../fixtures/images.ts";
import { shoot } from "./screenshots.ts";
import { addTag, choose, chosenTag, confirmDelete, pick, select, selectOptions } from "./admin-helpers.ts";
import { allowConsoleError, expect, expectNoAxeViolations, test } from "./fixtures.ts";

// As the shared fixture, except that the browser's note on a geocoding call answered with 404 or 502 is
// expected: the add-marker journey provokes both on purpose and asserts what the user sees.
const geocodeFailures = test.extend({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const source = message.location().url;
      if (message.text().startsWith("Failed to load resource") && new URL(source, page.url()).pathname === "/api/v1/geo/geocode") return;
      errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await use(errors);
    expect(errors, "console errors on the page").toEqual([]);
  },
});

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.replace(/\d/g, (d) => "abcdefghij"[Number(d)]!);
const slug = (name: string) => name.toLowerCase().replaceAll(" ", "-");

test("an admin adds, renames and deletes a category and a tag", async ({ page, signIn }) => {
  // A long journey: on a busy machine it takes near the default 30 s.
  test.setTimeout(90_000);
  // The duplicate tag is refused by the server (409), which the browser notes in its console.
  allowConsoleError("status of 409");
  await signIn("admin");
  const word = unique();
  const category = `Bike Shops ${word}`;
  const tag = `Repairs ${word}`;

  await page.goto("/admin/categories");
  const panel = page.getByRole("tabpanel", { name: "Categories" });
  await panel.getByRole("button", { name: "Add Category" }).click();
  await expect(panel.getByRole("alert")).toHaveText("Category name is required.");
  await expect(panel.getByLabel("Colour")).toHaveValue("#ffffff");
  await panel.getByLabel("Category Name").fill(`  ${category} `);
  await panel.getByLabel("Colour").fill("#2266aa");
  await panel.getByRole("button", { name: "Add Category" }).click();
  await expect(panel.getByRole("status")).toHaveText(`Category "${category}" added.`);
  const categories = panel.getByRole("list", { name: "Categories" });
  await expect(categories.getByRole("link", { name: category })).toBeVisible();
  await expectNoAxeViolations(page);

  await panel.getByRole("button", { name: `Edit ${category}` }).click();
  await expect(panel.getByRole("heading", { name: `Edit Category: ${category}` })).toBeVisible();
  await expect(panel.getByLabel("Category Name")).toHaveValue(category);
  await panel.getByRole("button", { name: "Cancel Edit" }).click();
  await expect(panel.getByLabel("Category Name")).toHaveValue("");
  await panel.getByRole("button", { name: `Edit ${category}` }).click();
  await panel.getByLabel("Category Name").fill(`Cycling ${word}`);
  await panel.getByRole("button", { name: "Update Category" }).click();
  await expect(panel.getByRole("status")).toHaveText(`Category "Cycling ${word}" updated.`);
  await expect(categories.getByRole("link", { name: `Cycling ${word}` })).toBeVisible();

  await page.goto("/admin/tags");
  const tags = page.getByRole("tabpanel", { name: "Tags" });
  await tags.getByRole("button", { name: "Add Tag" }).click();
  await expect(tags.getByRole("alert")).toHaveText("Tag name is required.");
  await tags.getByLabel("Tag Name").fill(tag);
  await tags.getByRole("button", { name: "Add Tag" }).click();
  await expect(tags.getByRole("status")).toHaveText(`Tag "${tag}" added.`);
  await tags.getByLabel("Tag Name").fill(tag.toUpperCase());
  await tags.getByRole("button", { name: "Add Tag" }).click();
  await expect(tags.getByRole("alert")).toHaveText(`Tag "${tag.toUpperCase()}" already exists.`);
  await tags.getByRole("button", { name: `Edit ${tag}` }).click();
  await tags.getByLabel("Tag Name").fill(`Tune-ups ${word}`);
  await tags.getByRole("button", { name: "Update Tag" }).click();
  await expect(tags.getByRole("status")).toHaveText(`Tag "Tune-ups ${word}" updated.`);
  await expectNoAxeViolations(page);

  await tags.getByRole("button", { name: `Edit Tune-ups ${word}` }).click();
  await tags.getByRole("button", { name: `Delete Tune-ups ${word}` }).click();
  await confirmDelete(page, "Are you sure you want to delete this tag? This cannot be undone.");
  await expect(tags.getByRole("status")).toHaveText(`Tag "Tune-ups ${word}" deleted.`);
  await expect(tags.getByLabel("Tag Name")).toHaveValue("");
  await expect(tags.getByRole("list", { name: "Tags" }).getByRole("link", { name: `Tune-ups ${word}` })).toHaveCount(0);

  await page.goto("/admin/categories");
  await page.getByRole("button", { name: `Delete Cycling ${word}` }).click();
  await confirmDelete(page, "Are you sure you want to delete this category? This cannot be undone.");
  await expect(page.getByRole("tabpanel").getByRole("status")).toHaveText(`Category "Cycling ${word}" deleted.`);
  await expect(page.getByRole("link", { name: `Cycling ${word}` })).toHaveCount(0);
});

test("an admin adds, edits and deletes a marker, and the public pages follow", async ({ page, signIn }) => {
  // The longest journey of the admin: every field of the marker form, two uploads and three public pages.
  test.setTimeout(90_000);
  await signIn("admin");
  const word = unique();
  const name = `Spoke and Chain ${word}`;
  const newTag = `Bike Racks ${word}`;
  const description = "Tune-ups, rentals and repairs for every kind of bicycle, from cruisers to carbon road bikes.";

  await page.goto("/admin/markers");
  await shoot(page, "admin-markers");
  const panel = page.getByRole("tabpanel", { name: "Markers" });
  const form = panel.getByRole("region", { name: "Add Marker" });
  await form.getByRole("button", { name: "Add Marker" }).click();
  await expect(panel.getByRole("alert")).toHaveText("Name, Latitude, Longitude, and Category are required.");

  await form.getByLabel("Name", { exact: true }).fill(name);
  await pick(form.getByRole("combobox", { name: "Category" }), "Shops & Boutiques");
  await form.getByLabel("Description").fill(description);
  await form.getByLabel("Address").fill("55 Queen Street, Niagara Falls, ON");
  await form.getByRole("button", { name: "Geocode address" }).click();
  await expect(form.getByLabel("Latitude")).not.toHaveValue("");
  await expect(form.getByLabel("Longitude")).not.toHaveValue("");
  await form.getByLabel("Latitude").fill("43.1061234567");
  await form.getByLabel("Website").fill("spoke and chain");
  await form.getByRole("button", { name: "Add Marker" }).click();
  await expect(panel.getByRole("alert")).toHaveText("Website must be a web address starting with http:// or https://.");
  await form.getByLabel("Website").fill("https://spoke.example");
  await form.getByLabel("Phone").fill("905-555-0199");

  // Inline new tag: blank is ignored, a duplicate in any case is refused, a new one is added and ticked.
  const tagAlerts = form.getByRole("alert").filter({ hasText: "Tag" });
  await form.getByLabel("New tag").fill("   ");
  await form.getByRole("button", { name: "Add Tag" }).click();
  await expect(tagAlerts).toHaveCount(0);
  await form.getByLabel("New tag").fill("  patio ");
  await form.getByRole("button", { name: "Add Tag" }).click();
  await expect(tagAlerts).toHaveText('Tag "patio" already exists.');
  await form.getByLabel("New tag").fill(newTag);
  await form.getByRole("button", { name: "Add Tag" }).click();
  await expect(chosenTag(form, newTag)).toBeVisible();
  await addTag(form, "Family Friendly");

  await form.getByLabel("Upload logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: await makeImage("png", 200, 200) });
  await form.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(form.getByRole("img", { name: "Current logo" })).toBeVisible();

  await form.getByRole("button", { name: "Add Marker" }).click();
  await expect(panel.getByRole("status").last()).toHaveText(`Marker "${name}" added.`);
  await expect(panel.getByRole("region", { name: "Add Marker" }).getByLabel("Name", { exact: true })).toHaveValue("");

  await panel.getByLabel("Find by name").fill(word);
  const list = panel.getByRole("list", { name: "Markers" });
  await expect(list.getByRole("link", { name })).toBeVisible();
  await expect(list).toContainText(`${description.slice(0, 50)}...`);
  await expectNoAxeViolations(page);

  await list.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("55 Queen Street, Niagara Falls, ON")).toBeVisible();
  await page.goto(`/tag/${slug(newTag)}`);
  await expect(page.getByRole("link", { name })).toBeVisible();

  await page.goto("/admin/markers");
  await panel.getByLabel("Find by name").fill(word);
  await panel.getByRole("button", { name: `Edit ${name}` }).click();
  const editForm = panel.getByRole("region", { name: `Edit Marker: ${name}` });
  await expect(editForm.getByLabel("Latitude")).toHaveValue("43.1061234567");
  await expect(chosenTag(editForm, newTag)).toBeVisible();
  await expect(chosenTag(editForm, "Family Friendly")).toBeVisible();
  await editForm.getByLabel("Name", { exact: true }).fill(`${name} Cycles`);
  await editForm.getByRole("button", { name: "Update Marker" }).click();
  await expect(panel.getByRole("status").last()).toHaveText(`Marker "${name} Cycles" updated.`);
  await list.getByRole("link", { name: `${name} Cycles` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `${name} Cycles` })).toBeVisible();
  const businessUrl = page.url();

  await page.goto("/admin/markers");
  await panel.getByLabel("Find by name").fill(word);
  await panel.getByRole("button", { name: `Edit ${name} Cycles` }).click();
  await panel.getByRole("button", { name: `Delete ${name} Cycles` }).click();
  await confirmDelete(page, "Are you sure you want to delete this marker?");
  await expect(panel.getByRole("status").last()).toHaveText(`Marker "${name} Cycles" deleted.`);
  await expect(panel.getByRole("region", { name: "Add Marker" })).toBeVisible();
  await expect(panel.getByText("No markers match.")).toBeVisible();
  const gone = await page.goto(businessUrl);
  expect(gone?.status()).toBe(404);
});

geocodeFailures("the add-marker page geocodes the address before saving", async ({ page, signIn }) => {
  await signIn("admin");
  const name = `Harbour Kites ${unique()}`;
  await page.goto("/add-marker");
  await expect(page.getByRole("heading", { level: 1, name: "Add Marker" })).toBeVisible();
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Category").selectOption({ label: "Shops & Boutiques" });
  await page.getByLabel("Address").fill("9 Clifton Hill, Niagara Falls, ON");
  await page.getByRole("button", { name: "Save Marker" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Please geocode the address first.");

  await page.getByLabel("Address").fill("Nowhere at all");
  await page.getByRole("button", { name: "Geocode" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Could not find location.");
  await page.getByLabel("Address").fill("upstream-down street");
  await page.getByRole("button", { name: "Geocode" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Failed to geocode address.");

  await page.getByLabel("Address").fill("9 Clifton Hill, Niagara Falls, ON");
  await page.getByRole("button", { name: "Geocode" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("Located at 43.");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Save Marker" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText(`Marker "${name}" saved.`);
  await page.getByRole("link", { name: "View it" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
});

test("the add-category page lists and adds categories through the plain endpoints", async ({ page, signIn }) => {
  await signIn("admin");
  const name = `Galleries ${unique()}`;
  await page.goto("/add-category");
  const list = page.getByRole("list", { name: "Categories" });
  await expect(list).toContainText("Restaurants");
  await expect(page.getByLabel("Colour")).toHaveValue("#ffffff");
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Add Category" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Please fill in all fields.");
  await page.getByLabel("Description").fill("Local artists and framing.");
  await page.getByLabel("Colour").fill("#884488");
  await page.getByRole("button", { name: "Add Category" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(`Category "${name}" added.`);
  await expect(list).toContainText(name);
  await expect(list).toContainText("Local artists and framing.");
  await expectNoAxeViolations(page);
});

test("the standalone pages are for admins only", async ({ page, signIn }) => {
  await page.goto("/add-marker");
  await expect(page).toHaveURL("/login");
  await signIn("business");
  await page.goto("/add-category");
  await expect(page).toHaveURL("/");
  const refused = await page.request.post("/api/addCategory", { data: { name: "x", description: "y", hex_color: "#000000" } });
  expect(refused.status()).toBe(403);
});

test("an admin gives a marker its address in parts and a price range, and search engines read them from its page", async ({ page, signIn }) => {
  await signIn("admin");
  const name = `Parts Bistro ${unique()}`;
  await page.goto("/admin/markers");
  const panel = page.getByRole("tabpanel", { name: "Markers" });
  const form = panel.getByRole("region", { name: "Add Marker" });
  await form.getByLabel("Name", { exact: true }).fill(name);
  await pick(form.getByRole("combobox", { name: "Category" }), "Restaurants");
  await form.getByLabel("Address").fill("4410 Queen Street, Niagara Falls, ON L2E 2L3");
  await form.getByLabel("Street", { exact: true }).fill("4410 Queen Street");
  await form.getByLabel("City", { exact: true }).fill("Niagara Falls");
  await form.getByLabel("Province or state", { exact: true }).fill("ON");
  await form.getByLabel("Postal code", { exact: true }).fill("L2E 2L3");
  await form.getByLabel("Country", { exact: true }).fill("CA");
  await form.getByLabel("Latitude").fill("43.1055");
  await form.getByLabel("Longitude").fill("-79.0712");
  await form.getByLabel("Phone").fill("905-555-0142");
  expect(await selectOptions(select(form, "Price range"))).toEqual(["Not given", "$", "$$", "$$$", "$$$$"]);
  await choose(select(form, "Price range"), "$$");
  await form.getByRole("button", { name: "Add Marker" }).click();
  await expect(panel.getByRole("status").last()).toHaveText(`Marker "${name}" added.`);

  await panel.getByLabel("Find by name").fill(name);
  await panel.getByRole("list", { name: "Markers" }).getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  // The page shows the address as written; its structured data gives the parts.
  await expect(page.getByText("4410 Queen Street, Niagara Falls, ON L2E 2L3")).toBeVisible();
  const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text) as Record<string, unknown>);
  expect(blocks.find((b) => b["@type"] === "LocalBusiness")).toMatchObject({
    name,
    priceRange: "$$",
    telephone: "905-555-0142",
    address: { "@type": "PostalAddress", streetAddress: "4410 Queen Street", addressLocality: "Niagara Falls", addressRegion: "ON", postalCode: "L2E 2L3", addressCountry: "CA" },
  });
  expect(blocks.find((b) => b["@type"] === "BreadcrumbList")).toMatchObject({ itemListElement: [{ name: "Home" }, { name: "Restaurants" }, { name }] });
});
