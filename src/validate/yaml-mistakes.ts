// The YAML mistakes editors make most, said in plain words at the line where
// the mistake is. The parser reports where it got lost, often a line early
// and as a chain of knock-on errors; these rules look at the text around its
// errors and, when they recognise the mistake, replace the chain with one
// message. Pure: text and the parser's error positions in, mistakes out.

/** One recognised mistake: where (1-based line and column in the text) and what to say. */
export interface Mistake {
  line: number;
  column: number;
  message: string;
  hint: string;
}

/** A parser error, by the 1-based line and column where it was reported. */
export interface ParserError {
  line: number;
  column: number;
  code: string;
}

/**
 * The mistakes behind a text's parser errors, one per mistake, or null when
 * none is recognised (the parser's own messages are then the best there is).
 */
export function recogniseMistakes(text: string, errors: readonly ParserError[]): Mistake[] | null {
  if (errors.length === 0) return null;
  const lines = text.split(/\r?\n/);
  return (
    tabs(lines) ??
    unquotedBraces(lines, errors) ??
    unquotedColon(lines, errors) ??
    textAfterQuote(lines, errors) ??
    reservedStart(lines, errors) ??
    itemAfterValue(lines, errors) ??
    indentation(lines, errors)
  );
}

/** A tab anywhere in a file that does not parse: YAML indents with spaces, and a tab in the wrong place breaks everything after it. */
function tabs(lines: readonly string[]): Mistake[] | null {
  const found = lines.flatMap((line, i) => {
    const at = line.indexOf('\t');
    return at < 0
      ? []
      : [
          {
            line: i + 1,
            column: at + 1,
            message: 'a tab character: YAML indents with spaces',
            hint: 'replace the tab with spaces, lined up with the lines around it (editors can show tabs; VS Code: "Render Whitespace")',
          },
        ];
  });
  return found.length > 0 ? found : null;
}

/** `cta: {phone} any time`: a value starting with `{` reads as a map, not as text with a placeholder. */
function unquotedBraces(lines: readonly string[], errors: readonly ParserError[]): Mistake[] | null {
  const found: Mistake[] = [];
  for (const line of new Set(errors.map((e) => e.line))) {
    const text = lines[line - 1] ?? '';
    const match = /^(\s*(?:- )?(?:[^\s:#'"][^:#]*:\s+)?)(\{[^\n]*)$/.exec(text);
    if (!match || !/^\{[A-Za-z]+\}/.test(match[2]!)) continue;
    const value = match[2]!.trim();
    found.push({
      line,
      column: match[1]!.length + 1,
      message: `a value that starts with { must be quoted: "${value}"`,
      hint: `write it in quotes: ${match[1]!.trimStart()}"${value.replace(/"/g, '\\"')}"`,
    });
  }
  return found.length > 0 ? found : null;
}

/**
 * `title: Panels: what to know`: a colon and a space inside an unquoted value starts a map inside the
 * value; so does a colon that ends it (`author: Sofia:`), which YAML reads as a colon before nothing.
 */
function unquotedColon(lines: readonly string[], errors: readonly ParserError[]): Mistake[] | null {
  const found: Mistake[] = [];
  for (const error of errors) {
    if (error.code !== 'BLOCK_AS_IMPLICIT_KEY') continue;
    const text = lines[error.line - 1] ?? '';
    const match = /^(\s*(?:- )?[^\s:#'"-][^:#]*:\s+)([^\s'"{[|>&*!#][^#]*?:(?:\s.*)?)$/.exec(text);
    // The parser points at the value whose colon it tripped on.
    if (!match || match[1]!.length + 1 !== error.column) continue;
    const value = match[2]!.trim();
    // Quoted already, with the curly quotes a word processor or phone types: YAML reads those as text.
    const curly = /^([\u201C\u2018])(.*)([\u201D\u2019])$/.exec(value);
    if (curly) {
      const inner = curly[2]!;
      found.push({
        line: error.line,
        column: error.column,
        message: `${curly[1]} and ${curly[3]} are curly quotes, which YAML reads as text, not as quotes: the value is not quoted, and its colon starts another field`,
        hint: `write it in straight quotes: ${match[1]!.trimStart()}"${inner.replace(/"/g, '\\"')}" (curly quotes inside the text are fine)`,
      });
      continue;
    }
    found.push({
      line: error.line,
      column: error.column,
      message: value.endsWith(':')
        ? `a value that ends in a colon must be quoted: "${value}"`
        : `a value with a colon and a space in it must be quoted: "${value}"`,
      hint: `write it in quotes: ${match[1]!.trimStart()}"${value.replace(/"/g, '\\"')}" (unquoted, YAML reads "${value.split(/:(?:\s|$)/)[0]}:" as the start of another field)`,
    });
  }
  return found.length > 0 ? found : null;
}

/** A field's start, `title: ` or `- title: `, on one line; the value follows it. */
const FIELD_START = /^(\s*(?:- )?[^\s:#'"-][^:#]*:[ ]+)/;

/**
 * `title: 'It's here'` or `title: "A" B`: the quote that was meant as part of the text closes the
 * value, and the parser stumbles on the text after it. The hint writes the value quoted as it reads.
 */
function textAfterQuote(lines: readonly string[], errors: readonly ParserError[]): Mistake[] | null {
  const found: Mistake[] = [];
  for (const error of errors) {
    if (error.code !== 'UNEXPECTED_TOKEN') continue;
    const text = (lines[error.line - 1] ?? '').trimEnd();
    const field = FIELD_START.exec(text)?.[1];
    const quote = field === undefined ? undefined : text[field.length];
    if (field === undefined || (quote !== "'" && quote !== '"')) continue;
    const close = closingQuote(text, field.length, quote);
    if (close < 0 || error.column - 1 <= close) continue;
    const written = text.slice(field.length + 1, text.endsWith(quote) && text.length - 1 > close ? -1 : undefined);
    // The text as the editor meant it, its quotes written once, then quoted again the one way that holds any text.
    const inner = quote === "'" ? written.replace(/''/g, "'") : written.replace(/\\"/g, '"');
    found.push({
      line: error.line,
      column: close + 1,
      message: `the value's quote closes here, at the ${quote} in column ${close + 1}, and more text follows it`,
      hint: `write the whole value in quotes, a ' inside single quotes doubled: ${field.trimStart()}'${inner.replace(/'/g, "''")}'`,
    });
  }
  return found.length > 0 ? found : null;
}

/** Where the quoted value opened at `open` closes: the next quote that is not doubled ('') or escaped (\"); -1 if none. */
function closingQuote(text: string, open: number, quote: string): number {
  for (let i = open + 1; i < text.length; i++) {
    if (quote === '"' && text[i] === '\\') i++;
    else if (text[i] === quote) {
      if (quote === "'" && text[i + 1] === "'") i++;
      else return i;
    }
  }
  return -1;
}

/** `handle: @example`: a value that starts with a character YAML keeps for itself (@, `, %) must be quoted. */
function reservedStart(lines: readonly string[], errors: readonly ParserError[]): Mistake[] | null {
  const found: Mistake[] = [];
  for (const error of errors) {
    if (error.code !== 'BAD_SCALAR_START') continue;
    const text = (lines[error.line - 1] ?? '').trimEnd();
    const value = text.slice(error.column - 1);
    if (!/^[@`%]/.test(value)) continue;
    found.push({
      line: error.line,
      column: error.column,
      message: `a value cannot start with "${value[0]}" unless it is in quotes`,
      hint: `write it in quotes: ${text.slice(0, error.column - 1).trimStart()}"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`,
    });
  }
  return found.length > 0 ? found : null;
}

/** `items: first` then `- second`: a list item where the field above already has its value. */
function itemAfterValue(lines: readonly string[], errors: readonly ParserError[]): Mistake[] | null {
  const indent = (text: string) => text.length - text.trimStart().length;
  for (const error of errors) {
    // The parser may stop at the field or at the item; the item is the first list line after a field with a value.
    for (let at = Math.max(0, error.line - 2); at <= error.line - 1 && at < lines.length; at++) {
      const item = lines[at]!;
      if (!/^\s*- /.test(item)) continue;
      let previous = at - 1;
      while (previous >= 0 && (lines[previous]!.trim() === '' || lines[previous]!.trimStart().startsWith('#'))) previous--;
      const field = /^(\s*)([^\s:#'"-][^:#]*):\s+([^#\s].*?)\s*$/.exec(lines[previous] ?? '');
      if (!field || indent(item) < field[1]!.length) continue;
      return [
        {
          line: at + 1,
          column: indent(item) + 1,
          message: `line ${at + 1} starts a list item, but "${field[2]}" on line ${previous + 1} already has a value`,
          hint: `a field holds one value or a list: move "${field[3]}" into the list as its first item (- ${field[3]}), or take the - away`,
        },
      ];
    }
  }
  return null;
}

/** A line indented more than a field that already has its value, or less than the fields it belongs with. */
function indentation(lines: readonly string[], errors: readonly ParserError[]): Mistake[] | null {
  const indent = (text: string) => text.length - text.trimStart().length;
  const content = (i: number) => {
    const text = lines[i] ?? '';
    return text.trim() !== '' && !text.trimStart().startsWith('#');
  };
  const found: Mistake[] = [];
  for (const error of errors) {
    if (found.length > 0) break; // the first indentation mistake explains the rest
    const at = error.line - 1;
    if (error.code === 'BAD_INDENT') {
      // This line does not line up with the fields before it.
      let previous = at - 1;
      while (previous >= 0 && !content(previous)) previous--;
      if (previous < 0) continue;
      const own = indent(lines[at]!);
      const siblings = indent(lines[previous]!);
      if (own === siblings) continue; // lined up after all: the parser lost its way elsewhere (an unclosed bracket)
      found.push({
        line: error.line,
        column: own + 1,
        message: `line ${error.line} is indented ${own < siblings ? 'less' : 'more'} than line ${previous + 1} (${spaces(own)}, not ${siblings}); fields of one map line up under each other`,
        hint: `start it at column ${siblings + 1}, under the field above, or move it under the field it belongs to`,
      });
    } else if (error.code === 'MISSING_CHAR' && /^\s+[^\s-#]/.test(lines[at] ?? '')) {
      // Inside a list, a field that does not line up with the item's fields: the parser reads it as an
      // item without its "- " ("Sequence item without - indicator"), with the caret at column 1.
      let previous = at - 1;
      while (previous >= 0 && !content(previous)) previous--;
      if (previous < 0) continue;
      const above = lines[previous]!;
      const item = /^(\s*)- +(?=\S)/.exec(above);
      const expected = item ? item[0].length : indent(above);
      const own = indent(lines[at]!);
      if (own === expected) continue;
      const first = (item ? above.slice(item[0].length) : above.trimStart()).split(':')[0]!;
      found.push({
        line: error.line,
        column: own + 1,
        message: `line ${error.line} is indented ${own < expected ? 'less' : 'more'} than the fields of the list item on line ${previous + 1} (${spaces(own)}, not ${expected}); the fields of one item line up under each other`,
        hint: `start it at column ${expected + 1}, under "${first}"${item ? ' (after the "- ")' : ''}, or start a new item with "- "`,
      });
    } else if (error.code === 'BLOCK_AS_IMPLICIT_KEY' || error.code === 'MULTILINE_IMPLICIT_KEY') {
      // The parser stops at a field with a value; the mistake is the next line, indented deeper.
      const field = lines[at] ?? '';
      if (!/:\s+\S/.test(field)) continue;
      let next = at + 1;
      while (next < lines.length && !content(next)) next++;
      if (next >= lines.length || indent(lines[next]!) <= indent(field)) continue;
      found.push({
        line: next + 1,
        column: indent(lines[next]!) + 1,
        message: `line ${next + 1} is indented more than line ${at + 1}, which already has a value; fields of one item line up under each other`,
        hint: `start it at column ${indent(field) + 1}, under "${field.trim().split(':')[0]}", or give line ${at + 1} no value if line ${next + 1} belongs inside it`,
      });
    }
  }
  return found.length > 0 ? found : null;
}

function spaces(n: number): string {
  return n === 1 ? '1 space' : `${n} spaces`;
}
