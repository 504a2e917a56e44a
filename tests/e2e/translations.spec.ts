// An administrator translates the association's texts beside the originals: a category's name and a business's
// description in French, through the forms' "Language of the text" switch. The French business page shows both;
// a business without a translation shows its English description marked lang="en"; search finds the French text.
import { shoot } from "./screenshots.ts";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";

const unique = () =>
  `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.replace(
    /\d/g,
    (d) => "abcdefghij"[Number(d)]!,
  );

test("an administrator adds French texts to a category and a business, and the French pages show them", async ({
  page,
  signIn,
}) => {
  test.setTimeout(90_000);
  await signIn("admin");
  const word = unique();
  const category = `Bakeries ${word}`;

  // A category added with its French name.
  await page.goto("/admin/categories");
  const categories = page.getByRole("tabpanel", { name: "Categories" });
  await categories.getByLabel("Category Name", { exact: true }).fill(category);
  const languages = categories.getByRole("tablist", {
    name: "Language of the text",
  });
  await expect(languages.getByRole("tab")).toHaveText(["English", "Français"]);
  await languages.getByRole("tab", { name: "Français" }).click();
  await categories
    .getByLabel("Category Name (Français)")
    .fill(`Boulangeries ${word}`);
  await categories.getByRole("button", { name: "Add Category" }).click();
  await expect(categories.getByRole("status")).toHaveText(
    `Category "${category}" added.`,
  );

  // Two businesses in it (through the API, as the Markers form's own journey covers adding one by hand).
  const categoryId = (
    (await (await page.request.get("/api/v1/categories")).json()) as Array<{
      id: string;
      name: string;
    }>
  ).find((c) => c.name === category)!.id;
  const add = async (name: string, description: string) => {
    const response = await page.request.post("/api/v1/businesses", {
      data: {
        name,
        categoryId,
        description,
        lat: 43.09,
        lng: -79.07,
        tags: [],
      },
    });
    expect(response.status()).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const translated = await add(
    `Crumb ${word}`,
    "Sourdough baked every morning.",
  );
  const untranslated = await add(`Loaf ${word}`, "Rye bread and pretzels.");

  // The business's French description, in the Markers form.
  await page.goto("/admin/markers");
  const markers = page.getByRole("tabpanel", { name: "Markers" });
  await markers.getByLabel("Find by name").fill(`Crumb ${word}`);
  await markers.getByRole("button", { name: `Edit Crumb ${word}` }).click();
  const form = markers.getByRole("region", {
    name: `Edit Marker: Crumb ${word}`,
  });
  const switcher = form.getByRole("tablist", { name: "Language of the text" });
  await expect(switcher.getByRole("tab", { name: "English" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(
    form.getByText("The fields below are the original text, in English"),
  ).toBeVisible();
  await switcher.getByRole("tab", { name: "Français" }).click();
  await form
    .getByLabel("Description (Français)")
    .fill(`Pain au levain cuit chaque matin, viennoiseries ${word}.`);
  await expectNoAxeViolations(page);
  await shoot(page, "translation-switch");
  await form.getByRole("button", { name: "Update Marker" }).click();
  await expect(markers.getByRole("status").last()).toHaveText(
    `Marker "Crumb ${word}" updated.`,
  );

  // The French page: the French description and category name, in the page's language.
  await page.goto(`/fr/business/${translated}`);
  await expect(
    page.getByText(`Pain au levain cuit chaque matin, viennoiseries ${word}.`),
  ).toBeVisible();
  await expect(
    page.getByText(`Pain au levain cuit chaque matin, viennoiseries ${word}.`),
  ).not.toHaveAttribute("lang");
  await expect(
    page.getByRole("link", { name: `Boulangeries ${word}` }),
  ).toBeVisible();
  await expect(page.getByText("Sourdough baked every morning.")).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Untranslated: the English text, marked as English for screen readers.
  await page.goto(`/fr/business/${untranslated}`);
  await expect(page.getByText("Rye bread and pretzels.")).toHaveAttribute(
    "lang",
    "en",
  );
  // The English page is as it was.
  await page.goto(`/business/${translated}`);
  await expect(page.getByText("Sourdough baked every morning.")).toBeVisible();
  await expect(page.getByRole("link", { name: category })).toBeVisible();

  // Search under /fr/ finds the business by its French description.
  await page.goto(
    `/fr/search?q=${encodeURIComponent(`viennoiseries ${word}`)}`,
  );
  await expect(page.getByRole("link", { name: `Crumb ${word}` })).toBeVisible();
});
