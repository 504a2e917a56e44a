// A component test of one of the admin's paged lists opens its route through the route's real loader (against the API
// the test stubs) and reads the page as a person does: the items' titles, the pager and its links.
import { createRoutesStub } from "react-router";
import { accessibleName, render, waitFor } from "./dom.ts";

type StubRoute = Parameters<typeof createRoutesStub>[0][number];

/** Opens `address` on a route at `path` with its component, loader and (when given) action, once the page shows its heading. */
export async function openListRoute<Args, ActionArgs = never>(
  path: string,
  Component: StubRoute["Component"],
  clientLoader: (args: Args) => unknown,
  address: string,
  clientAction?: (args: ActionArgs) => unknown,
): Promise<HTMLElement> {
  const Stub = createRoutesStub([
    {
      path,
      Component,
      HydrateFallback: () => null,
      // The route's own loader; the stub's arguments lack only the generated types' narrower params.
      loader: (args) => clientLoader(args as Args),
      ...(clientAction ? { action: (args: unknown) => clientAction(args as ActionArgs) } : {}),
    },
  ]);
  const page = await render(<Stub initialEntries={[address]} />);
  await waitFor(() => page.querySelector("h2"));
  return page;
}

/** How a test reads a paged list whose pager is named `pagerLabel`. */
export function pagedList(pagerLabel: string) {
  const pager = (page: HTMLElement) => page.querySelector<HTMLElement>(`nav[aria-label="${pagerLabel}"]`);
  return {
    /** The items shown, by their titles. */
    shown: (page: HTMLElement) => [...page.querySelectorAll("li h3")].map((h) => accessibleName(h)),
    pager,
    pagerText: (page: HTMLElement) => accessibleName(pager(page)!.querySelector("[aria-live]")!),
    link: (page: HTMLElement, name: string) => [...page.querySelectorAll<HTMLAnchorElement>("a")].find((a) => accessibleName(a) === name),
  };
}
