// Parsing YAML (and Markdown front matter) into values that remember where
// every node came from, so a diagnostic can point at the exact line and column.
import { isMap, isScalar, isSeq, LineCounter, parseDocument, visit, type Document, type Node, type YAMLError } from 'yaml';
import { diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';
import { recogniseMistakes } from './yaml-mistakes.ts';
import { indexedPosition, topLevelPosition, type TopLevelIndex } from './top-level.ts';
import type { FieldPath, ParsedYaml, Position } from '../contracts/source.ts';
import { quickYamlValue } from './quick-yaml.ts';

export type { FieldPath, ParsedYaml, Position } from '../contracts/source.ts';

/**
 * Values of texts parsed before, by the text's hash: most runs change one file
 * of a hundred, and parsing is the slowest part of a check.
 */
export interface ParseCache {
  get(text: string): unknown;
  set(text: string, data: unknown): void;
  /** The key the cache files `text` under: a digest of it, worked out once per text. */
  keyOf?(text: string): string;
  /** The value filed under `key`, for a text known by its key without being read (src/load/known-texts.ts). */
  byKey?(key: string): unknown;
}

/**
 * Parses YAML text. `lineOffset` shifts reported lines, for front matter that
 * starts below a `---` line of a Markdown file. With a cache, a text parsed
 * cleanly before, or plain enough for the quick reader, is not parsed in full
 * until a diagnostic needs a position.
 */
export function parseYaml(file: string, text: string, lineOffset = 0, cache?: ParseCache): ParsedYaml {
  const cached = cache && (cache.get(text) ?? quickInto(cache, text));
  if (cached !== undefined) return cachedParse(file, () => text, lineOffset, cached);
  const result = parseYamlNow(file, text, lineOffset);
  if (cache && result.data !== undefined && result.diagnostics.length === 0) cache.set(text, result.data);
  return result;
}

/**
 * A YAML file known by the key of its text (src/load/known-texts.ts), not read: its value from the cache, the text
 * read by `text` only when a diagnostic needs a position. Undefined when the cache has no value under the key.
 */
export function parseKnown(
  file: string,
  known: { key: string; topLevel: TopLevelIndex },
  text: () => string,
  cache: ParseCache | undefined,
): ParsedYaml | undefined {
  const cached = cache?.byKey?.(known.key);
  return cached === undefined ? undefined : cachedParse(file, text, 0, cached, known.topLevel);
}

/**
 * A YAML file known by the key of its text (src/load/known-texts.ts), not read, whose value is asked of `value` only when
 * something reads it; positions as parseKnown gives them.
 */
export function lazyKnown(file: string, known: { topLevel: TopLevelIndex }, text: () => string, value: () => unknown): ParsedYaml {
  return Object.defineProperty(cachedParse(file, text, 0, undefined, known.topLevel), 'data', { get: value, enumerable: true });
}

/**
 * A text's cached value, with positions worked out from the text only when asked for; a top-level field's from
 * `topLevel`, when given, without the text.
 */
function cachedParse(file: string, text: () => string, lineOffset: number, cached: unknown, topLevel?: TopLevelIndex): ParsedYaml {
  let full: ParsedYaml | undefined;
  const parsed = () => (full ??= parseYamlNow(file, text(), lineOffset));
  const shifted = (position: Position | undefined) => position && { line: position.line + lineOffset, column: position.column };
  const top = (key: string, at: 'value' | 'key') => shifted(topLevel ? indexedPosition(topLevel, key, at) : topLevelPosition(text(), key, at));
  return {
    data: cached,
    diagnostics: [],
    locate: (path) => (path.length === 1 && typeof path[0] === 'string' ? top(path[0], 'value') : undefined) ?? parsed().locate(path),
    locateKey: (path, key) => (path.length === 0 ? top(key, 'key') : undefined) ?? parsed().locateKey(path, key),
  };
}

/**
 * A text the cache lacks, read by the quick reader into the cache when it is plain (see quick-yaml.ts):
 * the full reading, with every position, waits until a diagnostic asks for one.
 */
function quickInto(cache: ParseCache, text: string): unknown {
  const value = quickYamlValue(text);
  if (value !== undefined) cache.set(text, value);
  return value;
}

function parseYamlNow(file: string, text: string, lineOffset: number): ParsedYaml {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false, keepSourceTokens: false });
  const at = (offset: number): Position => {
    const { line, col } = lineCounter.linePos(offset);
    return { line: line + lineOffset, column: col };
  };
  // The commonest mistakes, recognised, are one message each in plain words instead of the parser's chain.
  const mistakes = recogniseMistakes(
    text,
    doc.errors.map((e) => {
      const { line, col } = lineCounter.linePos(e.pos[0]);
      return { line, column: col, code: e.code };
    }),
  );
  const recognised = (mistakes ?? []).map((m) =>
    diagnostic('yaml-syntax', { file, line: m.line + lineOffset, column: m.column }, { message: m.message, hint: m.hint }),
  );
  const diagnostics: Diagnostic[] = [
    ...recognised,
    ...(mistakes ? doc.warnings : [...doc.errors, ...doc.warnings]).map((problem) => parserProblem(problem, doc.errors.includes(problem), text, { file, at })),
  ];
  if (doc.errors.length === 0) diagnostics.push(...cutByComment(doc, text).map((cut) => diagnostic('comment-in-text', { file, ...at(cut.offset) }, cut)));
  if (doc.errors.length === 0)
    diagnostics.push(
      ...collectionKeys(doc).map((offset) =>
        diagnostic(
          'yaml-syntax',
          { file, ...at(offset) },
          {
            message: 'a field name here is a list, a map or an alias, which no field can be named',
            hint: 'write the field name as plain text before its colon, e.g. name: value (a "? " line starts such a name)',
          },
        ),
      ),
    );
  let data: unknown;
  if (doc.errors.length === 0 && !diagnostics.some((d) => d.severity === 'error')) {
    try {
      data = doc.toJS({ maxAliasCount: MAX_ALIAS_COPIES });
    } catch (error) {
      // An alias to no anchor, or aliases that multiply into millions of copies (a "billion laughs").
      const problem = aliasProblem(doc, error);
      diagnostics.push(diagnostic('yaml-syntax', { file, ...at(problem.offset) }, problem));
    }
  }
  return { data, diagnostics, ...locators(doc, at) };
}

/** Where a value, or a key of a map, is written; the nearest thing above it that is, for one that is not. */
function locators(doc: Document, at: (offset: number) => Position): Pick<ParsedYaml, 'locate' | 'locateKey'> {
  const documentStart = at(doc.contents?.range?.[0] ?? 0);
  return {
    locate: (path) => {
      const node = nearestNode(doc, path);
      return node?.range ? at(node.range[0]) : documentStart;
    },
    locateKey: (path, key) => {
      const parent = nearestNode(doc, path);
      if (isMap(parent)) {
        for (const pair of parent.items) {
          const k = pair.key as Node | null;
          if (k && isScalar(k) && keyName(k.value) === key && k.range) return at(k.range[0]);
        }
      }
      return parent?.range ? at(parent.range[0]) : documentStart;
    },
  };
}

/**
 * One of the parser's errors (`error`) or warnings as a diagnostic. Where the parser notices an unclosed bracket
 * or quote (at the end of the text), it is reported where it opened, which is where the editor must look.
 */
function parserProblem(problem: YAMLError, error: boolean, text: string, { file, at }: { file: string; at: (offset: number) => Position }): Diagnostic {
  const code = error ? 'yaml-syntax' : 'yaml-warning';
  const opened = /^Flow (sequence|mapping)/.test(problem.message) ? unclosedBracket(text, problem.pos[0]) : -1;
  if (opened >= 0) {
    const bracket = text[opened]!;
    return diagnostic(
      code,
      { file, ...at(opened) },
      {
        message: `"${bracket}" is never closed`,
        hint: `close it with "${bracket === '[' ? ']' : '}'}", or put the whole value in quotes if the "${bracket}" is part of the text`,
      },
    );
  }
  const quote = /^Missing closing (["'])quote/.exec(problem.message)?.[1];
  const quoteAt = quote ? unclosedQuote(text, problem.pos[0], quote) : -1;
  if (quoteAt >= 0) {
    return diagnostic(
      code,
      { file, ...at(quoteAt) },
      {
        message: `the quote ${quote} that starts here is never closed`,
        hint: `end the value with ${quote}${quote === "'" ? ", and write a ' inside it as ''" : ', and write a " inside it as \\"'}`,
      },
    );
  }
  return diagnostic(
    code,
    { file, ...at(problem.pos[0]) },
    {
      message: firstLine(problem.message),
      ...(error || problem.code === 'DUPLICATE_KEY' ? { hint: PARSER_HINTS[problem.code] ?? PARSER_HINT } : {}),
    },
  );
}

/**
 * What to do about a syntax error no rule of yaml-mistakes.ts recognised: the parser's message says
 * what it met, in its own terms, so the hint says what an editor can change.
 */
const PARSER_HINTS: Record<string, string> = {
  DUPLICATE_KEY: 'each field may appear once; remove or rename one of them',
  BAD_DQ_ESCAPE: 'inside double quotes a \\ starts an escape (\\n, \\"); write \\\\ for a backslash, or put the value in single quotes',
  MULTILINE_IMPLICIT_KEY: 'a field name and its colon stand on one line, with a space after the colon: name: value',
};
const PARSER_HINT =
  'look at this line and the one above it: put a value in quotes when it holds : # [ ] { } or starts with a quote, and line fields of one map up under each other';

/** How many copies of aliased values a file may make: plenty for reuse, far too few for a "billion laughs". */
const MAX_ALIAS_COPIES = 100;

/** Why `toJS` refused a document's aliases, at the alias to blame. */
function aliasProblem(doc: Document, error: unknown): { offset: number; message: string; hint: string } {
  const aliases: { name: string; offset: number; resolved: boolean }[] = [];
  visit(doc, {
    Alias(_, node) {
      aliases.push({ name: node.source, offset: node.range?.[0] ?? 0, resolved: node.resolve(doc) !== undefined });
    },
  });
  const unresolved = aliases.find((alias) => !alias.resolved);
  if (unresolved) {
    return {
      offset: unresolved.offset,
      message: `*${unresolved.name} refers to an anchor &${unresolved.name} that is not set above it`,
      hint: `set it with &${unresolved.name} on an earlier value, or write the value itself in place of *${unresolved.name}`,
    };
  }
  const reason = error instanceof Error ? error.message : String(error);
  if (/alias/i.test(reason) || aliases.length > 0) {
    return {
      offset: aliases[0]?.offset ?? 0,
      message: `the aliases (*name) in this file repeat their values more than ${MAX_ALIAS_COPIES} times in all`,
      hint: 'write the values out where they are needed instead of repeating them through aliases',
    };
  }
  return { offset: 0, message: `this file cannot be read as values: ${firstLine(reason)}`, hint: 'simplify the YAML: plain fields, lists and quoted text' };
}

/**
 * Splits a Markdown file into front matter and body, by YAML's rule for where a document ends: the
 * file opens with a line `---`, and the front matter is every line after it up to the first line
 * that is a document marker on its own (`---` or `...` at the start of the line, nothing after it
 * but spaces and a comment, as YAML allows: `--- # end`). Nothing else ends it: a value whose line
 * ends in " ---" is text, and a line that starts with `---` followed by more is left to the YAML
 * reader, which refuses it at its line.
 * `front` is those lines exactly, the line end before the closing marker left out; `bodyLine` is the
 * file's line where the body starts.
 */
export function splitFrontMatter(text: string): { front: string; body: string; bodyLine: number } | null {
  const opening = lineAt(text, 0);
  if (!OPENING_MARKER.test(opening.content) || opening.next === -1) return null;
  const frontStart = opening.next;
  let line = 2;
  for (let start = frontStart; ; line++) {
    const current = lineAt(text, start);
    if (DOCUMENT_MARKER.test(current.content)) {
      const front = text.slice(frontStart, start).replace(/\r?\n$/, '');
      return { front, body: current.next === -1 ? '' : text.slice(current.next), bodyLine: line + 1 };
    }
    if (current.next === -1) return null;
    start = current.next;
  }
}

/** Whether the text's first line opens front matter (whether or not a line below closes it). */
export function opensFrontMatter(text: string): boolean {
  return OPENING_MARKER.test(lineAt(text, 0).content);
}

/** A line that ends a YAML document: `---` or `...`, then only spaces, or spaces and a comment. */
const DOCUMENT_MARKER = /^(?:---|\.\.\.)(?:[ \t]+(?:#.*)?)?$/;
/** The line that opens front matter: `---`, then only spaces, or spaces and a comment. */
const OPENING_MARKER = /^---(?:[ \t]+(?:#.*)?)?$/;

/**
 * A field of a Markdown page written as a line of the body, before the body's first marker line: the front
 * matter ended sooner than the editor meant, at a `---` or `...` that begins a line inside a value
 * (by YAML's rule a marker there ends the document, even in a block of text), and the fields after it
 * would be published as the page's text, a `draft: true` among them. `fields` are the names the page
 * may have; `line` counts the body's lines from 1. Only a body with a marker line below the field is
 * looked at (the `---` the editor meant to end the front matter with), never past a code fence, and
 * only while its lines could be front matter (fields, indented lines, list items, comments): a line of
 * prose above the marker makes it a body whose author wrote a field name at a line's start, and its
 * `---` a thematic break.
 */
export function fieldAfterFrontMatter(body: string, fields: readonly string[]): { line: number; field: string } | null {
  const names = new Set(fields);
  let found: { line: number; field: string } | null = null;
  const lines = body.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!.replace(/\r$/, '');
    if (DOCUMENT_MARKER.test(line)) return found;
    if (/^\s{0,3}(?:```|~~~)/.test(line)) return null;
    const key = /^([A-Za-z_$][\w$-]*)[ \t]*:(?:[ \t]|$)/.exec(line)?.[1];
    if (key === undefined && !/^(?:$|[ \t]|#|-(?:[ \t]|$))/.test(line)) return null;
    if (!found && key !== undefined && names.has(key)) found = { line: index + 1, field: key };
  }
  return null;
}

/** The line of `text` that starts at `start`, without its line end, and where the next one starts (-1 after the last). */
function lineAt(text: string, start: number): { content: string; next: number } {
  const end = text.indexOf('\n', start);
  const stop = end === -1 ? text.length : end;
  return { content: text.slice(start, text[stop - 1] === '\r' ? stop - 1 : stop), next: end === -1 ? -1 : end + 1 };
}

/**
 * The name a scalar key has in the plain value: `toJS` writes a number, a boolean or null as text
 * (`5:` is the field "5", `0x1F:` is "31", `~:` is ""), so a field reported by that name is found.
 */
function keyName(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/**
 * Where a key that is a list, a map or an alias starts (`? [a, b]`): the plain value could only
 * name it by a stringified form (and the YAML package warns on the console as it does).
 */
function collectionKeys(doc: Document): number[] {
  const offsets: number[] = [];
  visit(doc, {
    Pair(_, pair) {
      const key = pair.key as Node | null;
      if (key && !isScalar(key) && key.range) offsets.push(key.range[0]);
    },
  });
  return offsets;
}

function nearestNode(doc: Document, path: FieldPath): Node | null {
  let node: unknown = doc.contents;
  for (const key of path) {
    let next: unknown;
    if (isMap(node)) next = node.get(key, true);
    else if (isSeq(node) && typeof key === 'number') next = node.get(key, true);
    if (next === undefined || next === null) break;
    node = next;
  }
  return (node as Node | null) ?? null;
}

/** The offset of the last `[` or `{` before `end` that no bracket closes, ignoring quoted text; -1 if none. */
function unclosedBracket(text: string, end: number): number {
  const open: number[] = [];
  let quote: string | null = null;
  for (let i = 0; i < end && i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\n') quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(text[i - 1]!))) while (i < end && text[i] !== '\n') i++;
    else if (c === '[' || c === '{') open.push(i);
    else if ((c === ']' || c === '}') && open.length) open.pop();
  }
  return open.at(-1) ?? -1;
}

/**
 * The offset of the quote that opens a never-closed quoted value: since nothing
 * closes it, it is the last `quote` before `end` that is not escaped (`\"`) or
 * doubled (`''`). -1 if none.
 */
function unclosedQuote(text: string, end: number, quote: string): number {
  for (let i = Math.min(end, text.length) - 1; i >= 0; i--) {
    if (text[i] !== quote) continue;
    if (quote === '"' && text[i - 1] === '\\') continue;
    if (quote === "'" && text[i - 1] === "'") {
      i--;
      continue;
    }
    return i;
  }
  return -1;
}

function firstLine(message: string): string {
  return message
    .split('\n')[0]!
    .replace(/ at line \d+, column \d+:?$/, '')
    .replace(/\.$/, '');
}

/**
 * Unquoted text with ` #` in it: YAML reads the rest of the line as a comment,
 * so `title: We are #1 in town` is "We are". A comment written on purpose
 * has a space after its `#`; text that runs straight on (#1, #ad) was meant as text.
 */
function cutByComment(doc: Document, text: string): { offset: number; kept: string; lost: string }[] {
  const cuts: { offset: number; kept: string; lost: string }[] = [];
  visit(doc, {
    Scalar(_, node) {
      if (!isScalar(node) || node.type !== 'PLAIN' || !node.comment || /^\s/.test(node.comment) || !node.range) return;
      const offset = text.indexOf('#', node.range[1]);
      if (offset >= 0) cuts.push({ offset, kept: String(node.value), lost: `#${node.comment.split('\n')[0]}` });
    },
  });
  return cuts;
}
