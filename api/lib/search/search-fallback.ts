import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "../../db/client";
import { searchTerms } from "../../db/schema";
import { listPage, type Page } from "./listing-planner";
import type { ProductQuery, Sort } from "./product-query";
import { resolveQuery, searchTermsOf } from "./product-search";

// The search that forgives (docs/decisions/013-forgiving-search.md). The list answers a search
// exactly first; only when that finds fewer than FEW_RESULTS products does it look for what the
// shopper meant, term by term, in the vocabulary of words the catalogue holds (search_terms,
// kind 'word', a few thousand rows under a trigram index):
//
// - a term that is a word of the catalogue, or finds enough of them, stays as typed;
// - a term run together ("powerbank") becomes the two words it is made of, when both are words;
// - otherwise the most similar word by trigrams (pg_trgm's `%`, similarity 0.3 or more) takes its
//   place, the closest by edit distance first ("samsng" → "samsung", "tshirt" → "t-shirt").
//
// The corrected search is then listed like any other, and answered only when it finds more than
// the exact one did, with `correction` saying so ("Showing results for …").

/** Fewer matches than this and the list tries the corrected search. */
export const FEW_RESULTS = 3;
/** Terms shorter than this are never corrected: "tv", "lg" and "mi" are words, and two letters say too little. */
const MIN_CORRECTED = 3;
/** Similar words looked at per term. */
const CANDIDATES = 8;
/** Similar words are looked up only for a term whose words fewer products than this hold: the others stand. */
const LOOKED_UP_BELOW = 100;
/** A term that finds some words is still corrected when a similar word is held by this many times more products. */
const RARER_BY = 20;
/**
 * The edit-distance comparison reads every word of about a term's length that starts with its
 * first or second letter: only for terms of at most this many characters (two letters swapped
 * early in a short word is what it is for), and for at most EDIT_SCANS terms of a search.
 */
const EDIT_SCAN_LONGEST = 12;
const EDIT_SCANS = 3;
/** Words run together are looked for in terms of at most this many characters ("powerbank", "wallart"). */
const SPLIT_LONGEST = 20;

export type Correction = { search: string; original: string };

/** A word of the vocabulary without the punctuation the split on spaces left on it: "(navy" → "navy", "fabric," → "fabric". */
export function cleanWord(word: string): string {
  return word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}+]+$/gu, "");
}

/**
 * Edit distance with adjacent transpositions counted as one edit (optimal string alignment):
 * "samsng" → "samsung" is 1, "nkie" → "nike" is 1.
 */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** A text[] of bound parameters: `array[$1, $2]::text[]`. */
function textArray(values: readonly string[]) {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

/** Whether a term may be corrected: long enough, and not a number (a size, a phone number, "55"). */
function correctable(term: string): boolean {
  return term.length >= MIN_CORRECTED && /\p{L}/u.test(term);
}

type TermFacts = {
  /** The term is itself a word of the catalogue (held by a product). */
  exact: boolean;
  /** Products holding the words the term finds, summed over the words (an upper bound). */
  found: number;
  candidates: { word: string; products: number; similarity: number }[];
  /** The two words the term is made of, when it is two words run together. */
  split: [string, string] | null;
};

/** One query for every correctable term: whether it is a word, what it finds, its similar words and its splits. */
async function termFacts(db: Database, terms: string[]): Promise<Map<string, TermFacts>> {
  const facts = new Map<string, TermFacts>();
  if (terms.length === 0) return facts;
  const escape = (term: string) => term.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  const rows = rowsOf<{
    term: string;
    exact: boolean;
    found: number | string;
    word: string | null;
    products: number | null;
    similarity: number | null;
  }>(
    await db.execute(sql`
      select t.term, t.exact, t.found, c.word, c.products, c.similarity
      from (
        select q.term,
          exists (select 1 from ${searchTerms} s where s.kind = 'word' and s.product_count > 0 and s.term = q.term) as exact,
          (select coalesce(sum(s.product_count), 0) from ${searchTerms} s
            where s.kind = 'word' and s.term like q.pattern) as found
        from unnest(${textArray(terms)}, ${textArray(terms.map((t) => `%${escape(t)}%`))})
          as q (term, pattern)
      ) as t
      left join lateral (
        select s.term as word, s.product_count as products, similarity(s.term, t.term) as similarity
        from ${searchTerms} s
        where s.kind = 'word' and s.product_count > 0 and s.term % t.term
          and not t.exact and t.found < ${LOOKED_UP_BELOW}
        order by similarity desc, s.product_count desc
        limit ${CANDIDATES}
      ) as c on true`),
  );
  for (const row of rows) {
    let fact = facts.get(row.term);
    if (!fact) {
      fact = { exact: row.exact, found: Number(row.found), candidates: [], split: null };
      facts.set(row.term, fact);
    }
    if (row.word !== null)
      fact.candidates.push({ word: row.word, products: Number(row.products), similarity: Number(row.similarity) });
  }

  // Two letters swapped early in a short word ("nkie") leave few trigrams in common: a term that
  // finds nothing and has no similar word is compared by edit distance with the words of about
  // its length that start with its first or second letter (a range of the (kind, term) index).
  const unmatched = terms
    .filter((term) => {
      const fact = facts.get(term);
      return fact && !fact.exact && fact.found === 0 && fact.candidates.length === 0;
    })
    .filter((term) => term.length <= EDIT_SCAN_LONGEST)
    .slice(0, EDIT_SCANS);
  if (unmatched.length > 0) {
    const startingWith = (ch: string, length: number) =>
      sql`(${searchTerms.term} >= ${ch} and ${searchTerms.term} < ${String.fromCodePoint(ch.codePointAt(0)! + 1)}
        and length(${searchTerms.term}) between ${length - 1} and ${length + 2})`;
    const ranges = unmatched.flatMap((term) =>
      [...new Set(term.slice(0, 2))].map((ch) => startingWith(ch, term.length)),
    );
    const words = rowsOf<{ term: string; products: number }>(
      await db.execute(sql`select ${searchTerms.term} as "term", ${searchTerms.productCount} as "products" from ${searchTerms}
        where ${searchTerms.kind} = 'word' and ${searchTerms.productCount} > 0 and (${sql.join(ranges, sql` or `)})`),
    );
    for (const term of unmatched) {
      for (const row of words) {
        const word = cleanWord(row.term);
        if (
          Math.abs(word.length - term.length) <= 1 &&
          (word[0] === term[0] || word[0] === term[1]) &&
          editDistance(term, word) <= 1
        ) {
          facts.get(term)!.candidates.push({ word: row.term, products: Number(row.products), similarity: 0 });
        }
      }
    }
  }

  // Words run together: every split into two parts of two letters or more, asked at once.
  const splitTerms = terms.filter(
    (term) =>
      !facts.get(term)?.exact && facts.get(term)?.found === 0 && term.length >= 5 && term.length <= SPLIT_LONGEST,
  );
  const halves = new Set<string>();
  for (const term of splitTerms)
    for (let at = 2; at <= term.length - 2; at++) halves.add(term.slice(0, at)).add(term.slice(at));
  if (halves.size > 0) {
    const known = new Set(
      rowsOf<{ term: string }>(
        await db.execute(sql`select distinct ${searchTerms.term} as "term" from ${searchTerms}
          where ${searchTerms.kind} = 'word' and ${searchTerms.productCount} > 0
            and ${searchTerms.term} = any(${textArray([...halves])})`),
      ).map((row) => row.term),
    );
    for (const term of splitTerms) {
      let best: [string, string] | null = null;
      for (let at = 2; at <= term.length - 2; at++) {
        const pair: [string, string] = [term.slice(0, at), term.slice(at)];
        // The most even split wins: "powerbank" is "power bank", not "po werbank".
        if (
          known.has(pair[0]) &&
          known.has(pair[1]) &&
          (!best || Math.abs(pair[0].length - pair[1].length) < Math.abs(best[0].length - best[1].length))
        )
          best = pair;
      }
      facts.get(term)!.split = best;
    }
  }
  return facts;
}

/** The closest of a term's similar words: fewest edits, then most similar, then most products. */
function closestWord(
  term: string,
  candidates: TermFacts["candidates"],
): { word: string; products: number; edits: number } | null {
  const merged = new Map<string, { word: string; products: number; similarity: number; edits: number }>();
  for (const candidate of candidates) {
    const word = cleanWord(candidate.word);
    if (word.length < 2 || word === term) continue;
    const seen = merged.get(word);
    if (seen) {
      seen.products += candidate.products;
      seen.similarity = Math.max(seen.similarity, candidate.similarity);
    } else {
      merged.set(word, {
        word,
        products: candidate.products,
        similarity: candidate.similarity,
        edits: editDistance(term, word),
      });
    }
  }
  const ranked = [...merged.values()].sort(
    (a, b) => a.edits - b.edits || b.similarity - a.similarity || b.products - a.products || (a.word < b.word ? -1 : 1),
  );
  return ranked[0] ?? null;
}

/**
 * What the shopper probably meant by `search`, or null when every term stands as typed. Terms
 * keep their order; one that needs no correction is kept exactly.
 */
export async function correctSearch(db: Database, search: string): Promise<string | null> {
  const terms = searchTermsOf(search);
  const wanted = [...new Set(terms.filter(correctable))];
  if (wanted.length === 0) return null;
  // One plain statement, with the planner's own choice of plan. Forcing the trigram index
  // (a transaction with `set local enable_seqscan = off`) was faster on an un-ANALYZEd table, but
  // once hung PGlite in its error handling in CI; the fallback only runs for searches that find
  // fewer than three products.
  const facts = await termFacts(db, wanted);
  let changed = false;
  const corrected = terms.map((term) => {
    const fact = facts.get(term);
    if (!fact || fact.exact) return term;
    if (fact.found === 0 && fact.split) {
      changed = true;
      return fact.split.join(" ");
    }
    const closest = closestWord(term, fact.candidates);
    // A word a third or more of whose letters differ is another word, not what was meant.
    if (!closest || closest.edits > Math.max(1, Math.floor(term.length / 3))) return term;
    if (fact.found > 0 && fact.found * RARER_BY > closest.products) return term;
    changed = true;
    return closest.word;
  });
  return changed ? corrected.join(" ") : null;
}

export type ForgivingPage = Page & { correction?: Correction };

/**
 * A page of the list for `query`: exactly as asked, or, when that finds fewer than FEW_RESULTS
 * products and `exact` is not set, for the corrected search if it finds more.
 */
export async function forgivingListPage(
  db: Database,
  query: ProductQuery,
  sort: Sort,
  limit: number,
  offset: number,
  options: { exact?: boolean } = {},
): Promise<ForgivingPage> {
  const page = await listPage(db, await resolveQuery(db, query), sort, limit, offset);
  if (options.exact || page.itemCount >= FEW_RESULTS || query.search.trim() === "") return page;
  const corrected = await correctSearch(db, query.search);
  if (corrected === null) return page;
  const better = await listPage(db, await resolveQuery(db, { ...query, search: corrected }), sort, limit, offset);
  if (better.itemCount <= page.itemCount) return page;
  return { ...better, correction: { search: corrected, original: searchTermsOf(query.search).join(" ") } };
}
