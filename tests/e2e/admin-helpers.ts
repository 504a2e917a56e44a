// Steps the admin journeys share.
import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/** Answers the delete confirmation: it must ask exactly `question`; the dialog's own Delete goes ahead. */
export async function confirmDelete(page: Page, question: string) {
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(question);
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(dialog).toHaveCount(0);
}

/** Picks `option` in a combobox (typed to narrow the list), or else its first option not in `skip`; returns the label picked. */
export async function pick(combo: Locator, option?: string, skip: readonly string[] = []): Promise<string> {
  await combo.click();
  // Typing opens and narrows the list; with nothing typed the arrow key opens it.
  if (option) await combo.fill(option);
  else await combo.press("ArrowDown");
  const listbox = combo.page().getByRole("listbox");
  await expect(listbox.getByRole("option").first()).toBeVisible();
  const labels = (await listbox.getByRole("option").allInnerTexts()).map((text) => text.trim());
  const label = option ?? labels.find((text) => !skip.includes(text))!;
  // By keyboard, as a screen-reader or phone user can: a tap would scroll the page, which closes the list.
  const target = listbox.getByRole("option", { name: label, exact: true });
  for (let step = 0; step <= labels.length && (await target.getAttribute("data-focused")) !== "true"; step++) await combo.press("ArrowDown");
  await combo.press("Enter");
  await expect(combo).toHaveValue(label);
  return label;
}
