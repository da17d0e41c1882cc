// What holds a review for moderation (docs/decisions/029-reviews.md, /review-rules): contact
// details and links, nothing else. The text is first brought to one spelling (`comparable`), so
// the same number or address written in another script's digits, fullwidth, or with its dots and
// at-signs spelt out ("evil[.]com", "user(at)gmail(dot)com") is held as the plain one is.

/** Why a review is held: it holds an email address, a phone number or a link. */
export type HeldFor = "email" | "phone" | "link";

const EMAIL = /[^\s@<>()]+@[^\s@<>()]+\.[a-z]{2,}/i;
/** Ten or more digits in a row, spaces, dots, dashes and brackets allowed between them (+91 98765 43210). */
const PHONE = /(?:\+?\d[\s().-]{0,2}){10,}/;
/** A URL, `www.`, or a bare domain name with a common ending (shop.example.in). */
const LINK =
  /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|in|net|org|co|io|shop|store|info|biz|me|ly|app|xyz|online|site)\b/i;

/** A decimal digit of any script (Devanagari १, Bengali ১, Tamil ௧, …). */
const DIGIT = /\p{Nd}/u;
/** A digit of a script other than ASCII's. */
const OTHER_DIGIT = /(?![0-9])\p{Nd}/gu;
const digitValues = new Map<string, string>();

/**
 * The ASCII digit of a decimal digit of any script. Unicode encodes every script's digits as runs
 * of ten, 0 to 9, in order (some runs side by side): its value is its distance from the start of
 * its run, modulo ten.
 */
function asciiDigit(digit: string): string {
  let known = digitValues.get(digit);
  if (known === undefined) {
    const code = digit.codePointAt(0)!;
    let start = code;
    while (start > 0 && DIGIT.test(String.fromCodePoint(start - 1))) start--;
    known = String((code - start) % 10);
    digitValues.set(digit, known);
  }
  return known;
}

/** The ideographic and small full stops NFKC leaves as they are ("evil。com"). */
const IDEOGRAPHIC_STOP = /[\u3002\uFE12]/g;
/** A dot or at-sign in brackets: "[.]", "(.)", "{.}", "<.>", "(dot)", "[ at ]", with the spaces around them. */
const BRACKETED = /\s*[[({<]\s*(\.|dot|@|at)\s*[\])}>]\s*/gi;
/** An at-sign written apart from its address ("user @ gmail.com"). */
const SPACED_AT = /(?<=\S)\s*@\s*(?=\S)/g;
/**
 * "user at gmail dot com": " at " and " dot " spelt out, taken as an address only in that shape
 * (one word, "at", a name, "dot", a common ending), so "meet at the store" and "at 5 pm" are prose.
 */
const SPELT_EMAIL =
  /(?<![\p{L}\p{N}._%+-])([\p{L}\p{N}._%+-]+)\s+at\s+([a-z0-9-]+(?:\s+dot\s+[a-z0-9-]+)*)\s+dot\s+(com|in|net|org|co|io|xyz|info|biz)\b/giu;
/**
 * "evil dot com": a name, " dot ", an ending no English sentence uses as a word ("the dot com
 * years" is prose). "in", "me", "shop" and the like are words ("polka dot in blue"), so they count
 * only where a sentence ends: "order from evil dot in."
 */
const SPELT_DOMAIN = /\b(?!(?:the|a|an)\s)([a-z0-9-]+)\s+dot\s+(com|net|org|xyz|io|biz|info)\b/gi;
const SPELT_DOMAIN_AT_END =
  /\b(?!(?:the|a|an|polka)\s)([a-z0-9-]+)\s+dot\s+(in|me|co|shop|store|app|site|online)(?=\s*(?:$|[.,!?;:)]))/gim;

/**
 * The text as the filter reads it: compatibility forms folded (NFKC: fullwidth ９ and ＠, ．),
 * invisible format characters (zero-width spaces) dropped, every script's digits as ASCII, and the
 * spellings of dots and at-signs that dodge a plain filter written as "." and "@".
 */
export function comparable(text: string): string {
  const folded = text.normalize("NFKC").replace(/\p{Cf}/gu, "");
  return folded
    .replace(OTHER_DIGIT, asciiDigit)
    .replace(IDEOGRAPHIC_STOP, ".")
    .replace(BRACKETED, (_, sign: string) => (sign === "." || sign.toLowerCase() === "dot" ? "." : "@"))
    .replace(SPACED_AT, "@")
    .replace(SPELT_EMAIL, (_, user: string, host: string, ending: string) => {
      return `${user}@${host.replace(/\s+dot\s+/gi, ".")}.${ending}`;
    })
    .replace(SPELT_DOMAIN, "$1.$2")
    .replace(SPELT_DOMAIN_AT_END, "$1.$2");
}

/**
 * Why a review's text is held for moderation, or null when it publishes at once. Only contact
 * details and links hold a review; its stars never do, so a negative review publishes like any other.
 */
export function heldFor(...texts: string[]): HeldFor | null {
  const text = comparable(texts.join("\n"));
  if (EMAIL.test(text)) return "email";
  if (LINK.test(text)) return "link";
  if (PHONE.test(text)) return "phone";
  return null;
}
