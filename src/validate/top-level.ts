// Where a top-level field of a block-style YAML text is, found by scanning its
// lines instead of parsing: a page's warnings mostly point at one (its title, its
// template), and a build with a thousand such warnings would otherwise parse a
// thousand cached texts again only to learn a line number.
import type { Position } from '../contracts/source.ts';

/**
 * Where the value of top-level `key` starts, or where the key itself starts with `at: 'key'`.
 * Undefined whenever the text is not the plain case (`key: value` on one line, at column 1),
 * so the caller asks the parser instead: a quoted or flow-style key, a value on the next
 * lines, a comment in place of the value, or the key written twice.
 */
export function topLevelPosition(text: string, key: string, at: 'value' | 'key' = 'value'): Position | undefined {
  if (!/^[A-Za-z_][\w-]*$/.test(key)) return undefined;
  const pattern = new RegExp(`^${key}[ \\t]*:(?:[ \\t]+|$)`, 'gm');
  const first = pattern.exec(text);
  if (!first || pattern.exec(text)) return undefined;
  const keyOffset = first.index;
  const valueOffset = keyOffset + first[0].length;
  if (at === 'value') {
    const rest = text[valueOffset];
    if (rest === undefined || rest === '\n' || rest === '\r' || rest === '#' || rest === '|' || rest === '>' || rest === '&' || rest === '*' || rest === '!')
      return undefined;
  }
  const offset = at === 'value' ? valueOffset : keyOffset;
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return { line, column: offset - (text.lastIndexOf('\n', offset - 1) + 1) + 1 };
}
