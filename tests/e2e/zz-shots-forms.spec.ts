import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

const DIR = "/tmp/shots-forms";
async function shoot(page: Page, name: string) {
  fs.mkdirSync(DIR, { recursive: true });
  for (const [label, width] of [["phone", 412], ["desktop", 1280]] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${DIR}/${name}-${label}.png`, fullPage: true });
  }
}

test("shots", async ({ page, signIn }) => {
  test.setTimeout(120_000);
  await signIn("business");
  const businesses = (await (await page.request.get("/api/v1/businesses")).json()) as Array<{ id: string }>;
  await page.goto(`/business/${businesses[0]!.id}`);
  await page.getByText("Is this your business?").click();
  await page.getByLabel("Phone number").fill("905 555 0142");
  await page.getByRole("button", { name: "Claim this business" }).click();
  await expect(page.getByText("Your role at the business is required.")).toBeVisible();
  await expect(page.getByLabel("Your role at the business")).toBeFocused();
  await expect(page.getByLabel("Your role at the business")).toHaveAccessibleDescription("Your role at the business is required.");
  await expect(page.getByLabel("Phone number")).toHaveValue("905 555 0142");
  await page.getByText("Is this your business?").scrollIntoViewIfNeeded();
  await shoot(page, "claim-error");

  await page.goto("/myqsa/intake");
  const form = page.getByRole("form", { name: "Business Feedback and Consent" });
  await form.getByLabel("Business name").fill("Shots Books");
  await form.getByLabel("Contact email").fill("not an address");
  await form.getByRole("button", { name: "Send this form" }).click();
  await expect(form.getByLabel("Contact email")).toHaveAccessibleDescription("Contact email must be an email address, like name@example.com.");
  await expect(form.getByLabel("Business name")).toHaveValue("Shots Books");
  await shoot(page, "intake-error");

  await signIn("admin");
  await page.goto("/add-marker");
  await page.getByLabel("Name").fill("Shots Kites");
  await page.getByRole("button", { name: "Save Marker" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Name, Latitude, Longitude, and Category are required.");
  await expect(page.getByLabel("Name")).toHaveValue("Shots Kites");
  await expect(page.getByLabel("Category")).toBeFocused();
  await shoot(page, "add-marker");
  await page.getByLabel("Email").fill("not-an-address");
  await page.getByLabel("Category").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Save Marker" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Please geocode the address first.");
  await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Email must be an email address, like name@example.com.");
  await shoot(page, "add-marker-geocode");
});
