// The lint rules that keep the web side's layers apart (eslint.config.js, "web-layers"): components/ and lib/ never
// import a feature or a route, a feature reaches another only through its index.ts, and routes compose features.
// Each case lints a small module as if it stood at the given path in src/web, with the project's own config.
import { describe, expect, it } from "vitest";
import { ruleIds } from "#tests/setup/lint.ts";

const refused = ["web-layers/no-restricted-paths"];

describe("web import boundaries", { timeout: 60_000 }, () => {
  it("refuse components importing a feature, even through its index", async () => {
    expect(await ruleIds("src/web/components/ui/leak.tsx", 'export { EventCard } from "#web/features/events/index.ts";\n')).toEqual(refused);
    expect(await ruleIds("src/web/components/ui/leak.tsx", 'export { PhotosEditor } from "../../features/business/photos-editor.tsx";\n')).toEqual(refused);
    // Another component is fine.
    expect(await ruleIds("src/web/components/ui/fine.tsx", 'export { Field } from "./field.tsx";\n')).toEqual([]);
  });

  it("refuse lib importing a feature or a route", async () => {
    expect(await ruleIds("src/web/lib/leak.ts", 'export { pageMeta } from "#web/features/seo/index.ts";\n')).toEqual(refused);
    expect(await ruleIds("src/web/lib/leak.ts", 'export { default } from "../routes/home.tsx";\n')).toEqual(refused);
    expect(await ruleIds("src/web/lib/fine.ts", 'export { paths } from "./paths.ts";\n')).toEqual([]);
  });

  it("refuse a feature reaching into another feature's files", async () => {
    expect(await ruleIds("src/web/features/home/leak.ts", 'export { toEventCard } from "../events/event-card-data.ts";\n')).toEqual(refused);
    expect(await ruleIds("src/web/features/home/leak.ts", 'export { toEventCard } from "#web/features/events/event-card-data.ts";\n')).toEqual(refused);
  });

  it("let a feature use another through its index, its own files, components and lib", async () => {
    expect(await ruleIds("src/web/features/home/fine.ts", 'export { toEventCard } from "../events/index.ts";\n')).toEqual([]);
    expect(await ruleIds("src/web/features/home/fine.ts", 'export { toEventCard } from "#web/features/events/index.ts";\n')).toEqual([]);
    expect(await ruleIds("src/web/features/events/fine.ts", 'export { toEventCard } from "./event-card-data.ts";\n')).toEqual([]);
    expect(await ruleIds("src/web/features/events/fine.ts", 'export { Field } from "#web/components/ui/field.tsx";\nexport { paths } from "#web/lib/paths.ts";\n')).toEqual([]);
  });

  it("let routes compose features", async () => {
    expect(await ruleIds("src/web/routes/fine.tsx", 'export { EventCard } from "../features/events/index.ts";\nexport { Field } from "../components/ui/field.tsx";\n')).toEqual([]);
  });
});
