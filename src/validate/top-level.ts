// Where a top-level field of a block-style YAML text is, found by scanning its
// lines instead of parsing: a page's warnings mostly point at one (its title, its
// template), and a build with a thousand such warnings would otherwise parse a
// thousand cached texts again only to learn a line number.
import type { Position } from '../contracts/source.ts';

/** A key the line scan answers for: plain letters, digits, `_` and `-`, as most YAML keys are. */
const KEY = '[A-Za-z_][\\w-]*';
const PLAIN_KEY = new RegExp(`^${KEY}$`);
/** A line that starts as a key does, as topLevelPosition's pattern for that key would match it (matchAll copies it). */
const KEY_LINE = new RegExp(`^(${KEY})[ \\t]*:(?:[ \\t]+|$)`, 'gm');
const INDEX = new RegExp(`^(?:${KEY},\\d+,\\d+,\\d+(?:;(?=.)|$))*$`);

/**
 * Where the value of top-level `key` starts, or where the key itself starts with `at: 'key'`.
 * Undefined whenever the text is not the plain case (`key: value` on one line, at column 1),
 * so the caller asks the parser instead: a quoted or flow-style key, a value on the next
 * lines, a comment in place of the value, or the key written twice.
 */
export function topLevelPosition(text: string, key: string, at: 'value' | 'key' = 'value'): Position | undefined {
  if (!PLAIN_KEY.test(key)) return undefined;
  const pattern = new RegExp(`^${key}[ \\t]*:(?:[ \\t]+|$)`, 'gm');
  const first = pattern.exec(text);
  if (!first || pattern.exec(text)) return undefined;
  const keyOffset = first.index;
  const valueOffset = keyOffset + first[0].length;
  if (at === 'value' && !valueOnLine(text, valueOffset)) return undefined;
  return positionAt(text, at === 'value' ? valueOffset : keyOffset);
}

/** Whether a plain value starts at `offset`, just after its key: not on the next lines, nor a comment, block, anchor, alias or tag. */
function valueOnLine(text: string, offset: number): boolean {
  const rest = text[offset];
  return !(
    rest === undefined ||
    rest === '\n' ||
    rest === '\r' ||
    rest === '#' ||
    rest === '|' ||
    rest === '>' ||
    rest === '&' ||
    rest === '*' ||
    rest === '!'
  );
}

function positionAt(text: string, offset: number): Position {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return { line, column: offset - (text.lastIndexOf('\n', offset - 1) + 1) + 1 };
}

/**
 * What topLevelPosition answers for every key of a text, without the text: a page file known without being read
 * (src/load/known-texts.ts) places its warnings (most at its title) from this. For each key written once at the
 * start of a line: `key,line,column,valueColumn`, where valueColumn is 0 when topLevelPosition leaves the value to
 * the parser; entries joined by `;`. One text, not a list of lists: kept for 10,000 pages, it is read back whole
 * every build and needed for a few.
 */
export type TopLevelIndex = string;

/** The top-level index of `text` (see TopLevelIndex). */
export function topLevelIndex(text: string): TopLevelIndex {
  // Every line that starts as a key does, as topLevelPosition's pattern for that key would match it.
  const found = new Map<string, number[] | null>();
  for (const match of text.matchAll(KEY_LINE)) {
    const key = match[1]!;
    found.set(key, found.has(key) ? null : [match.index, match.index + match[0].length]);
  }
  const entries: string[] = [];
  // Keys in the order they are written: lines are counted once, from one key on to the next.
  let line = 1;
  let counted = 0;
  for (const [key, offsets] of found) {
    if (!offsets) continue;
    const [keyOffset, valueOffset] = offsets as [number, number];
    for (let i = text.indexOf('\n', counted); i !== -1 && i < keyOffset; i = text.indexOf('\n', i + 1)) line++;
    counted = keyOffset;
    const column = keyOffset - (text.lastIndexOf('\n', keyOffset - 1) + 1) + 1;
    entries.push(`${key},${line},${column},${valueOnLine(text, valueOffset) ? valueOffset - keyOffset + column : 0}`);
  }
  return entries.join(';');
}

/** topLevelPosition's answer for `key`, from a text's top-level index instead of the text. */
export function indexedPosition(index: TopLevelIndex, key: string, at: 'value' | 'key' = 'value'): Position | undefined {
  if (!PLAIN_KEY.test(key)) return undefined;
  const entry = `;${index}`.split(`;${key},`)[1]?.split(';', 1)[0];
  if (entry === undefined) return undefined;
  const [line, column, valueColumn] = entry.split(',').map(Number) as [number, number, number];
  if (at === 'key') return { line, column };
  return valueColumn > 0 ? { line, column: valueColumn } : undefined;
}

/** Whether `index` is a top-level index as topLevelIndex makes one. */
export function isTopLevelIndex(index: unknown): index is TopLevelIndex {
  return typeof index === 'string' && INDEX.test(index);
}
