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

/** Opens a combobox's list and moves to `option` (or its first option not in `skip`) by keyboard; returns the label. */
async function highlight(combo: Locator, option?: string, skip: readonly string[] = []): Promise<string> {
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
  return label;
}

/** Picks `option` in a combobox (typed to narrow the list), or else its first option not in `skip`; returns the label picked. */
export async function pick(combo: Locator, option?: string, skip: readonly string[] = []): Promise<string> {
  const label = await highlight(combo, option, skip);
  await combo.press("Enter");
  await expect(combo).toHaveValue(label);
  return label;
}

/** The chosen tags of a tag picker, by name. */
export const chosenTag = (scope: Locator, name: string) => scope.getByRole("grid", { name: "Tags" }).getByRole("row", { name, exact: true });

/** Adds the tag `name` through the tag picker's combobox. */
export async function addTag(scope: Locator, name: string) {
  const combo = scope.getByRole("combobox", { name: "Add a tag" });
  await highlight(combo, name);
  await combo.press("Enter");
  await expect(chosenTag(scope, name)).toBeVisible();
  await expect(combo).toHaveValue("");
}

/** A select (a button that opens a list), found by its label: its name is the value shown, then the label. */
export const select = (scope: Locator, label: string) =>
  scope.getByRole("button", { name: new RegExp(`(^| )${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) });

/** The options a select offers, in order; the list is closed again. */
export async function selectOptions(trigger: Locator): Promise<string[]> {
  await trigger.click();
  const listbox = trigger.page().getByRole("listbox");
  await expect(listbox.getByRole("option").first()).toBeVisible();
  const labels = (await listbox.getByRole("option").allInnerTexts()).map((text) => text.trim());
  await trigger.page().keyboard.press("Escape");
  await expect(listbox).toHaveCount(0);
  return labels;
}

/** Chooses `option` in a select, or else its first option not in `skip`; returns the label chosen. */
export async function choose(trigger: Locator, option?: string, skip: readonly string[] = []): Promise<string> {
  await trigger.click();
  const listbox = trigger.page().getByRole("listbox");
  await expect(listbox.getByRole("option").first()).toBeVisible();
  const labels = (await listbox.getByRole("option").allInnerTexts()).map((text) => text.trim());
  const label = option ?? labels.find((text) => !skip.includes(text))!;
  await listbox.getByRole("option", { name: label, exact: true }).click();
  await expect(listbox).toHaveCount(0);
  await expect(trigger).toContainText(label);
  return label;
}

/** Types "2031-07-04T19:30" into a date and time field, segment by segment, as a keyboard user does. */
export async function fillDateTime(scope: Locator, label: string, value: string) {
  const [, year, month, day, hour, minute] = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value)!;
  const h = Number(hour);
  const group = scope.getByRole("group", { name: label, exact: true });
  const segments: Array<[string, string]> = [
    ["month", month!],
    ["day", day!],
    ["year", year!],
    ["hour", String(h % 12 || 12).padStart(2, "0")],
    ["minute", minute!],
    ["AM/PM", h < 12 ? "A" : "P"],
  ];
  for (const [segment, typed] of segments) {
    await group.getByRole("spinbutton", { name: `${segment}, ${label}`, exact: true }).click();
    await group.page().keyboard.type(typed);
  }
  await expect(group.getByRole("spinbutton", { name: `AM/PM, ${label}`, exact: true })).toHaveText(h < 12 ? "AM" : "PM");
}
