// @vitest-environment jsdom
// A closed <details> is sent with its summary alone and drawn once opened; one open from the start comes whole from
// the server.
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { click, render, waitFor } from "#tests/setup/dom.ts";
import { OpenedDetails } from "./opened-details.tsx";

const details = (open?: boolean) => (
  <OpenedDetails open={open} summary={<summary>Edit listing</summary>}>
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
});
