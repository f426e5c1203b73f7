// Characters a reader cannot see that change what a page says, or that break
// the files made from it: control characters (a vertical tab in a title makes
// a feed no XML parser reads), noncharacters and lone surrogates, and the
// invisible marks that reorder or split text as it is displayed (the "Trojan
// Source" trick: `Call <U+200F>416 555 0100` shows as `0100 555 416`). Refused
// where they are written, in every text value and in Markdown bodies.
//
// Which marks are refused depends on the text around them, because some are
// how certain languages are written:
// - Direction marks, embeddings and isolates (U+200E, U+200F, U+061C,
//   U+202A-U+202C, U+2066-U+2069) are allowed in a value that holds
//   right-to-left letters (Hebrew, Arabic, ...): there they keep a number or a
//   Latin name in its place. Elsewhere they only reorder.
// - Direction overrides (U+202D, U+202E) are refused everywhere: they reverse
//   the characters themselves, which no language needs (HTML has <bdo>).
// - Joiners (U+200C, U+200D) are allowed between letters of the scripts whose
//   letter shapes they choose (Arabic and Persian, the Indic scripts, ...),
//   and U+200D between the pieces of an emoji (👩‍🔧 is three characters).
// - Zero-width space and word joiner (U+200B, U+2060) are allowed between
//   letters of scripts written without spaces (Thai, Lao, Khmer, Myanmar,
//   Chinese, Japanese), where they mark where a line may break.
// - A soft hyphen is allowed inside a word, the grapheme joiner (U+034F) between a letter's marks, and
//   one variation selector after a character that has variants (an emoji, a symbol, an ideograph).
// - U+FEFF inside text, invisible operators and fillers, and every other character Unicode calls
//   default-ignorable (drawn as nothing), are refused everywhere.
// The characters XML forbids are exactly those the feed and sitemap writers
// refuse (src/extras/xml.ts), so a value this rule passes can always be written.
import { diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';
import { markdownPages, type MarkdownPageEntry, type SiteModel } from '../contracts/model.ts';
import type { ParsedYaml } from '../validate/yaml.ts';
import { formatPath } from '../validate/json-schema.ts';
import { perObject } from '../memo.ts';
import { walk } from './link-sources.ts';
import { bodyPosition, contentSources } from './content-sources.ts';

/** Every character that is refused at least somewhere; {@link allowedHere} decides from its neighbours. */
// Besides controls, noncharacters and surrogates: every character Unicode marks default-ignorable (shown as
// nothing when a font has no glyph for it: fillers, variation selectors, the grapheme joiner, ...), and the
// interlinear annotation marks, which hide the text between them; and the line and paragraph separators
// (U+2028, U+2029), line breaks that some readers draw and others do not, which text pasted from a word
// processor brings.
const CANDIDATE =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029\uFDD0-\uFDEF\uFFF9-\uFFFB\uFFFE\uFFFF]|\p{Default_Ignorable_Code_Point}|\p{Cs}/gu;

const ANY_CANDIDATE = new RegExp(CANDIDATE.source, 'u');
// Letters only: U+061C, a mark, is itself of the Arabic script.
const RIGHT_TO_LEFT =
  /(?=\p{L})[\p{sc=Hebrew}\p{sc=Arabic}\p{sc=Syriac}\p{sc=Thaana}\p{sc=Nko}\p{sc=Samaritan}\p{sc=Mandaic}\p{sc=Adlam}\p{sc=Hanifi_Rohingya}\p{sc=Yezidi}]/u;
const JOINING =
  /[\p{scx=Arabic}\p{scx=Syriac}\p{scx=Nko}\p{scx=Mongolian}\p{scx=Mandaic}\p{scx=Hanifi_Rohingya}\p{scx=Devanagari}\p{scx=Bengali}\p{scx=Gurmukhi}\p{scx=Gujarati}\p{scx=Oriya}\p{scx=Tamil}\p{scx=Telugu}\p{scx=Kannada}\p{scx=Malayalam}\p{scx=Sinhala}\p{scx=Khmer}\p{scx=Myanmar}\p{scx=Tibetan}]/u;
const UNSPACED = /[\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}\p{sc=Tibetan}\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]/u;
const EMOJI_PIECE = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F]/u;
const LETTER = /[\p{L}\p{M}]/u;
/** What a variation selector may follow: an emoji (digits, # and * make keycaps), a symbol, an ideograph, or a letter of the scripts with standardized variants. */
const VARIABLE = /[\p{Emoji}\p{S}\p{sc=Han}\p{sc=Myanmar}\p{sc=Phags_Pa}\p{sc=Manichaean}\p{sc=Egyptian_Hieroglyphs}]/u;
const VARIATION_SELECTOR = /[\uFE00-\uFE0F\u{E0100}-\u{E01EF}\u180B-\u180D\u180F]/u;
const DIRECTION_MARKS = new Set([0x200e, 0x200f, 0x061c, 0x202a, 0x202b, 0x202c, 0x2066, 0x2067, 0x2068, 0x2069]);

/** A refused character of a text, and where it is. */
export interface HiddenCharacter {
  /** Offset in the text (UTF-16 units). */
  index: number;
  code: number;
}

/** Every refused character of `text`, in order. */
export function hiddenCharactersOf(text: string): HiddenCharacter[] {
  // Nearly every value holds none: one test, without the iterator and array a search for all of them costs.
  if (!ANY_CANDIDATE.test(text)) return [];
  const found: HiddenCharacter[] = [];
  // Direction is settled paragraph by paragraph (a line of a value or a body): a mark is judged by its own line.
  let line = { start: -1, end: -1, rightToLeft: false };
  for (const match of text.matchAll(CANDIDATE)) {
    const code = match[0].codePointAt(0)!;
    const index = match.index;
    if (DIRECTION_MARKS.has(code)) {
      if (index > line.end) {
        const start = text.lastIndexOf('\n', index) + 1;
        const next = text.indexOf('\n', index);
        const end = next === -1 ? text.length : next;
        line = { start, end, rightToLeft: RIGHT_TO_LEFT.test(text.slice(start, end)) };
      }
      if (line.rightToLeft) continue;
    } else if (allowedHere(code, text, index, match[0].length)) continue;
    found.push({ index, code });
  }
  return found;
}

/** Whether a joiner, a zero-width space or a tag character does a job where it stands (see the opening comment). */
function allowedHere(code: number, text: string, index: number, length: number): boolean {
  const before = characterBefore(text, index);
  const after = characterAfter(text, index + length);
  if (code === 0x200c || code === 0x200d) {
    if (code === 0x200d && EMOJI_PIECE.test(before) && /\p{Extended_Pictographic}/u.test(after)) return true;
    return LETTER.test(before) && LETTER.test(after) && (JOINING.test(before) || JOINING.test(after));
  }
  if (code === 0x200b || code === 0x2060) return UNSPACED.test(before) && UNSPACED.test(after);
  // A soft hyphen marks where a word may break: it belongs inside a word.
  if (code === 0xad) return LETTER.test(before) && LETTER.test(after);
  // The grapheme joiner keeps two combining marks in the order written: it belongs before a mark.
  if (code === 0x34f) return LETTER.test(before) && /\p{M}/u.test(after);
  // A variation selector picks a form of the character before it (one only: a run of them after a
  // letter or an emoji is text hidden in plain sight). Mongolian's own selectors follow its letters.
  if (VARIATION_SELECTOR.test(characterAfter(text, index))) {
    if (before === '' || VARIATION_SELECTOR.test(before)) return false;
    if (code >= 0x180b && code <= 0x180f) return /\p{sc=Mongolian}/u.test(before);
    if (code >= 0xe0100) return /\p{sc=Han}/u.test(before);
    return VARIABLE.test(before);
  }
  // Tag characters spell a subdivision flag after a black flag (🏴 then tags then U+E007F); anywhere else they hide text.
  if (code >= 0xe0000 && code <= 0xe007f) {
    let start = index;
    while (start > 0 && isTag(text.codePointAt(start - 2))) start -= 2;
    return characterBefore(text, start) === '\u{1F3F4}';
  }
  return false;
}

function isTag(code: number | undefined): boolean {
  return code !== undefined && code >= 0xe0020 && code <= 0xe007f;
}

/** The whole character (code point) before offset `index`, or ''. */
function characterBefore(text: string, index: number): string {
  if (index === 0) return '';
  const low = text.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) {
    const high = text.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.slice(index - 2, index);
  }
  return text[index - 1]!;
}

/** The whole character (code point) at offset `index`, or ''. */
function characterAfter(text: string, index: number): string {
  const code = text.codePointAt(index);
  return code === undefined ? '' : String.fromCodePoint(code);
}

/** The character's name, as the message gives it. */
export function characterName(code: number): string {
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  const name = NAMES[code];
  if (name) return `${name} (${hex})`;
  if (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) return `a control character (${hex})`;
  // A noun phrase only: every message goes on after the name ("after ...", "which a line ... cannot hold").
  if (code >= 0xd800 && code <= 0xdfff) return `half a character (a lone surrogate, ${hex}, which no file can hold)`;
  if ((code >= 0xfdd0 && code <= 0xfdef) || code === 0xfffe || code === 0xffff) return `a noncharacter (${hex})`;
  if (code >= 0xe0000 && code <= 0xe007f) return `an invisible tag character (${hex})`;
  if ((code >= 0xfe00 && code <= 0xfe0f) || (code >= 0xe0100 && code <= 0xe01ef) || (code >= 0x180b && code <= 0x180f))
    return `a variation selector that changes nothing you can see (${hex})`;
  if (DIRECTION_MARKS.has(code) || code === 0x202d || code === 0x202e) return `an invisible text-direction control (${hex})`;
  if (/\s/.test(String.fromCodePoint(code))) return `a space character (${hex})`;
  return `an invisible character (${hex})`;
}

const NAMES: Record<number, string> = {
  0x0: 'a NUL character',
  0x9: 'a tab',
  0xa: 'a line break',
  0xd: 'a carriage return',
  0x20: 'a space',
  0xa0: 'a no-break space',
  0x2028: 'a line separator',
  0x2029: 'a paragraph separator',
  0xb: 'a vertical tab',
  0xc: 'a form feed',
  0x1b: 'an escape character',
  0x200b: 'a zero-width space',
  0x200c: 'a zero-width non-joiner',
  0x200d: 'a zero-width joiner',
  0x200e: 'a left-to-right mark',
  0x200f: 'a right-to-left mark',
  0x061c: 'an Arabic letter mark',
  0x202d: 'a left-to-right override',
  0x202e: 'a right-to-left override',
  0x2060: 'a word joiner',
  0xad: 'a soft hyphen',
  0x34f: 'a combining grapheme joiner',
  0xfeff: 'a zero-width no-break space (byte order mark)',
};

/** Up to twenty characters of text before `index`, on its line, for the message to say where the character is. */
function textBefore(text: string, index: number): string {
  const line = text.slice(text.lastIndexOf('\n', index - 1) + 1, index);
  const shown = [...line].slice(-20).join('');
  // What is shown must itself be printable: other hidden characters in it are left out.
  return shown.replace(CANDIDATE, '');
}

export function hiddenCharacters(model: SiteModel): Diagnostic[] {
  return [
    ...contentSources(model).flatMap(({ file, source }) => hiddenInData(source)(file)),
    ...markdownPages(model).flatMap(hiddenInBody),
    ...model.statics.flatMap(inName),
  ];
}

/**
 * A file of static/ is published at its own path, so its name is text of the site too: an address
 * reversed by a direction override, or holding a character drawn as nothing, or a tab or line
 * break (which no address should hold, and a line of _redirects cannot), is refused at the file.
 */
function inName(file: { file: string; route: string }): Diagnostic[] {
  const code = hiddenCharactersOf(file.route)[0]?.code ?? /[\t\n\r]/.exec(file.route)?.[0].charCodeAt(0);
  if (code === undefined) return [];
  const index = [...file.route].findIndex((c) => c.codePointAt(0) === code);
  return [
    diagnostic(
      'hidden-character',
      { file: file.file, line: 1, column: 1, path: 'file name' },
      { character: characterName(code), after: textBefore(file.route, [...file.route].slice(0, index).join('').length) },
    ),
  ];
}

// One problem per value: the first hidden character, and where it is in the value.
export const hiddenInData = perObject((source: ParsedYaml) => {
  const found: { character: HiddenCharacter; text: string; path: (string | number)[] }[] = [];
  walk(source.data, [], (text, path) => {
    const character = hiddenCharactersOf(text)[0];
    if (character !== undefined) found.push({ character, text, path: [...path] });
  });
  return (file: string): Diagnostic[] =>
    found.map(({ character, text, path }) =>
      diagnostic(
        'hidden-character',
        { file, ...source.locate(path), path: formatPath(path) },
        { character: characterName(character.code), after: textBefore(text, character.index) },
      ),
    );
});

/** At most this many problems per Markdown body: each line is reported, up to a screenful. */
const MOST_IN_BODY = 20;

// One problem per line of a body, at the character itself.
export const hiddenInBody = perObject(({ file, body }: MarkdownPageEntry): Diagnostic[] => {
  const out: Diagnostic[] = [];
  let lastLineEnd = -1;
  for (const character of hiddenCharactersOf(body.text)) {
    if (character.index <= lastLineEnd) continue;
    out.push(diagnostic('hidden-character', { file, ...bodyPosition(body.text, body.line, character.index) }, { character: characterName(character.code) }));
    if (out.length === MOST_IN_BODY) break;
    const end = body.text.indexOf('\n', character.index);
    lastLineEnd = end === -1 ? body.text.length : end;
  }
  return out;
});
