// @vitest-environment jsdom
// A form sent the moment its page has loaded waits for the proof of work's widget to be mounted: ALTCHA's element is
// defined before its component (and its methods) are there, which it tells with "load". The widget solves one
// challenge at a time: a second `verify` aborts the one under way, which then answers nothing.
import { act } from "react";
import { describe, expect, it, vi } from "vitest";
import { render } from "#tests/setup/dom.ts";
import { useProofOfWork } from "./proof-of-work.tsx";

// The real widget is not loaded: the element below stands for it.
vi.mock("altcha", () => ({}));

/**
 * An element that, as ALTCHA's does, gets its methods a moment after it is connected, then says "load" (and, told
 * `auto="onload"`, starts solving a millisecond later); a `verify` aborts the one under way, whose answer is null.
 */
class Widget extends HTMLElement {
  verify?: () => Promise<{ payload: string } | null>;
  reset?: () => void;
  solved = 0;
  aborted = 0;
  /** While set, the challenge cannot be fetched: a solving answers nothing. */
  unreachable = false;
  connectedCallback() {
    setTimeout(() => {
      let abort: (() => void) | null = null;
      this.reset = () => {
        abort?.();
        abort = null;
      };
      this.verify = () => {
        this.reset!();
        return new Promise((resolve) => {
          const done = () => {
            if (abort === stop) abort = null;
          };
          const timer = setTimeout(() => {
            done();
            resolve(this.unreachable ? null : { payload: `solution ${++this.solved}` });
          }, 20);
          const stop = () => {
            clearTimeout(timer);
            this.aborted++;
            resolve(null);
          };
          abort = stop;
        });
      };
      this.dispatchEvent(new CustomEvent("load"));
      if (this.getAttribute("auto") === "onload") setTimeout(() => void this.verify!(), 1);
    }, 30);
  }
}
customElements.define("altcha-widget", Widget);

async function form() {
  let take: (() => Promise<string | null>) | undefined;
  function Form() {
    const proof = useProofOfWork();
    take = proof.take;
    return proof.widget;
  }
  const page = await render(<Form />);
  const widget = page.querySelector<Widget>("altcha-widget")!;
  const taken = async () => {
    let payload: string | null = null;
    await act(async () => {
      payload = await take!();
    });
    return payload;
  };
  return { widget, taken };
}

describe("the proof of work", () => {
  it("is taken from a widget connected a moment ago, once it is mounted", async () => {
    const { widget, taken } = await form();
    expect(await taken()).toBe("solution 1");
    expect(widget.aborted).toBe(0);
  });

  it("is one solution a sending: the next sending takes the next, solved meanwhile, and none is aborted", async () => {
    const { widget, taken } = await form();
    expect(await taken()).toBe("solution 1");
    expect(await taken()).toBe("solution 2");
    expect(await taken()).toBe("solution 3");
    expect(widget.aborted).toBe(0);
  });

  it("is solved again at the next sending when the one prepared failed, once the challenge can be fetched", async () => {
    const { widget, taken } = await form();
    widget.unreachable = true;
    expect(await taken()).toBeNull();
    // The next one, prepared while the challenge still could not be fetched, failed too.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    widget.unreachable = false;
    expect(await taken()).toBe("solution 1");
    expect(await taken()).toBe("solution 2");
    expect(widget.aborted).toBe(0);
  });
});
