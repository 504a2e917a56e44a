// The OpenAPI document as API clients use it: Redocly's and Spectral's linters accept it, and what every documented GET answers on a
// site with the demo content matches the schema the document gives for that answer.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { beforeAll, describe, expect, inject, it } from "vitest";
import manifest from "#package.json" with { type: "json" };
import { seedDemoContent } from "#server/demo/seed.ts";
import { newId } from "#server/db/ids.ts";
import { setUpAppWithFakeGeo } from "../setup/geo.ts";
import { ROOT } from "../setup/server-process.ts";

const run = promisify(execFile);

interface Operation {
  operationId?: string;
  description?: string;
  tags?: string[];
  parameters?: Array<{ name: string; in: string; required?: boolean }>;
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}
interface Document {
  info: { license?: { name: string } };
  tags?: Array<{ name: string; description?: string }>;
  components?: Record<string, unknown>;
  paths: Record<string, Partial<Record<"get" | "put" | "post" | "delete" | "patch", Operation>>>;
}

// Geocoding and routing go to local stand-ins for the outside providers, configured as the server reads them.
const { t } = setUpAppWithFakeGeo();
let document: Document;
let adminCookie: string;

/** The document as a file, for the linters. */
function documentFile(): string {
  const file = path.join(inject("testDir"), `openapi-${newId(6)}.json`);
  fs.writeFileSync(file, JSON.stringify(document));
  return file;
}

/** A linter's output, whether or not it exits non-zero (as it does when it finds errors). */
async function lint(args: string[]): Promise<string> {
  const output = await run(process.execPath, args, {
    cwd: inject("testDir"),
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: { stdout: string }) => error);
  return output.stdout;
}

beforeAll(async () => {
  await seedDemoContent({ database: t.database, files: t.services.files });
  adminCookie = (await t.signIn("admin")).cookie;
  document = (await (await t.request("/api/v1/openapi.json")).json()) as Document;
}, 60_000);

describe("the OpenAPI document", () => {
  // The document is the same on either database: lint it once.
  it.runIf(process.env.TEST_DB === "sqlite")("passes Redocly's recommended rules with no errors and no warnings", async () => {
    // The linter exits non-zero on errors; its JSON report says which, so read that either way.
    const output = await lint([path.join(ROOT, "node_modules/@redocly/cli/bin/cli.js"), "lint", "--format=json", documentFile()]);
    const report = JSON.parse(output.slice(output.indexOf("{"))) as {
      totals: { errors: number; warnings: number };
      problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }>;
    };
    const problems = report.problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it.runIf(process.env.TEST_DB === "sqlite")("passes Spectral's OpenAPI rules (.spectral.yaml) with no errors and few warnings", async () => {
    const output = await lint([path.join(ROOT, "node_modules/@stoplight/spectral-cli/dist/index.js"), "lint", "--format=json", "--ruleset", path.join(ROOT, ".spectral.yaml"), documentFile()]);
    // Severity 0 is an error, 1 a warning.
    const results = JSON.parse(output.slice(output.indexOf("["))) as Array<{ code: string; severity: number; message: string; path: string[] }>;
    const problem = (r: (typeof results)[number]) => `${r.code} ${r.path.join(".")}: ${r.message}`;
    expect(results.filter((r) => r.severity === 0).map(problem)).toEqual([]);
    expect(results.filter((r) => r.severity === 1).length).toBeLessThan(20);
  });

  it("says what the project's licence is, and what each tag and each operation is for", () => {
    expect(document.info.license?.name).toBe(manifest.license);
    const tags = document.tags ?? [];
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
    expect(new Set(operations.flatMap((o) => o.tags ?? []))).toEqual(new Set(tags.map((t) => t.name)));
    for (const tag of tags) expect(tag.description, tag.name).toMatch(/\w.*\.$/);
    for (const o of operations) expect(o.description, o.operationId).toMatch(/\w.*\./);
  });

  it("names every operation and says how each is authenticated", () => {
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
    const ids = operations.map((o) => o.operationId);
    expect(ids.every((id) => typeof id === "string" && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const o of operations) expect(o).toHaveProperty("security");
  });

  it("describes what every documented GET answers", async () => {
    const db = t.database.db;
    const business = await db.selectFrom("business").select("id").orderBy("name").executeTakeFirstOrThrow();
    const event = await db.selectFrom("event").select("id").executeTakeFirstOrThrow();
    const page = await db.selectFrom("page").select(["id", "slug"]).executeTakeFirstOrThrow();
    const file = await db.selectFrom("stored_file").select("fullPath").executeTakeFirstOrThrow();
    const values: Record<string, string> = {
      id: business.id,
      path: file.fullPath,
      slug: page.slug,
      address: "4421 Queen St",
      from: "43.1,-79.07",
      to: "43.106651,-79.066782",
    };
    const account = await db.selectFrom("user").select(["id", "email"]).where("role", "=", "admin").executeTakeFirstOrThrow();
    const admin = { ...account, displayName: "Admin", photoURL: null, role: "admin" as const, emailVerified: true };
    const csv = new TextEncoder().encode("name,category,latitude,longitude\nOpenAPI Cafe,Food,43.1,-79.1\n");
    const anImport = await t.services.imports.create(admin, { name: "openapi.csv", bytes: csv });
    const me = await (await t.request("/api/v1/me", { cookie: adminCookie })).json();
    const claim = await t.services.requests.claim(me, business.id, { role: "Owner", phone: "905 555 0100" });
    const announcement = await t.services.announcements.create(admin, { title: "OpenAPI", body: "<p>Documented</p>", publishAt: null });
    const meeting = await t.services.meetings.create(admin, { title: "OpenAPI", startsAt: "2031-01-01T18:00:00Z", endsAt: "2031-01-01T19:00:00Z", place: "Hall" });
    const opportunity = await t.services.volunteering.create(admin, { title: "OpenAPI", shifts: [{ startsAt: "2031-01-01T18:00:00Z", endsAt: "2031-01-01T19:00:00Z", place: "Hall", placesNeeded: 2 }] });
    const survey = await t.services.surveys.create(admin, { title: "OpenAPI", questions: [{ kind: "rating", label: "How good" }] });
    const documentPath = await t.services.files.prepareUpload({ user: admin, kind: "document", fileName: "openapi.csv", size: csv.byteLength });
    const documentFile = await t.services.files.storeDocument({ user: admin, kind: "document", fullPath: documentPath, bytes: csv, fileName: "openapi.csv" });
    const libraryDocument = await t.services.documents.create(admin, { title: "OpenAPI", date: "2026-01-01", filePath: documentFile.fullPath });
    const subscriber = await t.services.subscriberRepository.insert({ email: "openapi@example.test", state: "confirmed", topics: ["events"] });
    const newsletter = await t.services.newsletters.create(admin, { subject: "OpenAPI", body: "<p>Documented</p>" });
    values.token = new URL(t.services.subscriptionLinks.preferencesUrl(subscriber)).searchParams.get("token")!;
    const idsByCollection: Record<string, string> = {
      businesses: business.id,
      events: event.id,
      pages: page.id,
      imports: anImport.id,
      requests: claim.requestId,
      announcements: announcement.id,
      meetings: meeting.id,
      documents: libraryDocument.id,
      volunteer: opportunity.id,
      surveys: survey.id,
      newsletters: newsletter.id,
    };
    // The exports of a single item, each of its own kind.
    const idsByPath: Record<string, string> = {
      "/exports/volunteer/shifts/{id}.csv": opportunity.shifts[0]!.id,
      "/exports/surveys/{id}.csv": survey.id,
      "/exports/events/{id}/registrations.csv": event.id,
    };

    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const checked: string[] = [];
    const problems: string[] = [];
    for (const [template, item] of Object.entries(document.paths)) {
      const operation = item.get;
      if (!operation) continue;
      const collection = template.split("/")[1]!;
      const url = template.replace(/\{(\w+)\}/g, (_, name: string) =>
        encodeURIComponent(name === "id" ? (idsByPath[template] ?? idsByCollection[collection] ?? values.id!) : values[name]!),
      );
      const query = (operation.parameters ?? []).filter((p) => p.in === "query" && p.required);
      const search = new URLSearchParams(query.map((p) => [p.name, values[p.name] ?? ""]));
      const response = await t.request(`/api/v1${url}${query.length ? `?${search}` : ""}`, { cookie: adminCookie });
      const content = operation.responses[String(response.status)]?.content;
      if (!content) {
        problems.push(`GET ${url}: answered ${response.status}, which is not documented`);
        continue;
      }
      const [type, media] = Object.entries(content)[0]!;
      // A file answered as bytes (a library document's download) has the file's own type.
      const binary = (media.schema as { format?: string } | undefined)?.format === "binary";
      if (!binary) expect(response.headers.get("content-type"), url).toContain(type);
      // $refs point into the document's components, so the schema is checked with them beside it.
      const validate = ajv.compile({ ...media.schema, components: document.components });
      if (binary ? (await response.arrayBuffer()).byteLength === 0 : !validate(type === "text/csv" ? await response.text() : await response.json())) {
        problems.push(`GET ${url} (${response.status}): ${ajv.errorsText(validate.errors, { separator: "; " })}`);
      }
      if (response.status === 200) checked.push(template);
    }
    expect(problems).toEqual([]);
    const documented = Object.entries(document.paths).filter(([, item]) => item.get);
    expect(checked.sort()).toEqual(documented.map(([p]) => p).sort());
  });
});
