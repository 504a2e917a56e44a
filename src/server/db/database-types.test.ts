import fs from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { generateDatabaseTypes } from "./database-types-generator.ts";

describe("database-types.ts", () => {
  it("matches the types generated from the migrations (run `npm run db:types` after adding one)", async () => {
    const checkedIn = await fs.readFile(new URL("./database-types.ts", import.meta.url), "utf8");
    const fresh = await generateDatabaseTypes();
    expect(checkedIn).toContain("interface Business {");
    expect(checkedIn).toBe(fresh);
  });
});
