// @vitest-environment jsdom
// A closed <details> is sent with its summary alone and drawn once opened; one open from the start comes whole from
// the server.
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { click, render, waitFor } from "#tests/setup/dom.ts";
import { OpenedDetails } from "./opened-details.tsx";

const details = (open?: boolean, href?: string) => (
  <OpenedDetails open={open} href={href} summary={<summary>Edit listing</summary>}>
    <label>
      Name <input name="name" />
    </label>
  </OpenedDetails>
);

describe("OpenedDetails", () => {
  it("sends a closed one's summary alone, and an open one whole", () => {
    const closed = renderToString(details());
    expect(closed).toContain("Edit listing");
    expect(closed).not.toContain("<input");
    const open = renderToString(details(true));
    expect(open).toContain("<details open");
    expect(open).toContain('<input name="name"');
  });

  it("draws the content when the summary is opened, and keeps it when closed again", async () => {
    const page = await render(details());
    expect(page.querySelector("input")).toBeNull();
    const summary = page.querySelector("summary")!;
    await click(summary);
    const input = await waitFor(() => page.querySelector<HTMLInputElement>('input[name="name"]'));
    input.value = "Typed";
    await click(summary);
    expect(page.querySelector<HTMLInputElement>('input[name="name"]')?.value).toBe("Typed");
  });

  it("offers a closed one's page with it open, for a browser without scripts, and not once it is drawn", () => {
    const closed = renderToString(details(false, "/mybusiness?edit=listing-1"));
    expect(closed).toContain('<a href="/mybusiness?edit=listing-1"');
    expect(closed).toContain("Open this form on its own page");
    const open = renderToString(details(true, "/mybusiness?edit=listing-1"));
    expect(open).not.toContain("Open this form on its own page");
  });

  it("moves focus to the first field when its summary opens it, and leaves it on the summary to close it", async () => {
    const page = await render(details());
    const summary = page.querySelector("summary")!;
    summary.focus();
    await click(summary);
    const input = await waitFor(() => document.activeElement?.getAttribute("name") === "name" && (document.activeElement as HTMLInputElement));
    expect(input.closest("details")?.open).toBe(true);
    summary.focus();
    await click(summary);
    expect(summary.closest("details")?.open).toBe(false);
    expect(document.activeElement).toBe(summary);
  });
});
