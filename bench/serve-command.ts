// The Node arguments `npm start` runs the server with: the last command of package.json's "serve" script (the
// built server and Node's flags), so the benchmarks measure what is deployed.
import fs from "node:fs";

export function serveArgs(): string[] {
  const { scripts } = JSON.parse(fs.readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { scripts: { serve: string } };
  const [command, ...args] = scripts.serve.split("&&").at(-1)!.trim().split(/\s+/);
  if (command !== "node") throw new Error(`package.json's serve script should end with a node command, not ${command}`);
  return args;
}
