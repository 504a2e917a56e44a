// Runs before anything else on `npm start` (plain JavaScript, so that older Node versions can run it): an
// unsupported Node stops with one line instead of a stack trace from the first TypeScript import.
import fs from "node:fs";

const manifest = JSON.parse(fs.readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
const needed = manifest.engines.node.replace(/^>=\s*/, "");

/** Whether dotted version `found` is at least `floor`, compared number by number. */
function satisfies(found, floor) {
  const a = found.replace(/^v/, "").split(".").map(Number);
  const b = floor.split(".").map(Number);
  for (let i = 0; i < b.length; i++) {
    if ((a[i] ?? 0) !== b[i]) return (a[i] ?? 0) > b[i];
  }
  return true;
}

if (!satisfies(process.versions.node, needed)) {
  console.error(`Niche needs Node.js ${needed} or newer (24 LTS recommended); this is Node.js ${process.versions.node}.`);
  process.exit(1);
}
