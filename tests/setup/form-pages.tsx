// The pages a component test of a form's error handling opens, through their routes' real loaders and actions (against
// the API a test stubs with upload-fakes.ts's `stubApi`): an admin tab with one item open for editing, and an owner's
// /mybusiness page; the business those tests edit; and how a test finds, fills and reads the fields as a person does.
import { createRoutesStub } from "react-router";
import type { Business, BusinessAdmin } from "#shared/schemas/business.ts";
import AdminTab, { clientAction as adminAction, clientLoader as adminLoader } from "#web/routes/admin-tab.tsx";
import MyBusiness, { clientAction as ownerAction, clientLoader as ownerLoader } from "#web/routes/my-business.tsx";
import { click, render, settle, waitFor } from "./dom.ts";

/** Queen Street Bakery (business-1) as the API gives it out, with no logo, tags or photos unless `change` gives them. */
export const bakeryWith = (change: Partial<Business> = {}): Business => ({
  id: "business-1",
  name: "Queen Street Bakery",
  categoryId: "category-1",
  category: "Food",
  categoryColor: "#aa3300",
  description: "Bread since 1952.",
  address: "12 Queen Street",
  streetAddress: null,
  addressLocality: null,
  addressRegion: null,
  postalCode: null,
  addressCountry: null,
  priceRange: null,
  website: null,
  phone: null,
  email: null,
  coordinates: { lat: 43.1, lng: -79.07 },
  tags: [],
  logoUrl: null,
  openingHours: null,
  openNow: null,
  socialLinks: [],
  photos: [],
  attributes: [],
  createdAt: "2026-03-01T12:00:00.000Z",
  lastUpdatedAt: "2026-03-01T12:00:00.000Z",
  ...change,
});

/** The same business as the API gives it to an administrator, with where its logo is stored. */
export const adminBakeryWith = (change: Partial<BusinessAdmin> = {}): BusinessAdmin => ({ ...bakeryWith(), logoStoragePath: null, ...change });

/** Opens the admin tab `tab` ("markers") and, with its Edit button, the item `title` in the tab's form. */
export async function openAdminTab(tab: string, title: string): Promise<HTMLElement> {
  const Stub = createRoutesStub([
    {
      path: "/admin/:tab",
      Component: AdminTab,
      HydrateFallback: () => null,
      loader: (args) => adminLoader(args as Parameters<typeof adminLoader>[0]),
      action: (args) => adminAction(args as Parameters<typeof adminAction>[0]),
    },
  ]);
  const page = await render(<Stub initialEntries={[`/admin/${tab}`]} />);
  await click(await waitFor(() => page.querySelector<HTMLButtonElement>(`button[aria-label="Edit ${title}"]`)));
  await waitFor(() => page.querySelector("h2")?.textContent?.startsWith("Edit "));
  return page;
}

/** Renders an owner's /mybusiness page at `entry` ("/mybusiness?edit=event-event-1" opens that event's form). */
export function renderOwnerPage(entry = "/mybusiness"): Promise<HTMLElement> {
  const Stub = createRoutesStub([
    {
      path: "/mybusiness",
      Component: MyBusiness,
      HydrateFallback: () => null,
      loader: (args) => ownerLoader(args as Parameters<typeof ownerLoader>[0]),
      action: (args) => ownerAction(args as Parameters<typeof ownerAction>[0]),
    },
  ]);
  return render(<Stub initialEntries={[entry]} />);
}

/** Opens an owner's /mybusiness page, once it shows the listing form of their business, business-1. */
export async function openOwnerPage(): Promise<{ page: HTMLElement; form: HTMLFormElement }> {
  const page = await renderOwnerPage();
  // The form is drawn once its "Edit listing" is opened, as a person opens it.
  const summary = await waitFor(() => [...page.querySelectorAll("summary")].find((s) => s.textContent === "Edit listing" || s.textContent?.startsWith("Amend ")));
  const details = summary.parentElement as HTMLDetailsElement;
  if (!details.open) {
    await click(summary);
    if (!details.open) await settle(() => void (details.open = true));
  }
  const form = await waitFor(() => page.querySelector<HTMLFormElement>("form#listing-business-1"));
  return { page, form };
}

/** The control a label names within `scope`, as a person finds it: by the label's `for`, else the control inside it. */
export function field(scope: ParentNode, label: string): HTMLInputElement {
  const found = [...scope.querySelectorAll("label")].filter((l) => l.textContent?.trim() === label || l.firstChild?.textContent?.trim() === label);
  if (found.length !== 1) throw new Error(`Expected one field labelled ${label}, found ${found.length}`);
  const [own] = found;
  return (own!.htmlFor ? document.getElementById(own!.htmlFor) : own!.querySelector("input, select, textarea")) as HTMLInputElement;
}

/** Types into a field as a person does: its value changes and the form hears of it. */
export async function type(input: HTMLInputElement | HTMLTextAreaElement, value: string): Promise<void> {
  await settle(() => {
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), "value")!.set!.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

/** The texts of the elements a control names in aria-describedby. */
export const described = (control: Element): string[] =>
  (control.getAttribute("aria-describedby") ?? "")
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? "");

/** Sends a refused form again with `send`, the stubbed API taking it this time; done once the page says it was updated. */
export async function sendAgainAccepted(page: HTMLElement, api: { sent: unknown[]; accept: () => void }, send: () => Promise<void>): Promise<void> {
  api.accept();
  await send();
  await waitFor(() => api.sent.length === 2 && [...page.querySelectorAll('[role="status"]')].some((status) => status.textContent?.includes("updated")));
}
