// What a one-line text field (a name, an address, a company) may hold, for the forms and the API alike.
// - Spaces and invisible format characters (zero-width space, byte-order mark, direction marks) at either end do not
//   count: a name of zero-width spaces alone is as empty as one of spaces. Inside the text they stay (an emoji's
//   zero-width joiner, a word joiner).
// - Control characters (NUL, tab, line breaks, DEL and the C1 controls), the bidirectional controls (marks, embeddings,
//   overrides and isolates: U+061C, U+200E–200F, U+202A–202E, U+2066–2069, which can make a name or an invoice's buyer
//   read backwards) and lone surrogates (half a character, which no mail or invoice can encode) are never part of a
//   name or an address: they are refused, not silently dropped, so what is stored is what the reader typed. (A
//   direction mark at either end is tidied away first, as other invisible characters are.)
// - Lengths count characters as readers do (code points): a rare name character of CJK Extension B is one character,
//   not the two UTF-16 units JavaScript's `length` counts.

const ENDS = /^[\s\p{Cf}]+|[\s\p{Cf}]+$/gu;
const CONTROL = /[\p{Cc}\p{Cs}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** The text without spaces and invisible format characters at either end. */
export const tidyText = (value: string) => value.replace(ENDS, "");

/** Whether the text holds a control character (C0, DEL or C1), a bidirectional control or a lone surrogate. */
export const hasControlCharacter = (value: string) => CONTROL.test(value);

/** The text's length in characters (code points). */
export const characterCount = (value: string) => [...value].length;

/** The message for a field holding a control character. */
export const controlCharacterMessage = (field: string) => `${field} 不能含有換行或控制字元`;
