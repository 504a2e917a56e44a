// @vitest-environment jsdom
// The confirmation before a delete: a plain button on the page until pressed, then a modal alert dialog; Cancel and
// the action both close it, focus goes back to the button, and only the action does the thing.
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { click, getButton, render, waitFor } from "#tests/setup/dom.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";

const dialog = (onConfirm: () => void) => (
  <ConfirmDialog question='Delete "Spring fair"? This cannot be undone.' label="Delete Spring fair" onConfirm={onConfirm}>
    Delete
  </ConfirmDialog>
);

describe("ConfirmDialog", () => {
  it("sends the button alone", () => {
    const html = renderToString(dialog(() => {}));
    expect(html).toContain('aria-label="Delete Spring fair"');
    expect(html).not.toContain("Please confirm");
  });

  it("asks, and Cancel closes without doing it and gives focus back to the button", async () => {
    const onConfirm = vi.fn();
    const page = await render(dialog(onConfirm));
    const button = getButton(page, "Delete Spring fair");
    button.focus();
    await click(button);
    const asked = await waitFor(() => document.querySelector('[role="alertdialog"]'));
    expect(asked.textContent).toContain('Delete "Spring fair"? This cannot be undone.');
    await click(getButton(asked, "Cancel"));
    await waitFor(() => !document.querySelector('[role="alertdialog"]'));
    expect(onConfirm).not.toHaveBeenCalled();
    await waitFor(() => document.activeElement === button);
  });

  it("does it when the action is pressed", async () => {
    const onConfirm = vi.fn();
    const page = await render(dialog(onConfirm));
    await click(getButton(page, "Delete Spring fair"));
    const asked = await waitFor(() => document.querySelector('[role="alertdialog"]'));
    await click(getButton(asked, "Delete"));
    await waitFor(() => !document.querySelector('[role="alertdialog"]'));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
