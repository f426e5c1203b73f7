// The fields of a schema written out as commented YAML for an editor to fill
// in: every required field with a placeholder, a comment above each saying what
// it is and its limits, and the optional fields commented out. Pure: a schema
// in, text out.
import { stringify } from 'yaml';
import { itemCount, placeholderValue } from './placeholder.ts';
import { allowedValues, fieldsOf, isArray, isObject, itemsOf, limitsOf, showValue, type JsonSchema } from './schema-words.ts';

export interface FieldsOptions {
  /** Values for top-level fields, written whether the field is required or not (a Markdown page's draft flag and date). */
  values?: Record<string, unknown>;
}

/** Comment lines are wrapped to this width, indentation included. */
const WIDTH = 100;

interface Context {
  /** Explanations already given: a long explanation many fields share (the placeholders text may use) is given once, at its first field. */
  seen: Set<string>;
  /** Write comments and optional fields (false inside a commented-out field, which shows only its shape). */
  explain: boolean;
}

/** The YAML lines of the fields of an object schema (an editor schema: a field with a default is optional). */
export function yamlFields(schema: JsonSchema, options: FieldsOptions = {}): string {
  const context: Context = { seen: new Set(), explain: true };
  const values = options.values ?? {};
  const blocks = fieldsOf(schema).map((field) =>
    field.name in values ? writtenField(field.name, field.schema, values[field.name], 0, context) : fieldLines(field, 0, context),
  );
  // A blank line between top-level fields, so each field's comment reads with its field.
  return (
    blocks
      .filter((lines) => lines.length > 0)
      .map((lines) => lines.join('\n'))
      .join('\n\n') + '\n'
  );
}

function fieldLines(field: { name: string; schema: JsonSchema; required: boolean }, indent: number, context: Context): string[] {
  if (field.required) {
    return [
      ...(context.explain ? explanation(field.schema, indent, context) : []),
      ...keyLines(field.name, valueOf(field.schema, field.name, indent, context), indent),
    ];
  }
  if (!context.explain) return [];
  // An optional field is shown commented out, in its shape, for the editor to take up.
  const shape = valueOf(field.schema, field.name, indent, { ...context, explain: false }, true);
  const pad = ' '.repeat(indent);
  return [...explanation(field.schema, indent, context, 'Optional.'), ...keyLines(field.name, shape, indent).map((line) => `${pad}# ${line.slice(indent)}`)];
}

/** A field given its value by the caller (a Markdown page's date), explained like any other. */
function writtenField(name: string, schema: JsonSchema, value: unknown, indent: number, context: Context): string[] {
  return [...explanation(schema, indent, context), ...keyLines(name, { inline: scalar(value) }, indent)];
}

/** A scalar or `{}` on the key's line (with any lines that follow it), or a block of lines indented below the key. */
type Value = { inline: string; after?: string[] } | { block: string[] };

function keyLines(name: string, value: Value, indent: number): string[] {
  const key = `${' '.repeat(indent)}${/^[A-Za-z_][\w-]*$/.test(name) ? name : JSON.stringify(name)}:`;
  return 'inline' in value ? [`${key} ${value.inline}`, ...(value.after ?? [])] : [key, ...value.block];
}

/**
 * A field's value: a scalar on the key's line, or a block of lines indented
 * below it. `shape`: the value of a commented-out field, where a map with no
 * required fields shows its fields (their defaults) rather than `{}`.
 */
function valueOf(schema: JsonSchema, name: string, indent: number, context: Context, shape = false): Value {
  if (isObject(schema) && !allowedValues(schema)) {
    const fields = fieldsOf(schema);
    const shown = shape && !fields.some((f) => f.required) ? fields.map((f) => ({ ...f, required: true })) : fields;
    const lines = shown.flatMap((field) => fieldLines(field, indent + 2, context));
    // A map whose fields are all optional (so all commented out) is written `{}`.
    return lines.some((line) => !line.trimStart().startsWith('#')) ? { block: lines } : { inline: '{}', after: lines };
  }
  if (isArray(schema)) {
    const count = itemCount(schema);
    if (count === 0) return { inline: '[]' };
    const items: string[] = [];
    for (let i = 0; i < count; i++) {
      // Optional fields of an item are shown once, in the first.
      const item = valueOf(itemsOf(schema), name, indent + 2, i === 0 ? context : { ...context, explain: false }, shape);
      items.push(...listItem(item, indent + 2));
    }
    return { block: items };
  }
  return { inline: scalar(placeholderValue(schema, name)) };
}

/** One item of a list: `- value`, or a block whose first line takes the dash and whose comments above it line up with it. */
function listItem(item: Value, indent: number): string[] {
  const pad = ' '.repeat(indent);
  if ('inline' in item) return [`${pad}- ${item.inline}`, ...(item.after ?? [])];
  const first = item.block.findIndex((line) => !line.trimStart().startsWith('#'));
  return item.block.map((line, i) => {
    if (i < first) return pad + line.trimStart();
    if (i === first) return `${pad}- ${line.slice(indent + 2)}`;
    return line;
  });
}

/** A comment saying what the field is and its limits, wrapped; explanations given before are not repeated. */
function explanation(schema: JsonSchema, indent: number, context: Context, prefix?: string): string[] {
  if ('const' in schema) return []; // one allowed value: nothing to choose, nothing to explain
  const clauses = typeof schema.description === 'string' ? schema.description.split(/;\s+/) : [];
  const fresh = clauses.filter((clause) => !context.seen.has(clause));
  for (const clause of fresh) if (clause.length > 60) context.seen.add(clause);
  const said = fresh.join('; ').replace(/\.$/, '');
  const allowed = allowedValues(schema);
  const limits = [
    // A limit the description already states ("at most 60 characters so…") is not said twice.
    ...limitsOf(schema).filter((limit) => !saysAlready(said, limit)),
    ...(allowed && allowed.length > 1 ? [`one of: ${allowed.map(showValue).join(', ')}`] : []),
    ...(prefix && 'default' in schema && !isEmpty(schema.default) ? [`default: ${showValue(schema.default)}`] : []),
  ];
  const text = [prefix, said ? capitalise(said) + '.' : '', limits.length ? `(${limits.join('; ')})` : ''].filter(Boolean).join(' ');
  return text ? wrap(text, indent) : [];
}

function wrap(text: string, indent: number): string[] {
  const pad = `${' '.repeat(indent)}# `;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && pad.length + line.length + 1 + word.length > WIDTH) {
      lines.push(pad + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(pad + line);
  return lines;
}

/** Whether a description already states a limit: it names every number the limit has. */
function saysAlready(description: string, limit: string): boolean {
  const numbers = (text: string): string[] => text.match(/\d+(?:\.\d+)?/g) ?? [];
  const stated = numbers(description);
  return numbers(limit).length > 0 && numbers(limit).every((n) => stated.includes(n));
}

/** An empty list or map: a default not worth a word. */
function isEmpty(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A value on one line, quoted where YAML needs it. Quoted as YAML 1.1 would need
 * too (dates, yes, 07:00), which is still valid 1.2: an older reader in some
 * editor then takes `2025-06-01` for the text it is, not a timestamp.
 */
function scalar(value: unknown): string {
  return stringify(value, { version: '1.1', lineWidth: 0, flowCollectionPadding: false, collectionStyle: 'flow' }).trimEnd();
}
