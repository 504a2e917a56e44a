// What a library file really is, read from its bytes: PDF, the Office formats (ZIP containers file-type opens and
// names), images, or CSV, which has no magic number and is recognised as UTF-8 text that parses as CSV.
import Papa from "papaparse";
import { DOCUMENT_TYPES } from "#shared/upload-kinds.ts";
import { sniffType } from "./image.ts";

/** A CSV this long is read whole to check it; past it only the start is (a budget is far smaller). */
const CSV_CHECKED_BYTES = 1024 * 1024;

/** Whether the bytes are a CSV file: UTF-8 text, no NUL byte, not markup, and papaparse reads it without an error. */
export function isCsv(bytes: Uint8Array, fileName: string): boolean {
  // A name is the person's claim; a text file named anything else is not taken as a spreadsheet.
  if (!/\.csv$/i.test(fileName)) return false;
  if (bytes.includes(0)) return false;
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, CSV_CHECKED_BYTES));
  } catch {
    // Cut in the middle of a character at the limit is still UTF-8; anything else is not.
    if (bytes.byteLength <= CSV_CHECKED_BYTES) return false;
    text = new TextDecoder("utf-8").decode(bytes.subarray(0, CSV_CHECKED_BYTES - 4));
  }
  text = text.replace(/^\uFEFF/, "");
  // An HTML or SVG page renamed .csv: harmless once downloaded, but it is not what the library holds.
  if (/^\s*</.test(text)) return false;
  if (text.trim() === "") return false;
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true });
  // A file cut at the limit may end inside a quoted field; only the whole file must close its quotes.
  // A file of one column has no delimiter to find, and is still a CSV.
  const errors = parsed.errors.filter((e) => e.code !== "UndetectableDelimiter" && !(bytes.byteLength > CSV_CHECKED_BYTES && e.code === "MissingQuotes"));
  return errors.length === 0 && parsed.data.length > 0;
}

/** The file's real type when the library takes it, else undefined. */
export async function documentType(bytes: Uint8Array, fileName: string): Promise<string | undefined> {
  const sniffed = await sniffType(bytes);
  if (sniffed) return (DOCUMENT_TYPES as readonly string[]).includes(sniffed) ? sniffed : undefined;
  return isCsv(bytes, fileName) ? "text/csv" : undefined;
}
