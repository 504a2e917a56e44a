import { describe, expect, it } from "vitest";
import { decode, neutralise, readCsv, toCsv, unneutralise } from "./csv.ts";
import { autoMapping, matchKey, splitTags } from "./business-rows.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("reading CSV", () => {
  it("reads UTF-8 with and without a byte-order mark", () => {
    const plain = readCsv(bytes("Name,Address\nCafé Crème,1 Rue\n"));
    const bom = readCsv(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes("Name,Address\nCafé Crème,1 Rue\n")]));
    expect(plain).toEqual({ encoding: "utf-8", delimiter: ",", headers: ["Name", "Address"], rows: [["Café Crème", "1 Rue"]], lines: [2] });
    expect(bom.headers).toEqual(["Name", "Address"]);
    expect(bom.rows).toEqual([["Café Crème", "1 Rue"]]);
  });

  it("reads Windows-1252 (Excel's CSV on Windows) when the bytes are not UTF-8", () => {
    // "Café;Crème" with é = 0xE9 and è = 0xE8, separated by semicolons as a French Excel writes them.
    const file = new Uint8Array([...bytes("Name;Category\nCaf"), 0xe9, ...bytes(";Cr"), 0xe8, ...bytes("me\n")]);
    const table = readCsv(file);
    expect(table.encoding).toBe("windows-1252");
    expect(table.delimiter).toBe(";");
    expect(table.rows).toEqual([["Café", "Crème"]]);
    expect(decode(file, "utf-8").text).toContain("\uFFFD");
  });

  it("reads Mac Roman (older Excel for Mac) when it reads as Western text, and Windows-1252 when that does", () => {
    const mac = (text: string) => Uint8Array.from(Buffer.from(text, "latin1")).map((byte) => MAC_ROMAN[byte] ?? byte);
    // "Café Crème – Bistro, Joe’s “Corner”" saved as Mac Roman: é 0x8E, è 0x8F, – 0xD0, ’ 0xD5, “ ” 0xD2 0xD3.
    const MAC_ROMAN: Record<number, number> = { 0xe9: 0x8e, 0xe8: 0x8f, 0x96: 0xd0, 0x92: 0xd5, 0x93: 0xd2, 0x94: 0xd3, 0xdf: 0xa7, 0xef: 0x95 };
    const file = new Uint8Array([...bytes("Name,Street\n"), ...mac("Caf\xe9 Cr\xe8me \x96 Bistro,Stra\xdfe 1\n"), ...mac("Joe\x92s \x93Corner\x94,Na\xefve Lane\n")]);
    const table = readCsv(file);
    expect(table.encoding).toBe("macintosh");
    expect(table.rows).toEqual([["Café Crème – Bistro", "Straße 1"], ["Joe’s “Corner”", "Naïve Lane"]]);
    // The same text in Windows-1252, capitals and quotes too, stays Windows-1252.
    const windows = new Uint8Array(Buffer.from("Name,Street\nCaf\xe9 Cr\xe8me \x96 Bistro,Stra\xdfe 1\n\xc9COLE \x93Joe\x92s\x94,Na\xefve Lane\n", "latin1"));
    expect(readCsv(windows).rows).toEqual([["Café Crème – Bistro", "Straße 1"], ["ÉCOLE “Joe’s”", "Naïve Lane"]]);
    expect(readCsv(file, { encoding: "windows-1252" }).encoding).toBe("windows-1252");
  });

  it("detects tabs and semicolons, and lets the caller insist on a delimiter", () => {
    expect(readCsv(bytes("Name\tPhone\nA\t1\n")).delimiter).toBe("\t");
    expect(readCsv(bytes('Name;Phone\n"A, B";1\n')).rows).toEqual([["A, B", "1"]]);
    expect(readCsv(bytes("Name;Phone\nA;1\n"), { delimiter: "," }).headers).toEqual(["Name;Phone"]);
  });

  it("keeps quoted commas, quotes and line breaks inside cells, and pads short rows", () => {
    const table = readCsv(bytes('name,description,phone\n"Joe\'s ""Best""","Line 1\nLine 2"\n'));
    expect(table.rows).toEqual([['Joe\'s "Best"', "Line 1\nLine 2", ""]]);
  });

  it("names an empty header by its column, counted as spreadsheets count them, and still maps the named ones", () => {
    const table = readCsv(bytes("Name,,Phone, ,Phone,\nCorner Cafe,note,905-555-0001,x,905-555-0002,\n"));
    expect(table.headers).toEqual(["Name", "Column 2", "Phone", "Column 4", "Phone (2)", "Column 6"]);
    expect(table.rows).toEqual([["Corner Cafe", "note", "905-555-0001", "x", "905-555-0002", ""]]);
    expect(autoMapping(table.headers)).toEqual({ Name: "name", "Column 2": "", Phone: "phone", "Column 4": "", "Phone (2)": "", "Column 6": "" });
  });

  it("keeps a header the file gives a column, naming an empty one apart from it", () => {
    expect(readCsv(bytes("Name,,Column 2\nA,x,y\n")).headers).toEqual(["Name", "Column 2 (2)", "Column 2"]);
    expect(readCsv(bytes("Column 2,,Column 2\nA,x,y\n")).headers).toEqual(["Column 2", "Column 2 (2)", "Column 2 (3)"]);
  });

  it("refuses what is not a CSV table, saying what to do", () => {
    expect(() => readCsv(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]))).toThrow(/spreadsheet workbook/);
    expect(() => readCsv(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]))).toThrow(/not a CSV file/);
    expect(() => readCsv(bytes("  \n"))).toThrow(/empty/);
    expect(() => readCsv(new Uint8Array(10 * 1024 * 1024 + 1).fill(0x41))).toThrow(/larger than 10 MB/);
    expect(() => readCsv(bytes(`name\n${"x\n".repeat(10_001)}`))).toThrow(/more than 10,000 rows/);
  });
});

describe("writing CSV", () => {
  it("neutralises text a spreadsheet would run as a formula, and reads it back as it was", () => {
    for (const value of ["=HYPERLINK(\"http://evil\",\"x\")", "+1", "-2+3", "@SUM(A1)", "\tx", "\rx"]) {
      expect(neutralise(value)).toBe(`'${value}`);
      expect(unneutralise(neutralise(value))).toBe(value);
    }
    expect(neutralise("Plain")).toBe("Plain");
    expect(neutralise(-79.07)).toBe("-79.07");
    expect(unneutralise("'tis the season")).toBe("'tis the season");
  });

  it("writes a UTF-8 document Excel opens, quoting what needs it", () => {
    const csv = toCsv(["name", "note"], [["A, B", 'say "hi"'], ["=1+1", null]]);
    expect(csv).toBe('\uFEFFname,note\r\n"A, B","say ""hi"""\r\n\'=1+1,\r\n');
  });
});

describe("mapping and matching", () => {
  it("maps headers as spreadsheets name them, each field once", () => {
    expect(autoMapping(["Business Name", "E-mail", "Lat", "Lon", "Web site", "Notes", "Name"])).toEqual({
      "Business Name": "name",
      "E-mail": "email",
      Lat: "latitude",
      Lon: "longitude",
      "Web site": "website",
      Notes: "",
      Name: "",
    });
    expect(autoMapping(["Company", "Notes"], { Notes: "description" })).toEqual({ Company: "name", Notes: "description" });
  });

  it("matches names and addresses without case, accents or punctuation", () => {
    expect(matchKey("Café  Crème", "12 Queen St.")).toBe(matchKey("cafe creme", "12 queen st"));
    expect(splitTags("Food; Drink;food")).toEqual(["Food", "Drink", "food"]);
    expect(splitTags("Food, Drink")).toEqual(["Food", "Drink"]);
  });
});
