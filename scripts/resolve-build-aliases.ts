// The server build keeps its imports as written (`#server/db/database.ts`), and tsc rewrites only relative ones:
// this turns each alias in build/<dir>/node into the relative `.js` path of the file tsc wrote, so the built server
// runs on its own output and never reaches back into src/.
import fs from "node:fs";
import path from "node:path";
import manifest from "#package.json" with { type: "json" };

const outDir = path.resolve(process.argv[2] ?? "build/node");
const aliases = Object.entries(manifest.imports).flatMap(([alias, target]) =>
  alias.endsWith("/*") && target.startsWith("./src/") ? [{ prefix: alias.slice(0, -1), dir: path.join(outDir, target.slice("./src/".length, -1)) }] : [],
);
const specifier = /((?:from\s+|import\s*\(\s*|^import\s+)["'])(#[^"']+)(["'])/gm;

function relativeSpecifier(fromFile: string, alias: string): string {
  const match = aliases.find(({ prefix }) => alias.startsWith(prefix));
  if (!match) throw new Error(`${fromFile}: ${alias} names no folder of the server build`);
  const target = path.join(match.dir, alias.slice(match.prefix.length)).replace(/\.tsx?$/, ".js");
  const relative = path.relative(path.dirname(fromFile), target).split(path.sep).join("/");
  return relative.startsWith(".") ? relative : `./${relative}`;
}

for (const entry of fs.readdirSync(outDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith(".js")) continue;
  const file = path.join(entry.parentPath, entry.name);
  const text = fs.readFileSync(file, "utf8");
  const rewritten = text.replace(specifier, (_, before: string, alias: string, after: string) => before + relativeSpecifier(file, alias) + after);
  if (rewritten !== text) fs.writeFileSync(file, rewritten);
}

// The catalogs the server's own code (mail) reads at run time, beside the built module that imports them
// (src/shared/i18n/index.ts, `loadCatalog`).
fs.cpSync("src/shared/i18n/locales", path.join(outDir, "shared/i18n/locales"), { recursive: true });
