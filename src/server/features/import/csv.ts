// Reading spreadsheets saved as CSV (encodings and delimiters as Excel, LibreOffice and Google Sheets write them)
// and writing CSV that a spreadsheet opens without running anything in it.
import Papa from "papaparse";
import { Validation } from "#server/errors.ts";
import { IMPORT_LIMITS, importMessages, type CsvDelimiter, type CsvEncoding } from "#shared/schemas/data-import.ts";

export interface CsvTable {
  encoding: Exclude<CsvEncoding, "auto">;
  delimiter: Exclude<CsvDelimiter, "auto">;
  headers: string[];
  /** The data rows, each as long as `headers` (missing cells are blank). */
  rows: string[][];
  /** The line of the file each data row starts on (the first line is 1). */
  lines: number[];
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * The file's text: UTF-8 (with or without its byte-order mark), UTF-16 with its mark, else Windows-1252 (Excel's CSV
 * on Windows) or Mac Roman (on older Macs), whichever reads as more of the letters and marks of Western text.
 */
export function decode(bytes: Uint8Array, encoding: CsvEncoding = "auto"): { text: string; encoding: CsvTable["encoding"] } {
  const hasUtf8Bom = UTF8_BOM.every((byte, i) => bytes[i] === byte);
  if (encoding === "windows-1252" || encoding === "macintosh") return { text: new TextDecoder(encoding).decode(bytes), encoding };
  if (encoding === "utf-8") return { text: new TextDecoder("utf-8").decode(bytes), encoding };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder("utf-16le").decode(bytes), encoding: "utf-16le" };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder("utf-16be").decode(bytes), encoding: "utf-16be" };
  if (hasUtf8Bom) return { text: new TextDecoder("utf-8").decode(bytes), encoding: "utf-8" };
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    const windows = new TextDecoder("windows-1252").decode(bytes);
    const mac = new TextDecoder("macintosh").decode(bytes);
    return westernScore(mac) > westernScore(windows) ? { text: mac, encoding: "macintosh" } : { text: windows, encoding: "windows-1252" };
  }
}

// How much each letter or mark beyond ASCII reads as Western European text: small letters and the usual quotes and
// dashes more than capitals. The same bytes read in the other encoding are mostly symbols or capitals (Mac Roman's é
// is Windows-1252's Ž, its ’ is Õ; Windows-1252's é is Mac Roman's È, its É is …): a tie goes to Windows-1252.
const SMALL = new Set("àâäáãåçéèêëíìîïñóòôöõúùûüÿæœß’‘“”–—");
const CAPITAL = new Set("ÀÂÄÁÃÅÇÉÈÊËÍÌÎÏÑÓÒÔÖÕÚÙÛÜŸÆŒ");

function westernScore(text: string): number {
  let score = 0;
  for (const char of text) {
    if (char <= "\u007f") continue;
    if (SMALL.has(char)) score += 2;
    else if (CAPITAL.has(char)) score += 1;
  }
  return score;
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

  const { records, delimiter: found, strayQuoteLine } = parseRecords(body, !options.delimiter || options.delimiter === "auto" ? "" : options.delimiter);
  if (strayQuoteLine !== null) {
    const message = importMessages.strayQuote(strayQuoteLine);
    throw Validation(message, { file: message });
  }
  const [header = { cells: [], line: 1 }, ...rows] = records;
  const delimiter = (found || ",") as CsvTable["delimiter"];
  const names = header.cells.map((cell) => cell.trim());
  if (names.filter(Boolean).length === 0 || (names.length < 2 && rows.some((row) => row.cells.length > 1))) {
    throw Validation(importMessages.noHeader, { file: importMessages.noHeader });
  }
  const headers = distinctHeaders(names);
  if (rows.length > IMPORT_LIMITS.rows) throw Validation(importMessages.tooManyRows, { file: importMessages.tooManyRows });
  return { encoding, delimiter, headers, rows: rows.map((row) => headers.map((_, i) => row.cells[i] ?? "")), lines: rows.map((row) => row.line) };
}

/**
 * The file's records that have anything in them, each with the line it starts on (blank lines and line breaks inside
 * quoted cells counted, as a text editor counts them), up to one more than the row limit; and the line of the first
 * record whose quotes do not close where its cell ends, which would run the following rows into one cell.
 */
function parseRecords(body: string, delimiter: string): { records: Array<{ cells: string[]; line: number }>; delimiter: string; strayQuoteLine: number | null } {
  // Guessed from the first rows that have anything in them (blank lines would make every guess fail).
  const found = delimiter || Papa.parse<string[]>(body, { delimiter: "", delimitersToGuess: [",", ";", "\t"], skipEmptyLines: "greedy", preview: 1 }).meta.delimiter;
  const records: Array<{ cells: string[]; line: number }> = [];
  let start = 0;
  let line = 1;
  let strayQuoteLine: number | null = null;
  Papa.parse<string[]>(body, {
    delimiter: found,
    step: (result, parser) => {
      if (result.errors.some((error) => error.type === "Quotes")) {
        strayQuoteLine = line;
        parser.abort();
        return;
      }
      if (result.data.some((cell) => cell.trim() !== "")) records.push({ cells: result.data, line });
      line += lineBreaks(body, start, result.meta.cursor);
      start = result.meta.cursor;
      // One more than allowed, to tell a file that is too long from one that is just long enough.
      if (records.length > IMPORT_LIMITS.rows + 1) parser.abort();
    },
  });
  return { records, delimiter: found, strayQuoteLine };
}

/** How many lines end between two positions of the text (CRLF, LF and CR each end one). */
function lineBreaks(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x0a || (code === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) count++;
  }
  return count;
}

/**
 * The headers told apart, so every column can be mapped on its own: an empty one named by its place as spreadsheets
 * count columns ("Column 3"), a repeat numbered ("Phone", "Phone (2)"), neither taking a name the file gives a column.
 */
function distinctHeaders(headers: readonly string[]): string[] {
  const taken = new Set(headers);
  const seen = new Set<string>();
  return headers.map((header, i) => {
    if (header && !seen.has(header)) {
      seen.add(header);
      return header;
    }
    const base = header || `Column ${i + 1}`;
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base} (${n})`;
    taken.add(name);
    return name;
  });
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
