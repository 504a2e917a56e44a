// The Nu HTML Checker (vnu.jar, run by Java) on many pages at once: one JVM start for all of them.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { promisify } from "node:util";

const run = promisify(execFile);
const VNU_JAR = String(createRequire(import.meta.url)("vnu-jar"));

interface VnuMessage {
  type: string;
  url: string;
  message: string;
  lastLine?: number;
  extract?: string;
}

/** The checker's errors for each page (keyed by a name for messages), as "name:line message [extract]". */
export async function nuHtmlErrors(pages: Map<string, string>): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "niche-vnu-"));
  try {
    const names = new Map<string, string>();
    [...pages].forEach(([name, html], i) => {
      const file = path.join(dir, `page-${i}.html`);
      fs.writeFileSync(file, html);
      names.set(`file:${file}`, name);
    });
    // --exit-zero-always: the verdict comes from the JSON report, so a failure names each page and error.
    const files = [...names.keys()].map((f) => f.slice("file:".length));
    const { stdout } = await run("java", ["-jar", VNU_JAR, "--errors-only", "--exit-zero-always", "--format", "json", "--stdout", ...files], {
      maxBuffer: 64 * 1024 * 1024,
    });
    const messages = (JSON.parse(stdout) as { messages: VnuMessage[] }).messages;
    return messages
      .filter((m) => m.type === "error" || m.type === "non-document-error")
      .map((m) => `${names.get(m.url) ?? m.url}:${m.lastLine ?? "?"} ${m.message} ${m.extract ? `[${m.extract.trim()}]` : ""}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
