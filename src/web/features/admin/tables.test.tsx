// @vitest-environment jsdom
// The Users tab's role pickers, through the admin tab's real loader and action against a stand-in API: every pick is
// sent, even while another change is still being saved, and each one's outcome is told beside its picker.
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Role } from "#shared/constants.ts";
import type { AdminUser } from "#shared/schemas/admin-user.ts";
import { accessibleName, alerts, click, render, settle, waitFor } from "#tests/setup/dom.ts";
import AdminTab, { clientAction, clientLoader } from "#web/routes/admin-tab.tsx";

const account = (id: string, email: string): AdminUser => ({
  id,
  email,
  displayName: email.split("@")[0]!,
  role: "user",
  accountType: "visitor",
  createdAt: "2026-03-02T15:00:00.000Z",
  lastLogin: null,
});

/** The API as the Users tab uses it: the list, a role change (answered when the test says so, or refused, for some), and /me. */
function fakeApi(users: AdminUser[], options: { late?: string[]; failing?: string[] } = {}) {
  const sent: Array<{ id: string; role: Role }> = [];
  const held: Array<() => void> = [];
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, "http://localhost");
      if (url.pathname === "/api/v1/users") return json({ items: users, total: users.length, page: 1, pageSize: 50 });
      if (url.pathname === "/api/v1/me") return json({ id: "the-admin" });
      const change = /^\/api\/v1\/users\/([^/]+)\/role$/.exec(url.pathname);
      if (change && init.method === "PUT") {
        const id = decodeURIComponent(change[1]!);
        const { role } = JSON.parse(String(init.body)) as { role: Role };
        sent.push({ id, role });
        if (options.late?.includes(id)) await new Promise<void>((resolve) => held.push(resolve));
        if (options.failing?.includes(id)) return new Response(JSON.stringify({ error: { message: "Internal error." } }), { status: 500, headers: { "Content-Type": "application/json" } });
        users.find((user) => user.id === id)!.role = role;
        return json({ ...users.find((user) => user.id === id) });
      }
      return new Response(null, { status: 404 });
    }),
  );
  return {
    sent,
    /** Answers the role changes held so far. */
    answerLate: () => settle(async () => held.splice(0).forEach((answer) => answer())),
  };
}

async function openUsersTab() {
  const Stub = createRoutesStub([
    {
      path: "/admin/:tab",
      Component: AdminTab,
      HydrateFallback: () => null,
      // The route's own functions; the stub's arguments lack only the generated types' narrower params.
      loader: (args) => clientLoader(args as Parameters<typeof clientLoader>[0]),
      action: (args) => clientAction(args as Parameters<typeof clientAction>[0]),
    },
  ]);
  const page = await render(<Stub initialEntries={["/admin/users"]} />);
  await waitFor(() => page.querySelector("table"));
  return page;
}

const pickerOf = (page: HTMLElement, email: string) => page.querySelector<HTMLButtonElement>(`button[aria-label="Role for ${email}"]`)!;
/** The role the picker shows (its text, without the arrow). */
const shownRole = (page: HTMLElement, email: string) => pickerOf(page, email).querySelector("span")!.textContent;
/** The messages in the picker's table cell. */
const besidePicker = (page: HTMLElement, email: string, role: "status" | "alert" = "status") =>
  [...pickerOf(page, email).closest("td")!.querySelectorAll(`[role="${role}"]`)].map((message) => accessibleName(message));

/** Opens a user's role picker and chooses a role, as a person does with a pointer. */
async function pick(page: HTMLElement, email: string, label: string) {
  await click(pickerOf(page, email));
  const option = await waitFor(() => [...document.querySelectorAll('[role="option"]')].find((o) => accessibleName(o) === label) as HTMLElement | undefined);
  await click(option);
}

afterEach(() => vi.unstubAllGlobals());

describe("the Users tab's role pickers", () => {
  it("sends a role picked for a second user while the first user's change is still saving", async () => {
    const api = fakeApi([account("u-ana", "ana@example.com"), account("u-ben", "ben@example.com")], { late: ["u-ana"] });
    const page = await openUsersTab();

    await pick(page, "ana@example.com", "Business");
    await waitFor(() => api.sent.length === 1);
    await pick(page, "ben@example.com", "Admin");

    await waitFor(() => besidePicker(page, "ben@example.com").length > 0);
    expect(api.sent).toEqual([
      { id: "u-ana", role: "business" },
      { id: "u-ben", role: "admin" },
    ]);
    expect(besidePicker(page, "ben@example.com")).toEqual(["ben@example.com is now Admin."]);
    expect(shownRole(page, "ben@example.com")).toBe("Admin");
    // Ana's change is still on its way: her picker shows it, with no message yet.
    expect(shownRole(page, "ana@example.com")).toBe("Business");
    expect(besidePicker(page, "ana@example.com")).toEqual([]);

    await api.answerLate();
    await waitFor(() => besidePicker(page, "ana@example.com").length > 0);
    expect(besidePicker(page, "ana@example.com")).toEqual(["ana@example.com is now Business."]);
    expect(shownRole(page, "ana@example.com")).toBe("Business");
    expect(shownRole(page, "ben@example.com")).toBe("Admin");
    expect(alerts(page)).toEqual([]);
  });

  it("sends a second pick for the same user once the first is saved, so the last one picked is the one stored", async () => {
    const users = [account("u-ana", "ana@example.com"), account("u-ben", "ben@example.com")];
    const api = fakeApi(users, { late: ["u-ana"] });
    const page = await openUsersTab();

    await pick(page, "ana@example.com", "Business");
    await waitFor(() => api.sent.length === 1);
    await pick(page, "ana@example.com", "Admin");
    expect(shownRole(page, "ana@example.com")).toBe("Admin");

    await api.answerLate();
    await waitFor(() => api.sent.length === 2);
    await api.answerLate();
    await waitFor(() => besidePicker(page, "ana@example.com").join() === "ana@example.com is now Admin.");
    expect(api.sent).toEqual([
      { id: "u-ana", role: "business" },
      { id: "u-ana", role: "admin" },
    ]);
    expect(users[0]!.role).toBe("admin");
    expect(shownRole(page, "ana@example.com")).toBe("Admin");
  });

  it("tells a failed change beside that user's picker, which shows the stored role again, while another user's change is saved", async () => {
    const api = fakeApi([account("u-ana", "ana@example.com"), account("u-ben", "ben@example.com")], { late: ["u-ana"], failing: ["u-ana"] });
    const page = await openUsersTab();

    await pick(page, "ana@example.com", "Business");
    await waitFor(() => api.sent.length === 1);
    await pick(page, "ben@example.com", "Business");
    await waitFor(() => besidePicker(page, "ben@example.com").length > 0);
    await api.answerLate();
    await waitFor(() => besidePicker(page, "ana@example.com", "alert").length > 0);

    expect(besidePicker(page, "ana@example.com", "alert")).toEqual(["Failed to update role for user u-ana."]);
    expect(shownRole(page, "ana@example.com")).toBe("User");
    expect(besidePicker(page, "ben@example.com")).toEqual(["ben@example.com is now Business."]);
    expect(shownRole(page, "ben@example.com")).toBe("Business");
  });
});
