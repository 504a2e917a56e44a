// Reading spreadsheets saved as CSV (encodings and delimiters as Excel, LibreOffice and Google Sheets write them)
// and writing CSV that a spreadsheet opens without running anything in it.
import Papa from "papaparse";
import { Validation } from "../../errors.ts";
import { IMPORT_LIMITS, importMessages, type CsvDelimiter, type CsvEncoding } from "../../../shared/schemas/data-import.ts";

export interface CsvTable {
  encoding: Exclude<CsvEncoding, "auto">;
  delimiter: Exclude<CsvDelimiter, "auto">;
  headers: string[];
  /** The data rows, each as long as `headers` (missing cells are blank). */
  rows: string[][];
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** The file's text: UTF-8 (with or without its byte-order mark), UTF-16 with its mark, else Windows-1252. */
export function decode(bytes: Uint8Array, encoding: CsvEncoding = "auto"): { text: string; encoding: CsvTable["encoding"] } {
  const hasUtf8Bom = UTF8_BOM.every((byte, i) => bytes[i] === byte);
  if (encoding === "windows-1252") return { text: new TextDecoder("windows-1252").decode(bytes), encoding };
  if (encoding === "utf-8") return { text: new TextDecoder("utf-8").decode(bytes), encoding };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder("utf-16le").decode(bytes), encoding: "utf-16le" };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder("utf-16be").decode(bytes), encoding: "utf-16be" };
  if (hasUtf8Bom) return { text: new TextDecoder("utf-8").decode(bytes), encoding: "utf-8" };
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    return { text: new TextDecoder("windows-1252").decode(bytes), encoding: "windows-1252" };
  }
}

/** Files that are plainly something else, told apart by their first bytes. */
function notText(bytes: Uint8Array): string | null {
  const head = bytes.subarray(0, 8192);
  if (head[0] === 0x50 && head[1] === 0x4b) return importMessages.spreadsheetNotCsv;
  if (head[0] === 0xd0 && head[1] === 0xcf) return importMessages.spreadsheetNotCsv;
  const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
  if (!utf16 && head.includes(0)) return importMessages.notCsv;
  return null;
}

/**
 * The table in a CSV file: its header row and data rows. Throws Validation with a message a person can act on
 * when the file is too large, not text, empty, without a header or longer than the row limit.
 */
export function readCsv(bytes: Uint8Array, options: { encoding?: CsvEncoding; delimiter?: CsvDelimiter } = {}): CsvTable {
  if (bytes.byteLength > IMPORT_LIMITS.bytes) throw Validation(importMessages.tooLarge, { file: importMessages.tooLarge });
  const wrong = notText(bytes);
  if (wrong) throw Validation(wrong, { file: wrong });
  const { text, encoding } = decode(bytes, options.encoding);
  const body = text.replace(/^\uFEFF/, "");
  if (body.trim() === "") throw Validation(importMessages.empty, { file: importMessages.empty });

  const parsed = Papa.parse<string[]>(body, {
    delimiter: !options.delimiter || options.delimiter === "auto" ? "" : options.delimiter,
    delimitersToGuess: [",", ";", "\t"],
    skipEmptyLines: "greedy",
    // One more than allowed, to tell a file that is too long from one that is just long enough.
    preview: IMPORT_LIMITS.rows + 2,
  });
  const [header = [], ...rows] = parsed.data;
  const delimiter = (parsed.meta.delimiter || ",") as CsvTable["delimiter"];
  const headers = header.map((cell) => cell.trim());
  if (headers.filter(Boolean).length === 0 || (headers.length < 2 && rows.some((row) => row.length > 1))) {
    throw Validation(importMessages.noHeader, { file: importMessages.noHeader });
  }
  if (rows.length > IMPORT_LIMITS.rows) throw Validation(importMessages.tooManyRows, { file: importMessages.tooManyRows });
  return { encoding, delimiter, headers, rows: rows.map((row) => headers.map((_, i) => row[i] ?? "")) };
}

/** Characters a spreadsheet reads as the start of a formula (OWASP's list for CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text value a spreadsheet shows as text: one starting like a formula gets a leading apostrophe. Numbers stay numbers. */
export function neutralise(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The text a neutralised cell stood for: reading back what `neutralise` wrote gives the value again. */
export function unneutralise(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/** A CSV document (UTF-8 with a byte-order mark so Excel reads it as UTF-8, CRLF lines) with every cell neutralised. */
export function toCsv(headers: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return `\uFEFF${Papa.unparse({ fields: [...headers], data: rows.map((row) => row.map(neutralise)) }, { newline: "\r\n", escapeFormulae: false })}\r\n`;
}
