// A business's photo gallery on its page: every photo has its text alternative, and the lightbox works by keyboard.
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";

test("the gallery opens in a lightbox that the arrow keys page through and Escape closes", async ({ page, request }) => {
  const businesses = (await (await request.get("/api/v1/businesses")).json()) as Array<{ id: string; name: string; photos: Array<{ alt: string }> }>;
  const bistro = businesses.find((b) => b.name === "The Maple & Oak Bistro")!;
  await page.goto(`/business/${bistro.id}`);
  const gallery = page.getByRole("region", { name: "Photos" });
  await expect(gallery.getByRole("img")).toHaveCount(bistro.photos.length);
  for (const photo of bistro.photos) await expect(gallery.getByRole("img", { name: photo.alt })).toBeVisible();

  await gallery.getByRole("button", { name: /^Open photo 1 of 3/ }).focus();
  await page.keyboard.press("Enter");
  const lightbox = page.getByRole("dialog", { name: `Photos of ${bistro.name}` });
  await expect(lightbox).toBeVisible();
  await expect(lightbox).toContainText(`${bistro.photos[0]!.alt} (1 of 3)`);
  await page.keyboard.press("ArrowRight");
  await expect(lightbox).toContainText(`${bistro.photos[1]!.alt} (2 of 3)`);
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(lightbox).toContainText(`${bistro.photos[2]!.alt} (3 of 3)`);
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(lightbox).toBeHidden();
});
