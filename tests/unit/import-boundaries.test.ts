// The lint rules that keep the server/web seam sealed (eslint.config.js) fail on the imports they forbid:
// each case lints a small module as if it stood at the given path in src/, with the project's own config.
import { describe, expect, it } from "vitest";
import { ruleIds } from "#tests/setup/lint.ts";

describe("import boundaries", { timeout: 60_000 }, () => {
  it("refuse server code importing web code", async () => {
    expect(await ruleIds("src/server/features/leak.ts", 'export { paths } from "#web/lib/paths.ts";\n')).toEqual([
      "import-x/no-restricted-paths",
    ]);
  });

  it("refuse web code importing server code except through app-context.ts", async () => {
    const route = 'export { createServices } from "#server/services.ts";\n';
    expect(await ruleIds("src/web/routes/leak.tsx", route)).toEqual(["import-x/no-restricted-paths"]);
    expect(await ruleIds("src/web/features/home/leak.ts", 'export type { CurrentUser } from "#server/auth/session.ts";\n')).toEqual([
      "import-x/no-restricted-paths",
    ]);
    // The one module that may, and web code reaching the server through it.
    expect(await ruleIds("src/web/lib/app-context.ts", 'export type { AppServices } from "#server/services.ts";\n')).toEqual([]);
    expect(await ruleIds("src/web/routes/fine.tsx", 'export { getApp } from "../lib/app-context.ts";\n')).toEqual([]);
  });

  it("refuse shared code importing either side", async () => {
    expect(await ruleIds("src/shared/leak.ts", 'export { parseEnv } from "../server/env.ts";\n')).toEqual(["import-x/no-restricted-paths"]);
    expect(await ruleIds("src/shared/leak.ts", 'export { paths } from "../web/lib/paths.ts";\n')).toEqual(["import-x/no-restricted-paths"]);
  });

  it("refuse process.env outside env.ts", async () => {
    const read = "export const port = process.env.PORT;\n";
    expect(await ruleIds("src/server/services-leak.ts", read)).toEqual(["no-restricted-properties"]);
    expect(await ruleIds("src/server/env.ts", read)).toEqual([]);
  });
});

describe("server layers", { timeout: 60_000 }, () => {
  const rule = ["import-x/no-restricted-paths"];

  it("refuse shared server code importing a feature, even through its index", async () => {
    const service = 'export { BusinessService } from "#server/features/business/index.ts";\n';
    expect(await ruleIds("src/server/api/leak.ts", service)).toEqual(rule);
    expect(await ruleIds("src/server/db/leak.ts", 'export { AUTHOR_COLUMNS } from "../features/users/users.repository.ts";\n')).toEqual(rule);
    expect(await ruleIds("src/server/lib/leak.ts", service)).toEqual(rule);
    expect(await ruleIds("src/server/http/leak.ts", service)).toEqual(rule);
    expect(await ruleIds("src/server/errors.ts", service)).toEqual(rule);
    // Shared code among itself is fine.
    expect(await ruleIds("src/server/api/fine.ts", 'export { requireUser } from "#server/auth/session.ts";\n')).toEqual([]);
  });

  it("refuse a feature importing another feature except through its index.ts", async () => {
    expect(await ruleIds("src/server/features/event/leak.ts", 'export { BusinessService } from "#server/features/business/business.service.ts";\n')).toEqual(rule);
    expect(await ruleIds("src/server/features/event/leak.ts", 'export { registerOwnersRoutes } from "../owners/owners.routes.ts";\n')).toEqual(rule);
    // Through the other's index, and within the feature itself.
    expect(await ruleIds("src/server/features/event/fine.ts", 'export type { BusinessService } from "#server/features/business/index.ts";\n')).toEqual([]);
    expect(await ruleIds("src/server/features/event/fine.ts", 'export { EventService } from "./event.service.ts";\n')).toEqual([]);
  });

  it("let the wiring and the demo seed use features, through their indexes", async () => {
    const service = 'export { BusinessService } from "#server/features/business/index.ts";\n';
    expect(await ruleIds("src/server/services.ts", service)).toEqual([]);
    expect(await ruleIds("src/server/demo/fine.ts", service)).toEqual([]);
    expect(await ruleIds("src/server/services.ts", 'export { BusinessService } from "./features/business/business.service.ts";\n')).toEqual(rule);
    expect(await ruleIds("src/server/demo/leak.ts", 'export { BusinessService } from "#server/features/business/business.service.ts";\n')).toEqual(rule);
  });
});
