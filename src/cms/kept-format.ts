// A file saved from the browser editor, written as the developer left it: the editor serialises the
// whole file from its form (no comments, its own field order, its own quoting), so the values it
// saves are put into the file as it was instead. Comments, the order of fields, block text and
// quotes stay where they were; only what changed is written anew. Pure: text in, text out.
import { isMap, isScalar, isSeq, parse, parseDocument, stringify, type Document, type Node, type Pair } from 'yaml';
import { splitFrontMatter } from '../validate/yaml.ts';

/** `saved` (the editor's text) with the format of `before` (the file on disk), or `saved` as it is when either does not parse. */
export function keptFormat(before: string, saved: string, markdown: boolean): string {
  if (!markdown) return keptYaml(before, saved) ?? saved;
  const old = splitFrontMatter(before);
  const now = splitFrontMatter(saved);
  if (!old || !now) return saved;
  const front = keptYaml(old.front, now.front);
  if (front === null) return saved;
  // The body is the editor's; the line opening the front matter is the file's.
  const opening = before.slice(0, before.indexOf('\n') + 1);
  return `${opening}${front.endsWith('\n') ? front : `${front}\n`}---\n${now.body}`;
}

function keptYaml(before: string, saved: string): string | null {
  const document = parseDocument(before);
  if (document.errors.length > 0 || !isMap(document.contents)) return null;
  let value: unknown;
  try {
    value = parse(saved);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  // Values changed in place, nothing added or taken away (a phone, a title, hours): each is rewritten
  // where it stands and every other character of the file stays as it was.
  const edits: Edit[] = [];
  if (sameShape(document.contents, value, edits, before)) {
    let text = before;
    for (const edit of edits.sort((a, b) => b.from - a.from)) text = text.slice(0, edit.from) + edit.text + text.slice(edit.to);
    return text;
  }
  // The top is a map, merged in place: the document keeps its own node, with its comments.
  merged(document, document.contents, value);
  return document.toString({ flowCollectionPadding: false });
}

/** `node` holding `value`: the same node where the value is the same, its parts reused where it is a map or a list. */
function merged(document: Document, node: Node | null, value: unknown): Node {
  if (isMap(node) && isRecord(value)) {
    for (const pair of [...node.items]) if (!(keyOf(pair) in value)) node.delete(pair.key);
    let at = 0;
    for (const [key, next] of Object.entries(value)) {
      const index = node.items.findIndex((pair) => keyOf(pair) === key);
      if (index === -1) {
        // A new field goes after the one the editor wrote before it, as the editor ordered it.
        node.items.splice(at, 0, document.createPair(key, next));
        at++;
      } else {
        const pair = node.items[index]!;
        pair.value = merged(document, pair.value as Node | null, next);
        at = index + 1;
      }
    }
    return node;
  }
  if (isSeq(node) && Array.isArray(value)) {
    value.forEach((next, i) => {
      if (i < node.items.length) node.items[i] = merged(document, node.items[i] as Node | null, next);
      else node.items.push(document.createNode(next));
    });
    node.items.length = value.length;
    return node;
  }
  if (isScalar(node) && (value === null || typeof value !== 'object')) {
    if (node.value !== value) {
      node.value = value;
      // Text keeps its style (a folded block, quotes); a number or true/false is written plain.
      if (typeof value !== 'string') delete node.type;
    }
    return node;
  }
  return document.createNode(value) as Node;
}

interface Edit {
  from: number;
  to: number;
  text: string;
}

/** Whether `value` has the shape `node` has (the same fields, lists as long), collecting the scalars to rewrite. */
function sameShape(node: unknown, value: unknown, edits: Edit[], source: string): boolean {
  if (isMap(node) && isRecord(value)) {
    if (node.items.length !== Object.keys(value).length || !node.items.every((pair) => keyOf(pair) in value)) return false;
    return node.items.every((pair) => sameShape(pair.value, value[keyOf(pair)], edits, source));
  }
  if (isSeq(node) && Array.isArray(value)) {
    return node.items.length === value.length && node.items.every((item, i) => sameShape(item, value[i], edits, source));
  }
  if (isScalar(node) && (value === null || typeof value !== 'object') && node.range) {
    if (node.value === value) return true;
    const written = source.slice(node.range[0], node.range[1]);
    const text = scalarText(node.type, value, written);
    if (text === null) return false;
    // A block's text runs to the end of its last line; what replaces it ends its line too.
    edits.push({ from: node.range[0], to: node.range[1], text: written.endsWith('\n') && !text.endsWith('\n') ? `${text}\n` : text });
    return true;
  }
  return false;
}

/** The text of `value` in the style the scalar had (`written`), or null when that style cannot hold it. */
function scalarText(type: string | undefined, value: unknown, written: string): string | null {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value !== 'string') return null;
  if (type === 'BLOCK_FOLDED' || type === 'BLOCK_LITERAL') return blockText(value, written);
  // JSON's string is a YAML double-quoted one: line breaks and any other character, on one line.
  if (type === 'QUOTE_DOUBLE' || value.includes('\n')) return JSON.stringify(value);
  if (type === 'QUOTE_SINGLE') return `'${value.replace(/'/g, "''")}'`;
  // Plain where YAML reads it back as the same text, quoted where it would not be.
  const text = stringify(value, { lineWidth: 0 }).replace(/\n$/, '');
  return text.includes('\n') ? null : text;
}

/** A block (`>-` folded, `|-` literal) with the header and indentation it had, its text wrapped as the file's were. */
function blockText(value: string, written: string): string | null {
  const [header, first] = written.split('\n');
  const indent = /^ +/.exec(first ?? '')?.[0];
  if (!indent || (header !== '>-' && header !== '|-') || /^\s|\s$/.test(value)) return null;
  if (header === '|-')
    return `${header}\n${value
      .split('\n')
      .map((line) => (line ? indent + line : ''))
      .join('\n')}\n`;
  if (value.includes('\n') || value.includes('  ')) return null;
  const lines: string[] = [];
  for (const word of value.split(' ')) {
    const last = lines.length - 1;
    if (last >= 0 && indent.length + lines[last]!.length + 1 + word.length <= 80) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return `${header}\n${lines.map((line) => indent + line).join('\n')}\n`;
}

function keyOf(pair: Pair): string {
  return String(isScalar(pair.key) ? pair.key.value : pair.key);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
