import { beforeAll, describe, expect, it } from "vitest";
import { createPage } from "#server/db/factories.ts";
import type { Role } from "#shared/constants.ts";
import { auditTrail, setUpTestApp } from "#tests/setup/app.ts";

const t = setUpTestApp();
const cookies: Partial<Record<Role, string>> = {};
beforeAll(async () => {
  for (const role of ["user", "business", "admin"] as const) cookies[role] = (await t.signIn(role)).cookie;
});

const asAdmin = (path: string, init: { method?: string; json?: unknown } = {}) => t.request(path, { ...init, cookie: cookies.admin });

describe("pages (admin)", () => {
  it("adds a page with a slug from its name, sanitizing HTML before it is stored", async () => {
    const response = await asAdmin("/api/v1/pages", {
      method: "POST",
      json: { name: "Parking & Transit", permission: "public", content: '<p onclick="steal()">Lots <script>alert(1)</script><a href="javascript:alert(1)">here</a></p>' },
    });
    expect(response.status).toBe(201);
    const page = await response.json();
    expect(page).toMatchObject({ name: "Parking & Transit", slug: "parking-transit", permission: "public", contentFormat: "html" });
    expect(page.content).toBe("<p>Lots <a>here</a></p>");
    const stored = await (await asAdmin(`/api/v1/pages/${page.id}`)).json();
    expect(stored.content).toBe("<p>Lots <a>here</a></p>");
  });

  it('answers "Page Name and Permission are required." for a blank name or a missing permission', async () => {
    for (const body of [{ name: "   ", permission: "public" }, { name: "No permission" }, { name: "Bad", permission: "everyone" }]) {
      const response = await asAdmin("/api/v1/pages", { method: "POST", json: body });
      expect(response.status).toBe(400);
      const { error } = await response.json();
      expect(Object.values(error.fields ?? {})).toContain("Page Name and Permission are required.");
    }
  });

  it("refuses a second page whose name gives the same address", async () => {
    await asAdmin("/api/v1/pages", { method: "POST", json: { name: "Volunteer", permission: "public" } });
    const response = await asAdmin("/api/v1/pages", { method: "POST", json: { name: "volunteer!", permission: "user" } });
    expect(response.status).toBe(409);
    expect((await response.json()).error.message).toBe("Another page already has the address /pages/volunteer. Please choose a different name.");
  });

  it("lists pages by name with a 70-character plain-text preview, a page at a time", async () => {
    await createPage(t.database.db, { name: "AAA Long", content: `<h2>Title</h2><p>${"word ".repeat(40)}</p>` });
    await createPage(t.database.db, { name: "AAB Markdown", contentFormat: "markdown", content: "# Hello\n\n**bold** text" });
    const first = await (await asAdmin("/api/v1/pages?page=1&pageSize=2")).json();
    expect(first.items.map((p: { name: string }) => p.name)).toEqual(["AAA Long", "AAB Markdown"]);
    expect(first.items[0].preview).toBe(`Title ${"word ".repeat(40)}`.slice(0, 70) + "...");
    expect(first.items[1].preview).toBe("Hello bold text");
    expect(first.items[0]).not.toHaveProperty("content");
    expect(first.total).toBeGreaterThanOrEqual(4);
    const second = await (await asAdmin("/api/v1/pages?page=2&pageSize=2")).json();
    expect(second.items[0].name).not.toBe("AAA Long");
  });

  it("updates a page (its address follows the name) and deletes it, recording each change", async () => {
    const created = await (await asAdmin("/api/v1/pages", { method: "POST", json: { name: "Draft", permission: "admin" } })).json();
    const updated = await asAdmin(`/api/v1/pages/${created.id}`, {
      method: "PUT",
      json: { name: "Final Notes", permission: "user", contentFormat: "markdown", content: "Some *notes*" },
    });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ slug: "final-notes", permission: "user", contentFormat: "markdown", content: "Some *notes*" });

    expect((await asAdmin(`/api/v1/pages/${created.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await asAdmin(`/api/v1/pages/${created.id}`)).status).toBe(404);
    expect((await asAdmin(`/api/v1/pages/${created.id}`, { method: "DELETE" })).status).toBe(404);

    const trail = await auditTrail(t, cookies.admin!, "page", created.id);
    expect(trail.map((e) => [e.action, e.summary])).toEqual([
      ["delete", "Final Notes"],
      ["update", "Final Notes"],
      ["create", "Draft"],
    ]);
    expect(trail[0]!.actorEmail).toMatch(/^admin-/);
  });
});

describe("reading a page by its address", () => {
  const expected: Record<string, Record<"anonymous" | Role, number>> = {
    public: { anonymous: 200, user: 200, business: 200, admin: 200 },
    user: { anonymous: 401, user: 200, business: 200, admin: 200 },
    business: { anonymous: 401, user: 403, business: 200, admin: 200 },
    admin: { anonymous: 401, user: 403, business: 403, admin: 200 },
  };

  for (const [permission, byViewer] of Object.entries(expected)) {
    it(`enforces the "${permission}" permission for each role`, async () => {
      const page = await createPage(t.database.db, { name: `Perm ${permission}`, permission, content: "<p>Secret stuff</p>" });
      for (const [viewer, status] of Object.entries(byViewer)) {
        const response = await t.request(`/api/v1/pages/by-slug/${page.slug}`, { cookie: viewer === "anonymous" ? undefined : cookies[viewer as Role] });
        expect(response.status, `${viewer} reading a ${permission} page`).toBe(status);
        const body = await response.json();
        if (status === 200) expect(body.html).toBe("<p>Secret stuff</p>");
        else expect(JSON.stringify(body)).not.toContain("Secret stuff");
      }
    });
  }

  it("answers 404 for an unknown address", async () => {
    expect((await t.request("/api/v1/pages/by-slug/no-such-page")).status).toBe(404);
  });

  it("sanitizes again when rendering, so content stored by any other path is still harmless", async () => {
    const page = await createPage(t.database.db, {
      name: "Imported",
      content: '<p>ok</p><img src=x onerror="alert(1)"><iframe src="https://evil.example"></iframe><a href="data:text/html,x">d</a>',
    });
    const { html } = await (await t.request(`/api/v1/pages/by-slug/${page.slug}`)).json();
    expect(html).toBe('<p>ok</p><img src="x"><a>d</a>');
  });
});
