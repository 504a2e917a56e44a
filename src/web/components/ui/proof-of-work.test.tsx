// @vitest-environment jsdom
// A form sent the moment its page has loaded waits for the proof of work's widget to be mounted: ALTCHA's element is
// defined before its component (and its methods) are there, which it tells with "load".
import { act } from "react";
import { describe, expect, it, vi } from "vitest";
import { render } from "#tests/setup/dom.ts";
import { useProofOfWork } from "./proof-of-work.tsx";

// The real widget is not loaded: the element below stands for it.
vi.mock("altcha", () => ({}));

/** An element that, as ALTCHA's does, gets its methods a moment after it is connected, then says "load". */
class LateWidget extends HTMLElement {
  verify?: () => Promise<{ payload: string }>;
  reset?: () => void;
  connectedCallback() {
    setTimeout(() => {
      this.verify = async () => ({ payload: "solved" });
      this.reset = () => {};
      this.dispatchEvent(new CustomEvent("load"));
    }, 30);
  }
}

describe("the proof of work", () => {
  it("is taken from a widget connected a moment ago, once it is mounted", async () => {
    customElements.define("altcha-widget", LateWidget);
    let take: (() => Promise<string | null>) | undefined;
    function Form() {
      const proof = useProofOfWork();
      take = proof.take;
      return proof.widget;
    }
    await render(<Form />);
    let payload: string | null = null;
    await act(async () => {
      payload = await take!();
    });
    expect(payload).toBe("solved");
  });
});
