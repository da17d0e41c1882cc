// Control characters in a form field answer a field error, never a failed call to the API (which
// refuses them with 422 too: api/lib/http/http.ts holds the same set). Pure: no server code.

/** C0 controls except tab, line feed and carriage return; DEL; lone UTF-16 surrogates. */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|\p{Cs}/u;
/** The same, plus tab, line feed and carriage return: a one-line field has no use for them. */
const LINE_BREAKING_CHARACTERS = /[\u0000-\u001f\u007f]|\p{Cs}/u;

export const CONTROL_CHARACTER_MESSAGE =
  "Remove the control characters (invisible or special characters) from this field";

/** For `.refine()` on a text that may span lines (a password: any character a person could paste). */
export const withoutControlCharacters = (value: string) => !CONTROL_CHARACTERS.test(value);

/** For `.refine()` on a one-line field (a name, an email, an address line). */
export const isSingleLine = (value: string) => !LINE_BREAKING_CHARACTERS.test(value);
