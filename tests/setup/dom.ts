// Component tests in jsdom (files marked `// @vitest-environment jsdom`): render a component, find its controls by role
// and name as a person would, and act on them; every update is wrapped in React's act(), so the page has settled
// before the test looks at it.
import { act, type ReactElement } from "react";
import { createRoot } from "react-dom/client";
import { onTestFinished } from "vitest";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Renders into the document for the current test; it is taken away when the test finishes. */
export async function render(element: ReactElement): Promise<HTMLElement> {
  const container = document.body.appendChild(document.createElement("div"));
  const root = createRoot(container);
  await act(async () => root.render(element));
  onTestFinished(async () => {
    await act(async () => root.unmount());
    container.remove();
  });
  return container;
}

/** The accessible name of a control: its aria-label, else its text, with white space as a screen reader reads it. */
export function accessibleName(element: Element): string {
  return (element.getAttribute("aria-label") ?? element.textContent ?? "").replace(/\s+/g, " ").trim();
}

/** The one button with this name (a string matches the whole name); fails when there is none or more than one. */
export function getButton(within: ParentNode, name: string | RegExp): HTMLButtonElement {
  const found = [...within.querySelectorAll("button")].filter((button) => {
    const own = accessibleName(button);
    return typeof name === "string" ? own === name : name.test(own);
  });
  if (found.length !== 1) throw new Error(`Expected one button named ${String(name)}, found ${found.length}`);
  return found[0]!;
}

/** The alerts shown (role="alert"), by their text. */
export function alerts(within: ParentNode): string[] {
  return [...within.querySelectorAll('[role="alert"]')].map((alert) => accessibleName(alert));
}

export async function click(element: HTMLElement): Promise<void> {
  await act(async () => element.click());
}

export async function pressKey(element: HTMLElement, key: string): Promise<void> {
  await act(async () => void element.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true })));
}

/** Chooses files in a file input, as the browser's picker does. */
export async function chooseFiles(input: HTMLInputElement, files: File[]): Promise<void> {
  await act(async () => {
    Object.defineProperty(input, "files", { configurable: true, value: files });
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

/** Runs `work` inside act(), for changes made outside the components (a dialog the browser closes). */
export async function settle(work: () => void | Promise<void>): Promise<void> {
  await act(async () => {
    await work();
  });
}

/** Lets the router, the stand-ins and the components' timers run until `found` finds something, failing after five seconds. */
export async function waitFor<T>(found: () => T | null | undefined | false): Promise<T> {
  for (let tries = 0; tries < 500; tries++) {
    const value = found();
    if (value) return value;
    await settle(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
  throw new Error("Not found in time");
}
