// A business's social links through the API: checked against each network's own host, answered in order,
// kept when a change leaves them out, and refused beside the field when wrong.
import { beforeAll, describe, expect, it } from "vitest";
import { createCategory } from "#server/db/factories.ts";
import { setUpTestApp } from "../setup/app.ts";

const t = setUpTestApp();
let admin: string;
let categoryId: string;
beforeAll(async () => {
  admin = (await t.signIn("admin")).cookie;
  categoryId = (await createCategory(t.database.db, { name: "Social category" })).id;
});

interface Answer {
  id: string;
  socialLinks: Array<{ kind: string; url: string }>;
  error?: { fields?: Record<string, string> };
}
const body = (socialLinks: unknown) => ({ name: `Social ${Math.random()}`, categoryId, lat: 43.1, lng: -79.1, tags: [], socialLinks });
async function send(method: string, path: string, json: unknown) {
  const response = await t.request(path, { method, json, cookie: admin });
  return { status: response.status, answer: (await response.json()) as Answer };
}

describe("social links", () => {
  it("are stored in order, kept when a change leaves them out, and cleared with an empty list", async () => {
    const links = [
      { kind: "instagram", url: "https://www.instagram.com/lockstreet" },
      { kind: "youtube", url: "https://youtu.be/abc" },
      { kind: "other", url: "https://lockstreet.example/blog" },
    ];
    const created = await send("POST", "/api/v1/businesses", body(links));
    expect(created.status).toBe(201);
    expect(created.answer.socialLinks).toEqual(links);
    const kept = await send("PUT", `/api/v1/businesses/${created.answer.id}`, body(undefined));
    expect(kept.answer.socialLinks).toEqual(links);
    const cleared = await send("PUT", `/api/v1/businesses/${created.answer.id}`, body([]));
    expect(cleared.answer.socialLinks).toEqual([]);
  });

  it("refuses a link off its network's host, a link that is not a web address, and an unknown network", async () => {
    const offHost = await send("POST", "/api/v1/businesses", body([{ kind: "facebook", url: "https://facebook.example.com/x" }]));
    expect(offHost.status).toBe(400);
    expect(offHost.answer.error?.fields?.socialLinks).toBe("Facebook: the link must be on facebook.com or fb.com.");
    const script = await send("POST", "/api/v1/businesses", body([{ kind: "other", url: "javascript:alert(1)" }]));
    expect(script.answer.error?.fields?.socialLinks).toBe("Other link: enter a web address starting with http:// or https://.");
    const unknown = await send("POST", "/api/v1/businesses", body([{ kind: "myspace", url: "https://myspace.com/x" }]));
    expect(unknown.status).toBe(400);
    const tooMany = await send("POST", "/api/v1/businesses", body(Array.from({ length: 11 }, (_, i) => ({ kind: "other", url: `https://a${i}.example` }))));
    expect(tooMany.answer.error?.fields?.socialLinks).toBe("A business can have at most 10 social links.");
  });
});
