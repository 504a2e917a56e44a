// The upload component on the account page: progress to 100%, pause and resume, cancel, and the new picture on the page.
import type { Page } from "@playwright/test";
import { makeImage, makeNoisePng } from "../fixtures/images.ts";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";

/** Slows the browser's uploads so a person (or a test) has time to press Pause or Cancel. */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
}

async function openAccount(page: Page) {
  await page.goto("/myaccount");
  await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
  await expect(page.getByLabel("New profile picture")).toBeEnabled();
}

const progress = (page: Page) => page.getByRole("progressbar", { name: "Upload progress" });
const state = (page: Page) => page.getByTestId("upload-state");

test("a new profile picture goes up with progress to 100% and shows on the page", async ({ page, signIn }) => {
  await signIn("user");
  await openAccount(page);

  await page.getByLabel("New profile picture").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await makeImage("png", 400, 400) });
  await expect(page.getByRole("img", { name: "Preview of me.png" })).toBeVisible();
  await page.getByRole("button", { name: "Upload" }).click();

  await expect(progress(page)).toHaveAttribute("aria-valuenow", "100");
  await expect(page.getByText("100%")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Upload complete." })).toBeVisible();
  const picture = page.getByRole("img", { name: /^Profile picture of / });
  await expect(picture).toHaveAttribute("src", /^\/files\/profilePictures\/[A-Za-z0-9]+\/me_\d{13}\.webp$/);
  // The new picture loads after its address is set: wait until the browser has drawn it.
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expectNoAxeViolations(page);

  // Still there after a reload: it was saved on the account.
  const src = await picture.getAttribute("src");
  await page.reload();
  await expect(page.getByRole("img", { name: /^Profile picture of / })).toHaveAttribute("src", src!);
});

test("a larger upload pauses and resumes, then completes", async ({ page, signIn }) => {
  // Four megabytes through a throttled connection, then re-encoded on a shared machine.
  test.setTimeout(90_000);
  await signIn("user");
  await openAccount(page);
  const file = await makeNoisePng(1150, 1150);
  expect(file.byteLength).toBeGreaterThan(3_000_000);
  await throttleUploads(page, 600_000);

  await page.getByLabel("New profile picture").setInputFiles({ name: "big.png", mimeType: "image/png", buffer: file });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(state(page)).toHaveText("running");
  await expect(page.getByLabel("New profile picture")).toBeDisabled();
  await expect.poll(async () => Number(await progress(page).getAttribute("aria-valuenow"))).toBeGreaterThan(0);

  await page.getByRole("button", { name: "Pause" }).click();
  await expect(state(page)).toHaveText("paused");
  // Paused: the spec allows neither pause nor cancel from here, and nothing moves.
  await expect(page.getByRole("button", { name: "Pause" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Cancel" })).toBeDisabled();
  const pausedAt = Number(await progress(page).getAttribute("aria-valuenow"));
  expect(pausedAt).toBeLessThan(100);
  await page.waitForTimeout(1000);
  expect(Number(await progress(page).getAttribute("aria-valuenow"))).toBe(pausedAt);

  await throttleUploads(page, -1);
  await page.getByRole("button", { name: "Resume" }).click();
  await expect(progress(page)).toHaveAttribute("aria-valuenow", "100", { timeout: 30_000 });
  await expect(page.getByRole("status").filter({ hasText: "Upload complete." })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("img", { name: /^Profile picture of / })).toHaveAttribute("src", /\/big_\d{13}\.webp$/);
});

test("a canceled upload stops with the spec's message and changes nothing", async ({ page, signIn }) => {
  await signIn("user");
  await openAccount(page);
  await throttleUploads(page, 300_000);

  await page.getByLabel("New profile picture").setInputFiles({ name: "slow.png", mimeType: "image/png", buffer: await makeNoisePng(800, 800) });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(state(page)).toHaveText("running");
  await page.getByRole("button", { name: "Cancel" }).click();

  await expect(state(page)).toHaveText("canceled");
  await expect(page.getByText("User canceled the upload/download.")).toBeVisible();
  await expect(page.getByRole("img", { name: /^Profile picture of / })).toHaveCount(0);
  await expect(page.getByLabel("New profile picture")).toBeEnabled();
});

test("a file that is not an image, or too large, is refused with the spec's texts", async ({ page, signIn }) => {
  await signIn("user");
  await openAccount(page);
  const input = page.getByLabel("New profile picture");

  await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(page.getByRole("alert")).toHaveText("Please select an image file first.");

  await input.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(6 * 1024 * 1024) });
  await expect(page.getByRole("alert")).toHaveText("File is too large (max 5MB).");

  // A page renamed to .png: the browser cannot draw it, so it is refused before upload (the server would refuse it too).
  await input.setInputFiles({ name: "page.png", mimeType: "image/png", buffer: Buffer.from("<!doctype html><script>alert(1)</script>") });
  await expect(page.getByRole("alert")).toHaveText("The image could not be read. It may be damaged or incomplete.");
  await expect(page.getByRole("button", { name: "Upload" })).toBeDisabled();

  // A phone's HEIC picture: a kind the site does not take, named as such.
  await input.setInputFiles({ name: "IMG_0001.HEIC", mimeType: "image/heic", buffer: Buffer.from("\0\0\0\x18ftypheic") });
  await expect(page.getByRole("alert")).toHaveText("This kind of file cannot be uploaded here. Please choose a PNG, JPEG or GIF image.");
  await expect(page.getByRole("button", { name: "Upload" })).toBeDisabled();
});
