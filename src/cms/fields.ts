// A content file's fields as the browser editor (Decap CMS) shows them: each field
// of the theme's editor schema (the one VS Code's YAML extension reads) becomes the
// widget its schema implies, with its label, its description and limits as the hint,
// and its limits and pattern as a check the editor runs before anything is saved,
// worded as the engine words the same problem. Pure: a schema in, field settings out.
import { allowedValues, fieldsOf, isArray, isObject, itemsOf, kindOf, limitsOf, nameAsWords, type JsonSchema } from '../scaffold/schema-words.ts';

/** One field of Decap CMS's configuration (the subset the engine writes). */
export interface CmsField {
  name: string;
  label: string;
  widget: string;
  /** Decap's fields are required unless told otherwise. */
  required?: false;
  hint?: string;
  default?: unknown;
  /** A regular expression the value must match, and the message when it does not. */
  pattern?: [string, string];
  options?: (string | number)[];
  multiple?: boolean;
  min?: number;
  max?: number;
  value_type?: 'int' | 'float';
  step?: number;
  fields?: CmsField[];
  field?: CmsField;
  collapsed?: boolean;
  summary?: string;
  format?: string;
  date_format?: string;
  time_format?: false;
  picker_utc?: boolean;
  choose_url?: boolean;
  modes?: string[];
}

/** Text allowed this many characters or fewer fits one line; longer text gets a box of several lines. */
export const ONE_LINE = 120;

/** The fields of an object schema, in the order written (the order the editor saves them in). */
export function cmsFields(schema: JsonSchema): CmsField[] {
  return fieldsOf(schema).map((field) => cmsField(field.name, field.schema, field.required));
}

/** One field: its widget and settings from its schema, `required` as the schema says (a field with a default is optional). */
export function cmsField(name: string, schema: JsonSchema, required: boolean): CmsField {
  const widget = widgetOf(schema);
  // A group that may be left out asks for nothing inside it either: the editor checks a group's fields
  // even when it is empty, so a post could not be saved without the lists it may appear in. The build
  // still checks a group that is filled in half.
  // A group with a default is always there (validation fills it in): its own fields keep their rules.
  const base: CmsField = { name, label: labelOf(name, schema), ...(required || 'default' in schema ? widget : optionalInside(widget)) };
  const hint = hintOf(schema);
  // A picture's path is the one the editor's media library gives it (public_folder), not typed: no check.
  const check = base.widget === 'image' ? undefined : checkOf(schema);
  return {
    ...base,
    ...(required ? {} : { required: false }),
    ...(hint ? { hint } : {}),
    ...('default' in schema && base.widget !== 'hidden' ? { default: structuredClone(schema.default) } : {}),
    ...(check ? { pattern: check } : {}),
  };
}

function optionalInside(widget: Omit<CmsField, 'name' | 'label'>): Omit<CmsField, 'name' | 'label'> {
  if (widget.widget !== 'object' || !widget.fields) return widget;
  // Nor does it fill in defaults: the editor would write them, making a group the page never asked for.
  const relax = ({ default: _default, ...field }: CmsField): CmsField => ({
    ...field,
    required: false,
    ...(field.widget === 'object' && field.fields ? { fields: field.fields.map(relax) } : {}),
  });
  return { ...widget, fields: widget.fields.map(relax) };
}

/** The widget and its own settings. */
function widgetOf(schema: JsonSchema): Omit<CmsField, 'name' | 'label'> {
  const allowed = allowedValues(schema);
  // A field with one allowed value (a page's `template`) is written as it is, never edited.
  if (allowed && allowed.length === 1) return { widget: 'hidden', default: allowed[0] };
  if (allowed && allowed.every((v) => typeof v === 'string')) return { widget: 'select', options: [...(allowed as string[])] };
  // Numbers stay numbers: a select would save "301" as text. The choice is the check (checkOf).
  if (allowed && allowed.every((v) => typeof v === 'number')) return { widget: 'number', value_type: allowed.every(Number.isInteger) ? 'int' : 'float' };
  if (isArray(schema)) return listOf(schema);
  // A group of fields shows open: an office manager looking for the phone should not have to guess where it is.
  if (isObject(schema)) return { widget: 'object', fields: cmsFields(schema) };
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'boolean':
      return { widget: 'boolean' };
    case 'integer':
    case 'number':
      return { widget: 'number', value_type: type === 'integer' ? 'int' : 'float', ...numberRange(schema) };
    case 'string':
      if (typeof schema.contentMediaType === 'string' && schema.contentMediaType.startsWith('image/')) return { widget: 'image', choose_url: false };
      if (schema.format === 'date') return { widget: 'datetime', format: 'YYYY-MM-DD', date_format: 'YYYY-MM-DD', time_format: false, picker_utc: true };
      return { widget: typeof schema.maxLength === 'number' && schema.maxLength > ONE_LINE ? 'text' : 'string' };
    default:
      // A union of shapes has no widget of its own: the value is written as text and checked by the build.
      return { widget: 'string' };
  }
}

function listOf(schema: JsonSchema): Omit<CmsField, 'name' | 'label'> {
  const items = itemsOf(schema);
  const limits = {
    ...(typeof schema.minItems === 'number' && schema.minItems > 0 ? { min: schema.minItems } : {}),
    ...(typeof schema.maxItems === 'number' ? { max: schema.maxItems } : {}),
  };
  const allowed = allowedValues(items);
  if (allowed && allowed.length > 1 && allowed.every((v) => typeof v === 'string'))
    return { widget: 'select', multiple: true, options: [...(allowed as string[])], ...limits };
  if (isObject(items)) {
    const fields = cmsFields(items);
    const first = fields.find((f) => f.widget === 'string' || f.widget === 'text');
    return { widget: 'list', collapsed: true, ...(first ? { summary: `{{fields.${first.name}}}` } : {}), fields, ...limits };
  }
  return { widget: 'list', field: cmsField('item', items, true), ...limits };
}

function numberRange(schema: JsonSchema): { min?: number; max?: number; step?: number } {
  const min = schema.minimum ?? schema.exclusiveMinimum;
  const max = schema.maximum ?? schema.exclusiveMaximum;
  return {
    ...(typeof min === 'number' ? { min } : {}),
    ...(typeof max === 'number' ? { max } : {}),
    ...(schema.type === 'integer' ? { step: 1 } : {}),
  };
}

/** The schema's title, else the field's name as words with a capital: `metaDescription` → `Meta description`. */
function labelOf(name: string, schema: JsonSchema): string {
  const words = typeof schema.title === 'string' && schema.title.trim() ? schema.title.trim() : nameAsWords(name);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The description, then the limits and the choices in the words the field reference uses. */
function hintOf(schema: JsonSchema): string | undefined {
  const parts: string[] = [];
  if (typeof schema.description === 'string' && schema.description.trim()) parts.push(sentence(schema.description.trim()));
  const limits = limitsOf(isArray(schema) && !allowedValues(itemsOf(schema)) ? schema : { ...schema, uniqueItems: undefined });
  if (limits.length > 0) parts.push(sentence(`${kindOf(schema) === 'text' ? 'Text' : capital(kindOf(schema))}, ${limits.join(', ')}`));
  return parts.length > 0 ? parts.join(' ') : undefined;
}

/**
 * What the editor checks before saving: the text's length and pattern, or the numbers allowed, as one
 * regular expression, with the engine's words for what is wrong. Length is checked by a lookahead so
 * the schema's own pattern keeps its meaning.
 */
function checkOf(schema: JsonSchema): [string, string] | undefined {
  const allowed = allowedValues(schema);
  if (allowed && allowed.length > 1 && allowed.every((v) => typeof v === 'number'))
    return [`^(?:${allowed.map((n) => escape(String(n))).join('|')})$`, `must be one of: ${allowed.join(', ')}`];
  if (schema.type !== 'string' || allowed) return undefined;
  const min = typeof schema.minLength === 'number' && schema.minLength > 0 ? schema.minLength : undefined;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  const pattern = typeof schema.pattern === 'string' && compiles(schema.pattern) ? schema.pattern : undefined;
  if (min === undefined && max === undefined && pattern === undefined) return undefined;
  // Both as lookaheads from the start: a schema's pattern matches anywhere in the text unless anchored, and
  // one anchored with ^ still means the start (the editor compiles it without the multiline flag).
  // A character is a code point, as the engine counts (an emoji is one), not a UTF-16 unit; a pair is never
  // also read as two, so a text has one reading and a long one cannot make the browser backtrack for ever.
  const character = '(?:[\\uD800-\\uDBFF][\\uDC00-\\uDFFF]|(?![\\uD800-\\uDBFF][\\uDC00-\\uDFFF])[\\s\\S])';
  const length = min !== undefined || max !== undefined ? `(?=${character}{${min ?? 0},${max ?? ''}}$)` : '';
  const source = `^${length}${pattern === undefined ? '' : `(?=[\\s\\S]*?(?:${pattern}))`}`;
  const words: string[] = [];
  if (min !== undefined || max !== undefined) words.push(lengthWords(min, max));
  if (pattern !== undefined)
    words.push(
      typeof schema.description === 'string'
        ? `does not have the expected form (expected ${uncapital(schema.description.trim().replace(/\.$/, ''))})`
        : 'does not have the expected form',
    );
  return [source, capital(words.join('; '))];
}

function lengthWords(min: number | undefined, max: number | undefined): string {
  if (min === 1 && max === undefined) return 'must not be empty';
  if (min !== undefined && max !== undefined) return min === max ? `must be exactly ${min} characters long` : `must be ${min} to ${max} characters long`;
  return max !== undefined ? `must be at most ${max} characters long` : `must be at least ${min} characters long`;
}

/** Whether a pattern is one the browser reads the same way (Decap compiles it without flags). */
function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `The number…` → `the number…`, but `E.164` and `URL` stay as written. */
function uncapital(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

function sentence(text: string): string {
  const capitalised = capital(text);
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}
