/**
 * CSV as RFC 4180 has it, for the catalogue's export and import (api/lib/catalogue/catalogue-csv.ts),
 * read by csv-parse and written by csv-stringify: fields separated by commas, records by CRLF (a
 * bare LF or CR is accepted too), a field in double quotes may hold commas, quotes (doubled) and
 * line breaks. What stays ours: the line each record starts on and the line of a syntax error
 * (csv-parse counts a CRLF inside a quoted field as two lines), the error messages, the record
 * limit and the spreadsheet-formula guard. Tests: tests/unit/csv.test.ts.
 */
import { CsvError, type InfoRecord, type Options, parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";

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

const LF = 0x0a;
const CR = 0x0d;

/** Line breaks in `text`: CRLF, LF or a CR alone each end one line. */
const lineBreaks = (text: string) => (text.match(/\r\n|\r|\n/g) ?? []).length;

/** Walks the file's bytes (as csv-parse counts them) and counts its lines on the way. */
class Lines {
  private offset = 0;
  private line = 1;

  constructor(private readonly bytes: Uint8Array) {}

  /** Moves to byte `end` (the end of a record, its line break included). */
  advanceTo(end: number) {
    while (this.offset < end) this.step();
  }

  /** Steps over blank lines: the line the next record starts on. */
  nextRecord(): number {
    while (this.offset < this.bytes.length && (this.bytes[this.offset] === LF || this.bytes[this.offset] === CR))
      this.step();
    return this.line;
  }

  private step() {
    const byte = this.bytes[this.offset++];
    if (byte === LF) this.line++;
    else if (byte === CR) {
      if (this.bytes[this.offset] === LF) this.offset++;
      this.line++;
    }
  }
}

/**
 * Where an unclosed quote opened in `record` (the broken record's text from its start to the end
 * of the file): the first quote starting a field after which every quote is a doubled one.
 */
function unclosedQuoteAt(record: string): number {
  for (let at = record.indexOf('"'); at !== -1; at = record.indexOf('"', at + 1)) {
    if ((at === 0 || record[at - 1] === ",") && /^(?:[^"]|"")*$/.test(record.slice(at + 1))) return at;
  }
  return 0;
}

/** csv-parse's refusal as ours, with the line counted our way from the broken record's start. */
function syntaxError(error: CsvError, recordLine: number): Error {
  // csv-parse's text of the broken record so far, after any blank lines before it.
  const raw = String(error.raw ?? "").replace(/^[\r\n]+/, "");
  const line = recordLine + lineBreaks(raw);
  switch (error.code) {
    case "CSV_QUOTE_NOT_CLOSED": {
      const opened = recordLine + lineBreaks(raw.slice(0, unclosedQuoteAt(raw)));
      return new CsvSyntaxError(opened, `A quoted field opened on line ${opened} is never closed`);
    }
    case "CSV_INVALID_CLOSING_QUOTE":
      return new CsvSyntaxError(
        line,
        `Line ${line}: text after a closing quote; a quote inside a field is written as two quotes ("")`,
      );
    case "INVALID_OPENING_QUOTE":
      return new CsvSyntaxError(
        line,
        `Line ${line}: a quote inside an unquoted field; put the field in quotes and write the quote as two ("")`,
      );
    default:
      return new CsvSyntaxError(line, `Line ${line}: ${error.message}`);
  }
}

/**
 * Parses `text` into records. Blank lines (nothing on them, not even quotes) are skipped, and a
 * final line break ends the last record rather than starting an empty one. `maxRecords` stops
 * the parse with CsvTooManyRecords at the first record past it, so an oversized file costs no
 * more than the allowed part.
 */
export function parseCsv(text: string, options: { maxRecords?: number } = {}): CsvRecord[] {
  return [...csvRecords(text, options)];
}

/** Records per csv-parse call: the file is read that many at a time. */
const PARSE_CHUNK = 250;

/**
 * Up to `count` records from byte `offset` on (a record's start), each with where it ends. The
 * rest of the file is not read. A syntax error is thrown as CsvSyntaxError, its line counted
 * by `lines`, which stands at `offset`.
 */
function parseFrom(bytes: Buffer, offset: number, count: number, lines: Lines) {
  // The end of the last record read, to count the lines up to a broken one.
  let lastEnd = offset;
  // With `raw`, csv-parse hands on_record { record, raw }, which its types do not say.
  const onRecord = ({ record }: { record: string[] }, { bytes: end }: InfoRecord) => {
    lastEnd = offset + end;
    return { fields: record, end: lastEnd };
  };
  try {
    return parse(bytes.subarray(offset), {
      record_delimiter: ["\r\n", "\n", "\r"],
      skip_empty_lines: true,
      relax_column_count: true,
      // The broken record's text on an error, to count the lines up to where it breaks.
      raw: true,
      ...(Number.isFinite(count) ? { to: count } : {}),
      on_record: onRecord as unknown as Options["on_record"],
    }) as unknown as ReturnType<typeof onRecord>[];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    lines.advanceTo(lastEnd);
    throw syntaxError(error, lines.nextRecord());
  }
}

/**
 * parseCsv one record at a time, for a caller that lets other work in between (a 5 MB import
 * parsed whole holds the event loop for a long stretch): csv-parse's sync API reads PARSE_CHUNK
 * records at a time, each call from where the last one ended. The errors are thrown where they
 * are met (before the records of their chunk).
 */
export function* csvRecords(text: string, options: { maxRecords?: number } = {}): Generator<CsvRecord> {
  const maxRecords = options.maxRecords ?? Infinity;
  const bytes = Buffer.from(text);
  const lines = new Lines(bytes);
  let offset = 0;
  let count = 0;
  for (;;) {
    // One more than taken, to know there is one.
    const wanted = Math.min(PARSE_CHUNK, maxRecords - count + 1);
    const records = parseFrom(bytes, offset, wanted, lines);
    for (const { fields, end } of records) {
      if (count >= maxRecords) throw new CsvTooManyRecords(maxRecords);
      count++;
      const line = lines.nextRecord();
      lines.advanceTo(end);
      offset = end;
      yield { line, fields };
    }
    if (records.length < wanted) return;
  }
}

/** One record as CSV, ended by CRLF; a field is quoted when it holds a comma, a quote or a line break, or starts or ends with a space. */
export function csvRecord(fields: readonly string[]): string {
  return stringify([fields], { record_delimiter: "\r\n", quoted_match: /[\r\n]|^\s|\s$/ });
}

/** One field as CSV, quoted as csvRecord quotes it. */
export function csvField(value: string): string {
  return csvRecord([value]).slice(0, -2);
}

/**
 * A spreadsheet takes a cell starting with =, +, -, @, tab or CR as a formula (CSV injection),
 * so text that starts so is written with an apostrophe before it, which spreadsheets show as
 * text. An apostrophe is also added before text that already starts with apostrophes and one of
 * those characters, so that `fromSpreadsheetText` gives back exactly what was written
 * (csv-stringify's `escape_formulas` does not, so the guard stays ours).
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

export function toSpreadsheetText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function fromSpreadsheetText(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value) ? value.slice(1) : value;
}
