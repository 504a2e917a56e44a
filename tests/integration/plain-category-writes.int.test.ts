// The add-category page's plain POST /api/addCategory is held to the same request checks as the API's writes:
// an administrator's session cookie sent from another site writes nothing, and JSON bodies have the same size limit.
import { beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, setUpTestApp } from "../setup/app.ts";

const t = setUpTestApp();
let admin: { cookie: string };
beforeAll(async () => {
  admin = await t.signIn("admin");
});

/** The request exactly as given: no Origin unless a header names one. */
function post(path: string, json: unknown, headers: Record<string, string>) {
  return t.app.request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { Cookie: admin.cookie, "Content-Type": "application/json", ...headers },
    body: JSON.stringify(json),
  });
}

async function categoryNames() {
  return (await t.database.db.selectFrom("category").select("name").execute()).map((row) => row.name);
}

describe("POST /api/addCategory from another site", () => {
  it("is refused with 403 cross_site, as POST /api/v1/categories is, and adds nothing", async () => {
    const viaApi = await post("/api/v1/categories", { name: "Evil API", color: "#123456" }, { Origin: "https://evil.example" });
    expect(viaApi.status).toBe(403);
    const plain = { name: "Evil Plain", description: "Added from elsewhere", hex_color: "#123456" };
    const refused: Array<Record<string, string>> = [{ Origin: "https://evil.example" }, { Origin: "null" }, { "Sec-Fetch-Site": "cross-site" }, { "Sec-Fetch-Site": "same-site" }];
    for (const headers of refused) {
      const response = await post("/api/addCategory", plain, headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("cross_site");
    }
    expect(await categoryNames()).not.toContain("Evil Plain");

    // The site's own page may add it.
    const own = await post("/api/addCategory", plain, { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" });
    expect(own.status).toBe(201);
    expect(await categoryNames()).toContain("Evil Plain");
  });

  it("answers 413 to a JSON body over 1 MB, as the API does", async () => {
    const big = { name: "Big", description: "x".repeat(2 * 1024 * 1024), hex_color: "#123456" };
    const response = await post("/api/addCategory", big, { Origin: ORIGIN });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("too_large");
  });
});
