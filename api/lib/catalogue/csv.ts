/**
 * CSV as RFC 4180 has it, for the catalogue's export and import (api/lib/catalogue/catalogue-csv.ts):
 * fields separated by commas, records by CRLF (a bare LF or CR is accepted too), a field in
 * double quotes may hold commas, quotes (doubled) and line breaks. No dependency does this
 * for us in the tree, and the format is small enough to own with its tests
 * (tests/unit/csv.test.ts).
 */

/** One record and the line of the file it starts on (1-based, the header is line 1). */
export type CsvRecord = { line: number; fields: string[] };

/** The file is not CSV: `line` is where the broken record starts. */
export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
    this.name = "CsvSyntaxError";
  }
}

/** More records than the caller takes; parsing stops there. */
export class CsvTooManyRecords extends Error {
  constructor(readonly limit: number) {
    super(`More than ${limit} records`);
    this.name = "CsvTooManyRecords";
  }
}

/**
 * Parses `text` into records. Blank lines (nothing on them, not even quotes) are skipped, and a
 * final line break ends the last record rather than starting an empty one. `maxRecords` stops
 * the parse with CsvTooManyRecords as soon as one more record starts, so an oversized file
 * costs no more than the allowed part.
 */
export function parseCsv(text: string, options: { maxRecords?: number } = {}): CsvRecord[] {
  return [...csvRecords(text, options)];
}

/**
 * parseCsv one record at a time, for a caller that lets other work in between (a 5 MB import
 * parsed whole holds the event loop for a long stretch). The errors are thrown where they are met.
 */
export function* csvRecords(text: string, options: { maxRecords?: number } = {}): Generator<CsvRecord> {
  const maxRecords = options.maxRecords ?? Infinity;
  let count = 0;
  let line = 1;
  let recordLine = 1;
  let fields: string[] = [];
  let field = "";
  // Whether the current record has anything yet (a quote counts): a blank line has not.
  let started = false;
  let i = 0;
  const n = text.length;

  /** Ends the current record: it, or null for a blank line. */
  const endRecord = (): CsvRecord | null => {
    fields.push(field);
    const blank = !started && fields.length === 1 && field === "";
    let record: CsvRecord | null = null;
    if (!blank) {
      if (count >= maxRecords) throw new CsvTooManyRecords(maxRecords);
      count++;
      record = { line: recordLine, fields };
    }
    fields = [];
    field = "";
    started = false;
    return record;
  };
  /** Steps over a line break at `i` (CRLF, LF or CR); answers whether there was one. */
  const lineBreak = () => {
    const c = text.charCodeAt(i);
    if (c === 10) {
      i++;
    } else if (c === 13) {
      i += text.charCodeAt(i + 1) === 10 ? 2 : 1;
    } else {
      return false;
    }
    line++;
    return true;
  };

  while (i < n) {
    // At the start of a field.
    if (!started && fields.length === 0 && field === "") recordLine = line;
    if (text[i] === '"') {
      started = true;
      const opened = line;
      i++;
      for (;;) {
        if (i >= n) throw new CsvSyntaxError(opened, `A quoted field opened on line ${opened} is never closed`);
        const quote = text.indexOf('"', i);
        if (quote === -1) throw new CsvSyntaxError(opened, `A quoted field opened on line ${opened} is never closed`);
        const chunk = text.slice(i, quote);
        field += chunk;
        for (const ch of chunk) if (ch === "\n") line++;
        // A CR not followed by LF is a line break of its own.
        line += (chunk.match(/\r(?!\n)/g) ?? []).length;
        i = quote + 1;
        if (text[i] === '"') {
          field += '"';
          i++;
          continue;
        }
        break;
      }
      // After the closing quote: the end of the field, of the record or of the file.
      if (i >= n) break;
      if (text[i] === ",") {
        fields.push(field);
        field = "";
        i++;
        continue;
      }
      if (lineBreak()) {
        const record = endRecord();
        if (record) yield record;
        continue;
      }
      throw new CsvSyntaxError(
        line,
        `Line ${line}: text after a closing quote; a quote inside a field is written as two quotes ("")`,
      );
    }
    // An unquoted field: up to the next comma or line break.
    for (;;) {
      if (i >= n) break;
      const c = text[i];
      if (c === ",") {
        started = true;
        fields.push(field);
        field = "";
        i++;
        break;
      }
      if (c === "\n" || c === "\r") {
        lineBreak();
        const record = endRecord();
        if (record) yield record;
        break;
      }
      if (c === '"') {
        throw new CsvSyntaxError(
          line,
          `Line ${line}: a quote inside an unquoted field; put the field in quotes and write the quote as two ("")`,
        );
      }
      started = true;
      field += c;
      i++;
    }
  }
  // The last record when the file does not end with a line break.
  if (started || fields.length > 0 || field !== "") {
    const record = endRecord();
    if (record) yield record;
  }
}

/** One field as CSV: quoted when it holds a comma, a quote or a line break, or starts or ends with a space. */
export function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One record as CSV, ended by CRLF. */
export function csvRecord(fields: readonly string[]): string {
  return `${fields.map(csvField).join(",")}\r\n`;
}

/**
 * A spreadsheet takes a cell starting with =, +, -, @, tab or CR as a formula (CSV injection),
 * so text that starts so is written with an apostrophe before it, which spreadsheets show as
 * text. An apostrophe is also added before text that already starts with apostrophes and one of
 * those characters, so that `fromSpreadsheetText` gives back exactly what was written.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

export function toSpreadsheetText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function fromSpreadsheetText(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value) ? value.slice(1) : value;
}
