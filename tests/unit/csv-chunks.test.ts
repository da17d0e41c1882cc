import { describe, expect, it } from "vitest";
import { CsvSyntaxError, CsvTooManyRecords, csvRecord, parseCsv } from "../../api/lib/catalogue/csv";

// csv-parse reads the file a few hundred records at a time (api/lib/catalogue/csv.ts): records,
// their lines and the errors' lines come out the same across those chunks' boundaries.

/** 1000 records of two lines each (a quoted CRLF, then CR, then LF), a blank line after every 7th. */
function sample() {
  let text = "";
  const expected: { line: number; fields: string[] }[] = [];
  let line = 1;
  for (let i = 0; i < 1000; i++) {
    const fields = [`${i}`, `two${["\r\n", "\r", "\n"][i % 3]}lines, "quoted"`, "₹"];
    expected.push({ line, fields });
    text += csvRecord(fields);
    line += 2;
    if (i % 7 === 6) {
      text += "\r\n";
      line++;
    }
  }
  return { text, expected, lines: line - 1 };
}

describe("parseCsv over many records", () => {
  it("gives every record and the line it starts on", () => {
    const { text, expected } = sample();
    expect(parseCsv(text)).toEqual(expected);
  });

  it("names the line of a syntax error far into the file", () => {
    const { text, lines } = sample();
    const broken = (tail: string) => {
      try {
        parseCsv(text + tail);
      } catch (error) {
        return error as CsvSyntaxError;
      }
      throw new Error("parsed");
    };
    expect(broken('a,b"c\n')).toMatchObject({ line: lines + 1, name: "CsvSyntaxError" });
    expect(broken('a,"b\nc"d\n')).toMatchObject({ line: lines + 2 });
    const unclosed = broken('a,"b""\r\nc\n');
    expect(unclosed.line).toBe(lines + 1);
    expect(unclosed.message).toBe(`A quoted field opened on line ${lines + 1} is never closed`);
  });

  it("stops at the first record past maxRecords, whichever chunk it falls in", () => {
    const { text, expected } = sample();
    for (const max of [1, 249, 250, 251, 500, 999]) {
      expect(() => parseCsv(text, { maxRecords: max })).toThrow(CsvTooManyRecords);
    }
    expect(parseCsv(text, { maxRecords: 1000 })).toEqual(expected);
    // What comes after the extra record is never read.
    expect(() => parseCsv(`${text}x\n"broken`, { maxRecords: 1000 })).toThrow(CsvTooManyRecords);
  });
});
