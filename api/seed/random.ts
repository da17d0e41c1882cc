import { createHash } from "node:crypto";

/** A seeded pseudo-random source: the same seed always gives the same sequence. */
export type Random = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both ends included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** True with the given probability. */
  chance(probability: number): boolean;
};

/** mulberry32: tiny, fast and good enough for test data (never for anything secret). */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (probability) => next() < probability,
  };
}

/** A 32-bit seed for one record, so each record's data does not depend on how many came before it. */
export function childSeed(seed: number, stream: string, index: number): number {
  return createHash("sha256").update(`${stream}:${seed}:${index}`).digest().readUInt32LE(0);
}

/** A record id (24 hex characters, like every id of the API) that depends only on the seed, kind and index. */
export function seededId(seed: number, kind: string, index: number): string {
  return createHash("sha256").update(`id:${kind}:${seed}:${index}`).digest("hex").slice(0, 24);
}

/** Fisher–Yates shuffle into a new array. */
export function shuffled<T>(items: readonly T[], random: Random): T[] {
  const result = items.slice();
  for (let i = result.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [result[i], result[j]] = [result[j], result[i]];
  }
  return result;
}
