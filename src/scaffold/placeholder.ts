// Placeholder values for a new page's fields: each valid against its schema
// where that can be (so the first check speaks only of what is left to write),
// and text marked so that the check can say which fields still hold it.
import { patternExample } from './pattern-example.ts';
import { allowedValues, fieldsOf, isArray, isObject, itemsOf, nameAsWords, type JsonSchema } from './schema-words.ts';

/**
 * How placeholder text starts. The engine refuses to publish text that still
 * starts with it (src/rules/placeholders.ts), so a page written by `site new`
 * cannot go live with its placeholders.
 */
export const PLACEHOLDER_MARK = 'TODO:';

/** The mark as a word that fits slugs and paths: a placeholder link reads `/todo`, and the link check points at it. */
const PLACEHOLDER_WORD = PLACEHOLDER_MARK.replace(/\W/g, '').toLowerCase();

/** Words that lengthen placeholder text to a field's minimum length. */
const FILLER = 'Replace this placeholder with your own words before it is published.';

/**
 * A value of `schema` for a field called `name`: its default, its first allowed
 * value, marked text of the right length, the shortest text its pattern allows,
 * the lowest number in range, or a map or list of placeholders with the fields
 * and the items it must have.
 */
export function placeholderValue(schema: JsonSchema, name: string): unknown {
  if ('default' in schema) return structuredClone(schema.default);
  const allowed = allowedValues(schema);
  if (allowed) return allowed[0];
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(branches) && branches[0]) return placeholderValue(branches[0], name);
  if (isObject(schema)) {
    return Object.fromEntries(
      fieldsOf(schema)
        .filter((f) => f.required)
        .map((f) => [f.name, placeholderValue(f.schema, f.name)]),
    );
  }
  if (isArray(schema)) return Array.from({ length: itemCount(schema) }, () => placeholderValue(itemsOf(schema), name));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return placeholderText(schema, name);
    case 'number':
    case 'integer':
      return placeholderNumber(schema, type === 'integer');
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return placeholderText(schema, name);
  }
}

/** How many items a new list gets: its minimum, and at least one so the editor sees an item's shape. */
export function itemCount(schema: JsonSchema): number {
  const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity;
  return Math.min(Math.max(min, 1), max);
}

/** Whether a text is placeholder text that nobody has replaced yet. */
export function isPlaceholder(text: string): boolean {
  return text.trimStart().startsWith(PLACEHOLDER_MARK);
}

/**
 * Marked text within the field's length limits and pattern; failing that (a
 * postal code, a phone number), the shortest text its pattern allows; failing
 * that, marked text, which the check will point at.
 */
function placeholderText(schema: JsonSchema, name: string): string {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const pattern = typeof schema.pattern === 'string' ? schema.pattern : undefined;
  const fits = (text: string) => {
    const length = [...text].length;
    return length >= min && length <= max && (!pattern || new RegExp(pattern, 'u').test(text));
  };
  const marked = markedText(nameAsWords(name), min, max);
  if (fits(marked)) return marked;
  const example = pattern ? patternExample(pattern, PLACEHOLDER_WORD) : undefined;
  if (example !== undefined && fits(example)) return example;
  return marked;
}

/** `TODO: heading`, lengthened with filler words to `min` characters and cut at a word to `max`. */
function markedText(words: string, min: number, max: number): string {
  let text = `${PLACEHOLDER_MARK} ${words}`;
  if (text.length < min) text += '.';
  while (text.length < min) text += ' ' + FILLER;
  if (text.length <= max) return text;
  // Cut at a word, keeping the minimum; a field too short for the mark keeps just the mark.
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return space >= Math.max(min, PLACEHOLDER_MARK.length) ? cut.slice(0, space) : text.slice(0, Math.max(max, PLACEHOLDER_MARK.length));
}

/** The lowest number in range (0 when that is allowed), a whole one for integers. */
function placeholderNumber(schema: JsonSchema, integer: boolean): number {
  const step = integer ? 1 : 0.5;
  let value = 0;
  if (typeof schema.minimum === 'number' && value < schema.minimum) value = schema.minimum;
  if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum) value = schema.exclusiveMinimum + step;
  if (typeof schema.maximum === 'number' && value > schema.maximum) value = schema.maximum;
  if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum) value = schema.exclusiveMaximum - step;
  return integer ? Math.ceil(value) : value;
}
