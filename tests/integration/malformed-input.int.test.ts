// Every operation of the API's own OpenAPI document, read at run time (so a new route is covered by itself), gets a
// corpus of malformed input: bad and wrongly typed JSON, wrong and missing content types, empty and oversized bodies,
// strings past their limits, Unicode edge cases (NUL, lone surrogates, bidirectional overrides, invalid UTF-8) and
// garbage in path and query parameters. Sent anonymously and as an administrator with a same-origin session (so
// bodies get past authentication and are validated), none may answer 5xx, and the stored data must not change.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, createTestApp, type TestApp } from "../setup/app.ts";
import { seedDemoContent } from "#server/demo/seed.ts";
import { startFakeGeoServer, type FakeGeoServer } from "../fakes/geo-servers.ts";
import type { DB } from "#server/db/database-types.ts";
import { GeoRepository } from "#server/features/geo/index.ts";
import { GeoService } from "#server/features/geo/index.ts";
import { geoSetupFromEnv } from "#server/geo-providers/geo-config.ts";
import { parseEnv } from "#server/env.ts";

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  maxLength?: number;
  description?: string;
}
interface Operation {
  method: string;
  path: string;
  parameters: Array<{ in: "path" | "query"; name: string }>;
  body?: JsonSchema;
}

/** Tables whose rows are the site's data; sessions, rate counters and caches may change on any request. */
const DATA_TABLES: Array<keyof DB> = [
  "user",
  "account",
  "site_settings",
  "category",
  "tag",
  "business",
  "business_tag",
  "event",
  "page",
  "post",
  "offer",
  "stored_file",
  "search_document",
  "audit_log",
];

const NASTY = {
  nul: "a\u0000b\u0000",
  loneSurrogates: "\ud800x\udfff\udbff",
  bidi: "\u202eevil\u202c\u2066x\u2069\u200b\ufeff\uffff",
  mixed: "e\u0301 😀 <script>alert(1)</script> ../../etc/passwd %00 ' OR 1=1 -- \u0000\ud83d",
};

/** Path segments and query values, already percent-encoded as they would arrive on the wire. */
const GARBAGE = [
  "%00",
  "%ED%A0%80",
  "%E2%80%AEgnp.exe",
  "%FF%FE",
  "%",
  "%zz",
  "..%2F..%2Fsecret",
  "x".repeat(4000),
  "-1",
  "1e309",
  "NaN",
  "null",
  "%27%3B%20DROP%20TABLE%20page%3B--",
  "%F0%9F%92%A9",
  "%5Bobject%20Object%5D",
];

let t: TestApp;
let fake: FakeGeoServer;
let admin: string;
let operations: Operation[];
/** A real id for each collection, so bodies reach the validation of an existing item. */
const realIds: Record<string, string> = {};

beforeAll(async () => {
  fake = await startFakeGeoServer();
  process.env.GEOCODER_URL = fake.url;
  process.env.ROUTER_URL = fake.url;
  process.env.MAP_STYLE_URL = "offline";
  t = await createTestApp();
  // The geocoder's one-request-a-second spacing protects the public service; the local stand-in needs none.
  t.services.geo = new GeoService({ repository: new GeoRepository(t.database.db), ...geoSetupFromEnv(parseEnv()), limits: { geocodeSpacingMs: 0 } });
  admin = (await t.signIn("admin")).cookie;
  await t.signIn("user");
  await seedDemoContent({ database: t.database, files: t.services.files });
  const db = t.database.db;
  const first = async (table: "business" | "category" | "tag" | "event" | "offer" | "post" | "page") =>
    String((await db.selectFrom(table).select("id").limit(1).executeTakeFirstOrThrow()).id);
  Object.assign(realIds, {
    businesses: await first("business"),
    categories: await first("category"),
    tags: await first("tag"),
    events: await first("event"),
    offers: await first("offer"),
    posts: await first("post"),
    pages: await first("page"),
    users: String((await db.selectFrom("user").select("id").where("role", "=", "user").executeTakeFirstOrThrow()).id),
    slug: String((await db.selectFrom("page").select("slug").limit(1).executeTakeFirstOrThrow()).slug),
  });

  const response = await t.request("/api/v1/openapi.json");
  expect(response.status).toBe(200);
  const document = (await response.json()) as {
    paths: Record<string, Record<string, { parameters?: Operation["parameters"]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      parameters: op.parameters ?? [],
      body: op.requestBody?.content["application/json"]?.schema,
    })),
  );
}, 60_000);

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function snapshot(): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const table of DATA_TABLES) {
    const rows = await t.database.db.selectFrom(table).selectAll().execute();
    result[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return result;
}

/** The documented fields of a body: its schema's properties, or those its description lists. */
function fieldsOf(schema: JsonSchema): Array<[string, JsonSchema]> {
  if (schema.properties) return Object.entries(schema.properties);
  const names = (schema.description ?? "")
    .replace(/\([^)]*\)/g, "")
    .split(",")
    .map((word) => word.trim())
    .filter((word) => /^[a-z]\w*$/i.test(word));
  return names.map((name) => [name, {}]);
}

function typesOf(schema: JsonSchema): string[] {
  return schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
}

/** Values of a type the field does not take (for an undocumented field, values no field of a form takes). */
function wrongValues(schema: JsonSchema): unknown[] {
  const types = typesOf(schema);
  if (schema.enum) return ["not-one-of-them", 7, ...(types.includes("null") ? [] : [null])];
  const candidates: Array<[string, unknown]> = [
    ["object", { nested: { deeper: [] } }],
    ["array", [[], {}]],
    ["number", 12345],
    ["boolean", true],
    ["string", "not-a-number"],
    ["null", null],
  ];
  const known = types.length > 0;
  return candidates
    .filter(([type]) => (known ? !types.includes(type) && !(type === "number" && types.includes("integer")) : type === "object" || type === "array"))
    .map(([, value]) => value);
}

interface Variant {
  label: string;
  contentType?: string;
  body?: string | Uint8Array<ArrayBuffer>;
}

function json(label: string, value: unknown): Variant {
  return { label, contentType: "application/json", body: JSON.stringify(value) };
}

/** Each corpus made once: it holds megabytes of text (the oversized bodies), and the same one goes to many paths. */
const corpora = new Map<JsonSchema | undefined, Variant[]>();

/** The whole malformed-input corpus for one operation's body; every one of them is invalid as a whole. */
function bodyVariants(schema: JsonSchema | undefined): Variant[] {
  let variants = corpora.get(schema);
  if (!variants) corpora.set(schema, (variants = makeBodyVariants(schema)));
  return variants;
}

function makeBodyVariants(schema: JsonSchema | undefined): Variant[] {
  const bytes = (text: string) => new Uint8Array(Buffer.from(text));
  const variants: Variant[] = [
    { label: "no body, no type" },
    { label: "empty JSON body", contentType: "application/json", body: "" },
    { label: "truncated JSON", contentType: "application/json", body: '{"name": "x"' },
    { label: "not JSON", contentType: "application/json", body: "name=x&role=admin" },
    { label: "byte-order mark", contentType: "application/json", body: '\ufeff{"name": {}}' },
    { label: "invalid UTF-8", contentType: "application/json", body: new Uint8Array([0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0xff, 0xfe, 0xc0, 0x7d]) },
    { label: "UTF-16 JSON", contentType: "application/json; charset=utf-16", body: new Uint8Array(Buffer.from('{"name":{}}', "utf16le")) },
    { label: "deep nesting", contentType: "application/json", body: `{"name":${"[".repeat(20_000)}${"]".repeat(20_000)}}` },
    { label: "JSON as text/plain", contentType: "text/plain", body: '{"name":{}}' },
    { label: "JSON with no type", body: bytes('{"name":{}}') },
    { label: "form", contentType: "application/x-www-form-urlencoded", body: "name=x&role=admin" },
    { label: "multipart", contentType: "multipart/form-data; boundary=b", body: '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--b--\r\n' },
    { label: "XML", contentType: "application/xml", body: "<name>x</name>" },
    { label: "over 1 MB", contentType: "application/json", body: JSON.stringify({ name: "x".repeat(1_200_000) }) },
    ...["null", "[]", '"text"', "42", "true", "[{}]"].map((body) => ({ label: `top-level ${body}`, contentType: "application/json", body })),
  ];
  if (!schema) return variants;
  const fields = fieldsOf(schema);
  for (const [name, field] of fields) {
    for (const value of wrongValues(field)) variants.push(json(`${name}: ${JSON.stringify(value)}`, { [name]: value }));
    const types = typesOf(field);
    if (types.length === 0 || types.includes("string")) {
      // Past the documented limit; a field with none gets a string near the body limit.
      const length = field.maxLength !== undefined ? field.maxLength + 1 : 900_000;
      const others = Object.fromEntries(fields.filter(([other]) => other !== name).map(([other]) => [other, { wrong: true }]));
      variants.push(json(`${name}: ${length} characters`, { ...others, [name]: (field.maxLength === undefined ? "x" : "é").repeat(length) }));
    }
  }
  if (fields.length > 0) {
    variants.push(json("every field wrongly typed", Object.fromEntries(fields.map(([name, field]) => [name, wrongValues(field)[0]]))));
    // Unicode edge cases in every field, with the first (then the last) wrongly typed so the whole stays invalid.
    for (const [kind, text] of Object.entries(NASTY)) {
      for (const spoiled of [fields[0]!, fields.at(-1)!]) {
        const body = Object.fromEntries(fields.map(([name]) => [name, name === spoiled[0] ? wrongValues(spoiled[1])[0] : text]));
        variants.push(json(`${kind} everywhere but ${spoiled[0]}`, body));
      }
    }
  }
  return variants;
}

/** Concrete paths for an operation: real ids (only where a body is validated before anything changes) and garbage. */
function pathsFor(op: Operation, withRealIds: boolean): Array<{ path: string; garbage: boolean }> {
  const names = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  if (names.length === 0) return [{ path: op.path, garbage: false }];
  const real = names[0] === "slug" ? realIds.slug : realIds[op.path.split("/")[1]!];
  const fill = (value: string) => names.reduce((path, name) => path.replace(`{${name}}`, value), op.path);
  return [
    ...GARBAGE.map((value) => ({ path: fill(value), garbage: true })),
    ...(withRealIds && real ? [{ path: fill(encodeURIComponent(real)), garbage: false }] : []),
  ];
}

function queriesFor(op: Operation): string[] {
  const names = op.parameters.filter((p) => p.in === "query").map((p) => p.name);
  const queries = ["", "?%=%&&=&a[b]=c"];
  for (const name of names) {
    for (const value of GARBAGE) queries.push(`?${name}=${value}`);
    queries.push(`?${name}=1&${name}=2&${name}[]=3`);
  }
  if (names.length > 1) for (const value of GARBAGE) queries.push(`?${names.map((name) => `${name}=${value}`).join("&")}`);
  return queries;
}

async function send(method: string, path: string, cookie: string | null, variant: Variant = { label: "none" }) {
  const headers: Record<string, string> = { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" };
  if (cookie) headers.Cookie = cookie;
  if (variant.contentType) headers["Content-Type"] = variant.contentType;
  // A copy of bytes, so that a request never holds the corpus's own.
  const body = variant.body === undefined || method === "GET" || method === "HEAD" ? undefined : typeof variant.body === "string" ? variant.body : variant.body.slice();
  const response = await t.app.request(`${ORIGIN}/api/v1${path}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, text, type: response.headers.get("content-type") ?? "" };
}

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Sends the corpus for every operation; collects what answered 5xx, or accepted a write it should have refused. */
async function probe(cookie: string | null): Promise<{ count: number; failures: string[] }> {
  const failures: string[] = [];
  let count = 0;
  const check = (what: string, result: Awaited<ReturnType<typeof send>>, mustRefuse: boolean) => {
    count++;
    if (result.status >= 500) failures.push(`${what} → ${result.status} ${result.text.slice(0, 200)}`);
    else if (mustRefuse && result.status < 400) failures.push(`${what} → ${result.status}, accepted`);
    else if (result.status >= 400 && !result.type.startsWith("application/json")) failures.push(`${what} → ${result.status} without a JSON error`);
  };
  for (const op of operations) {
    const write = WRITES.has(op.method);
    if (op.body) {
      for (const { path, garbage } of pathsFor(op, true)) {
        // Every body on the real item, only the simplest ones on garbage paths (the path is what is being tried).
        const variants = garbage ? bodyVariants(undefined).slice(0, 3) : bodyVariants(op.body);
        for (const variant of variants) check(`${cookie ? "admin" : "anonymous"} ${op.method} ${path.slice(0, 80)} [${variant.label}]`, await send(op.method, path, cookie, variant), true);
      }
      continue;
    }
    // No body: garbage in the path (never a real id, since a bodiless write on it may be valid) and in the query.
    for (const { path, garbage } of pathsFor(op, false)) {
      for (const query of garbage ? [""] : queriesFor(op)) {
        const mustRefuse = write && (garbage || query !== "" || cookie === null);
        check(`${cookie ? "admin" : "anonymous"} ${op.method} ${(path + query).slice(0, 100)}`, await send(op.method, path + query, cookie), mustRefuse);
      }
      if (write) {
        for (const variant of bodyVariants(undefined)) check(`${cookie ? "admin" : "anonymous"} ${op.method} ${path.slice(0, 80)} [${variant.label}]`, await send(op.method, path, cookie, variant), true);
      }
    }
  }
  return { count, failures };
}

describe("malformed input to every operation of the OpenAPI document", () => {
  it("finds the operations in the document, writes among them", () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.filter((op) => op.body).length).toBeGreaterThan(10);
    expect(operations.some((op) => op.method === "DELETE")).toBe(true);
  });

  for (const who of ["anonymous", "an administrator"] as const) {
    it(`answers ${who} with 4xx and JSON errors, never 5xx, and changes no stored data`, async () => {
      const before = await snapshot();
      expect(before.business!.length).toBeGreaterThan(0);
      expect(before.stored_file!.length).toBeGreaterThan(0);
      const { count, failures } = await probe(who === "anonymous" ? null : admin);
      expect(failures).toEqual([]);
      expect(count).toBeGreaterThan(1000);
      const after = await snapshot();
      for (const table of DATA_TABLES) expect(after[table], table).toEqual(before[table]);
      // Thousands of requests, one after another: about a minute on a quiet machine, several on a busy one.
    }, 300_000);
  }

  it("stores otherwise valid free text without its NUL characters and lone surrogates, on either engine", async () => {
    const response = await send(
      "POST",
      "/businesses",
      admin,
      json("NUL in a description", { name: "Null Byte Bakery", categoryId: realIds.categories, description: "Fresh\u0000bread\ud800 daily\n😀", lat: 43.1, lng: -79.07 }),
    );
    expect(response.status, response.text).toBe(201);
    const { id } = JSON.parse(response.text) as { id: string };
    const row = await t.database.db.selectFrom("business").select("description").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.description).toBe("Freshbread\ufffd daily\n😀");
  });
});
