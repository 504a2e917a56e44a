// An administrator translates a CMS page beside its original: its name and content in French, through the Pages
// form's "Language of the text" switch. /fr/pages/<slug> shows them (heading, text and title); a page without a
// translation shows its English text marked lang="en"; the English page is as it was.
import { shoot } from "./screenshots.ts";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.replace(/\d/g, (d) => "abcdefghij"[Number(d)]!);

test("an administrator adds a French name and content to a page, and /fr/pages/<slug> shows them", async ({ page, signIn }) => {
  test.setTimeout(90_000);
  await signIn("admin");
  const word = unique();
  const name = `Arrival guide ${word}`;
  const slug = `arrival-guide-${word}`;
  const plainName = `Parking rules ${word}`;
  for (const [pageName, content] of [
    [name, "<p>Where to park, eat and shop downtown.</p>"],
    [plainName, "<p>Two hours free on Saturdays.</p>"],
  ] as const) {
    const created = await page.request.post("/api/v1/pages", { data: { name: pageName, permission: "public", contentFormat: "html", content } });
    expect(created.status()).toBe(201);
  }

  // The French name and content, in the Pages form.
  await page.goto("/admin/pages");
  const pages = page.getByRole("tabpanel", { name: "Pages" });
  await pages.getByRole("button", { name: `Edit ${name}` }).click();
  const form = pages.getByRole("region", { name: `Edit Page: ${name}` });
  const switcher = form.getByRole("tablist", { name: "Language of the text" });
  await expect(switcher.getByRole("tab")).toHaveText(["English", "Français"]);
  await switcher.getByRole("tab", { name: "Français" }).click();
  await form.getByLabel("Page Name (Français)").fill(`Guide du visiteur ${word}`);
  await form.getByRole("textbox", { name: "Content (Français)" }).click();
  await page.keyboard.type("Où se garer, manger et magasiner au centre-ville.");
  await expectNoAxeViolations(page);
  await shoot(page, "page-translation-form");
  await form.getByRole("button", { name: "Update Page" }).click();
  await expect(pages.getByRole("status").last()).toHaveText(`Page "${name}" updated.`);

  // The French page shows them, in the page's language (no lang of their own), and its title says the French name.
  await page.context().clearCookies();
  await page.goto(`/fr/pages/${slug}`);
  const heading = page.getByRole("heading", { level: 1, name: `Guide du visiteur ${word}` });
  await expect(heading).toBeVisible();
  await expect(heading).not.toHaveAttribute("lang");
  await expect(page.getByText("Où se garer, manger et magasiner au centre-ville.")).toBeVisible();
  await expect(page.getByText("Where to park")).toHaveCount(0);
  await expect(page).toHaveTitle(new RegExp(`^Guide du visiteur ${word}`));
  await expectNoAxeViolations(page);
  await shoot(page, "page-in-french");

  // Untranslated: the English name and text, marked as English for screen readers.
  await page.goto(`/fr/pages/parking-rules-${word}`);
  await expect(page.getByRole("heading", { level: 1, name: plainName })).toHaveAttribute("lang", "en");
  await expect(page.getByText("Two hours free on Saturdays.").locator("xpath=ancestor::*[@lang][1]")).toHaveAttribute("lang", "en");
  await shoot(page, "page-in-french-fallback");

  // The English page is as it was.
  await page.goto(`/pages/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("Where to park, eat and shop downtown.")).toBeVisible();
});
