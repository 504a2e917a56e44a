// Right to left stays possible (issue 44, item 6): the layout says start and end, never left and right, so a
// right-to-left catalog needs no layout change. Tailwind's physical utilities in the pages' code and physical
// properties in their CSS fail here, each with the file and line to change.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const WEB = new URL(".", import.meta.url).pathname;

function filesUnder(folder: string, ending: RegExp): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && ending.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

// A class token (after a space, quote, backtick or a variant's colon) naming a physical side.
const PHYSICAL_CLASS =
  /(?<=[\s"'`:])-?(?:ml|mr|pl|pr|left|right|scroll-ml|scroll-mr|scroll-pl|scroll-pr|rounded-l|rounded-r|rounded-tl|rounded-tr|rounded-bl|rounded-br|border-l|border-r)-[\w./[\]-]+|(?<=[\s"'`:])(?:text-left|text-right|float-left|float-right|clear-left|clear-right|border-l|border-r)(?=[\s"'`])/g;

// A CSS declaration of a physical side's margin, padding, border, position or alignment.
const PHYSICAL_CSS =
  /(?<![\w-])(?:(?:margin|padding|border|scroll-margin|scroll-padding)-(?:left|right)(?:-[a-z]+)?|left|right|border-(?:top|bottom)-(?:left|right)-radius)\s*:|(?:text-align|float|clear)\s*:\s*(?:left|right)\b/g;

/** "file:line: text" of each match of `pattern` in a file; comments' lines are skipped. */
function findings(file: string, pattern: RegExp): string[] {
  const found: string[] = [];
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((text, index) => {
      const code = text.trimStart();
      if (code.startsWith("//") || code.startsWith("*") || code.startsWith("/*") || code.startsWith("{/*")) return;
      for (const match of text.matchAll(pattern)) found.push(`${relative(WEB, file)}:${index + 1}: ${match[0]}`);
    });
  return found;
}

describe("the web layout", () => {
  it("uses start and end classes (ms-, pe-, start-, text-start, border-s …), never a physical side", () => {
    const found = filesUnder(WEB, /\.tsx?$/).flatMap((file) => findings(file, PHYSICAL_CLASS));
    expect(found).toEqual([]);
  });

  it("uses logical properties (margin-inline-start, inset-inline …) in its CSS", () => {
    const found = filesUnder(WEB, /\.css$/).flatMap((file) => findings(file, PHYSICAL_CSS));
    expect(found).toEqual([]);
  });

  it("catches each physical side it looks for", () => {
    const classes = ` "ml-2 mr-1 pl-3 pr-4 left-0 right-3 -ml-px text-left text-right lg:pl-2 rounded-r-md border-l-4 border-r"`;
    expect(classes.match(PHYSICAL_CLASS)).toEqual(["ml-2", "mr-1", "pl-3", "pr-4", "left-0", "right-3", "-ml-px", "text-left", "text-right", "pl-2", "rounded-r-md", "border-l-4", "border-r"]);
    expect(` "ms-2 me-1 ps-3 pe-4 start-0 end-3 text-start text-end rounded-e-md border-s-4 html-like"`.match(PHYSICAL_CLASS)).toBeNull();
    const css = "a { margin-left: 1px; padding-right: 2px; left: 50%; text-align: right; border-left-width: 1px }";
    expect(css.match(PHYSICAL_CSS)).toEqual(["margin-left:", "padding-right:", "left:", "text-align: right", "border-left-width:"]);
    expect("a { margin-inline-start: 1px; inset-inline: 0; text-align: start; translate: 0 -50% }".match(PHYSICAL_CSS)).toBeNull();
  });
});
