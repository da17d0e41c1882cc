import { describe, expect, it } from "vitest";
import {
  CsvSyntaxError,
  CsvTooManyRecords,
  csvField,
  csvRecord,
  fromSpreadsheetText,
  parseCsv,
  toSpreadsheetText,
} from "../../api/lib/catalogue/csv";

const fieldsOf = (text: string) => parseCsv(text).map((record) => record.fields);

describe("parseCsv (RFC 4180)", () => {
  it("reads records separated by CRLF, LF or CR, with their first line", () => {
    expect(parseCsv("a,b\r\nc,d\ne,f\rg,h")).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 2, fields: ["c", "d"] },
      { line: 3, fields: ["e", "f"] },
      { line: 4, fields: ["g", "h"] },
    ]);
  });

  it("takes a final line break as the end of the last record, and skips blank lines", () => {
    expect(parseCsv("a,b\r\n\r\n\nc,d\r\n")).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 4, fields: ["c", "d"] },
    ]);
    expect(parseCsv("")).toEqual([]);
    expect(parseCsv("\r\n\n")).toEqual([]);
  });

  it("keeps empty fields, at the start, the middle and the end", () => {
    expect(fieldsOf(",a,,b,\n")).toEqual([["", "a", "", "b", ""]]);
    expect(fieldsOf(",\n")).toEqual([["", ""]]);
    // A quoted empty field makes a record, unlike a blank line.
    expect(fieldsOf('""\n')).toEqual([[""]]);
  });

  it("reads quoted fields holding commas, doubled quotes and line breaks, counting the lines", () => {
    const text = 'id,text\r\n1,"a, b"\r\n2,"say ""hi"""\r\n3,"two\r\nlines\nand\rthree"\r\n4,x\r\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ["id", "text"] },
      { line: 2, fields: ["1", "a, b"] },
      { line: 3, fields: ["2", 'say "hi"'] },
      { line: 4, fields: ["3", "two\r\nlines\nand\rthree"] },
      { line: 8, fields: ["4", "x"] },
    ]);
  });

  it("keeps spaces and Unicode as they are", () => {
    expect(fieldsOf(" a , ₹1,299 ,हिन्दी\n")).toEqual([[" a ", " ₹1", "299 ", "हिन्दी"]]);
  });

  it("refuses a quote inside an unquoted field, text after a closing quote and an unclosed quote, naming the line", () => {
    const error = (text: string) => {
      try {
        parseCsv(text);
      } catch (caught) {
        return caught;
      }
      throw new Error("parsed");
    };
    const inside = error('a,b\nc,d"e\n') as CsvSyntaxError;
    expect(inside).toBeInstanceOf(CsvSyntaxError);
    expect(inside.line).toBe(2);
    expect(inside.message).toMatch(/quote inside an unquoted field/);
    const after = error('a\n"b"c\n') as CsvSyntaxError;
    expect(after.line).toBe(2);
    expect(after.message).toMatch(/after a closing quote/);
    const unclosed = error('a\nb\n"c,\nd\ne\n') as CsvSyntaxError;
    expect(unclosed.line).toBe(3);
    expect(unclosed.message).toMatch(/opened on line 3 is never closed/);
  });

  it("stops as soon as a record beyond maxRecords starts", () => {
    expect(parseCsv("a\nb\nc\n", { maxRecords: 3 })).toHaveLength(3);
    expect(() => parseCsv("a\nb\nc\nd\n", { maxRecords: 3 })).toThrow(CsvTooManyRecords);
    // Blank lines are not records.
    expect(parseCsv("a\n\n\nb\nc\n\n", { maxRecords: 3 })).toHaveLength(3);
    // Parsing stops at the extra record: a broken tail after it is never read.
    expect(() => parseCsv('a\nb\nc\nd\n"broken', { maxRecords: 3 })).toThrow(CsvTooManyRecords);
  });
});

describe("csvField and csvRecord", () => {
  it("quotes only what needs it and doubles quotes", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("")).toBe("");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("cr\r")).toBe('"cr\r"');
    expect(csvField(" padded")).toBe('" padded"');
    expect(csvField("₹1,299")).toBe('"₹1,299"');
    expect(csvRecord(["a", "b,c", ""])).toBe('a,"b,c",\r\n');
  });

  it("round-trips any fields through parseCsv", () => {
    const records = [
      ["id", "text", "more"],
      ["1", 'quote " and comma ,', "line\r\nbreak"],
      ["", " spaced ", ""],
      ["₹", "हिन्दी", '""'],
      ["lone\rcr", "lf\n", "end"],
    ];
    const text = records.map(csvRecord).join("");
    expect(fieldsOf(text)).toEqual(records);
  });
});

describe("spreadsheet formulas", () => {
  it("puts an apostrophe before text a spreadsheet would run as a formula, and takes it off again", () => {
    for (const value of ["=SUM(A1)", "+91 98765", "-5", "@cmd", "\tx", "\rx"]) {
      expect(toSpreadsheetText(value)).toBe(`'${value}`);
      expect(fromSpreadsheetText(toSpreadsheetText(value))).toBe(value);
    }
    for (const value of ["Plain", "'quoted'", "a=b", "", "'", "'a"]) {
      expect(toSpreadsheetText(value)).toBe(value);
      expect(fromSpreadsheetText(value)).toBe(value);
    }
    // Text that itself starts with an apostrophe before a formula character still comes back whole.
    for (const value of ["'=x", "''+y"]) {
      expect(toSpreadsheetText(value)).toBe(`'${value}`);
      expect(fromSpreadsheetText(toSpreadsheetText(value))).toBe(value);
    }
  });
});
