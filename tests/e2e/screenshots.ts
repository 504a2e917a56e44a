// Screenshots for people to look at, taken only when SHOTS_DIR names a folder: the whole page at a phone's width
// (390 px) and a computer's (1280 px), as <name>-phone.png and <name>-desktop.png.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";

const SHOTS = process.env.SHOTS_DIR;

export async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  const before = page.viewportSize();
  for (const [label, size] of [["phone", { width: 390, height: 844 }], ["desktop", { width: 1280, height: 800 }]] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${label}.png`), fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}
