// What a field's JSON Schema says, in an editor's words: its kind, its limits,
// the values it allows. The comments of a new page (page-skeleton.ts) and the
// field reference (fields-doc.ts) both say it this way, so they cannot differ.
// Schemas here are editor schemas (editorSchema): a field with a default is
// optional, since validation fills it in.

/** A JSON Schema as plain data. */
export type JsonSchema = { readonly [key: string]: unknown };

/** The fields of an object schema, in the order written, each with whether it must be written. */
export function fieldsOf(schema: JsonSchema): { name: string; schema: JsonSchema; required: boolean }[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return Object.entries(properties).map(([name, field]) => ({ name, schema: field, required: required.has(name) }));
}

export function isObject(schema: JsonSchema): boolean {
  return schema.type === 'object' || (schema.type === undefined && typeof schema.properties === 'object');
}

export function isArray(schema: JsonSchema): boolean {
  return schema.type === 'array';
}

/** The schema of a list's items (the first, for a tuple). */
export function itemsOf(schema: JsonSchema): JsonSchema {
  const items = schema.items;
  return (Array.isArray(items) ? items[0] : (items ?? {})) as JsonSchema;
}

/** The only values a field may hold, when it names them: an enum, a constant or a union of constants. */
export function allowedValues(schema: JsonSchema): readonly unknown[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum;
  if ('const' in schema) return [schema.const];
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(branches) && branches.length > 0 && branches.every((b) => 'const' in b)) return branches.map((b) => b.const);
  return undefined;
}

/** The kind of value, e.g. `text`, `whole number`, `list of maps`. */
export function kindOf(schema: JsonSchema): string {
  if (isArray(schema)) {
    const item = kindOf(itemsOf(schema));
    return `list of ${item === 'map' ? 'maps' : item === 'list' ? 'lists' : item}`;
  }
  if (isObject(schema)) return 'map';
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(branches)) return [...new Set(branches.map(kindOf))].join(' or ');
  const type = Array.isArray(schema.type) ? schema.type : [schema.type ?? ('const' in schema ? typeof schema.const : 'any')];
  return type.map((t) => KINDS[String(t)] ?? String(t)).join(' or ');
}

const KINDS: Record<string, string> = {
  string: 'text',
  number: 'number',
  integer: 'whole number',
  boolean: 'true or false',
  null: 'empty',
  object: 'map',
  array: 'list',
  any: 'any value',
};

/** Limits a value must keep, as short phrases: `2–40 characters`, `at least 2 items`, `from 1 to 99`. */
export function limitsOf(schema: JsonSchema): string[] {
  const out: string[] = [];
  const range = (min: unknown, max: unknown, unit: string, one: string) => {
    const lo = typeof min === 'number' ? min : undefined;
    const hi = typeof max === 'number' ? max : undefined;
    const units = (n: number) => (unit ? ` ${n === 1 ? one : unit}` : '');
    if (lo !== undefined && hi !== undefined) out.push(lo === hi ? `exactly ${lo}${units(lo)}` : `${lo}–${hi}${units(hi)}`);
    else if (hi !== undefined) out.push(`at most ${hi}${units(hi)}`);
    else if (lo !== undefined) out.push(`at least ${lo}${units(lo)}`);
  };
  // A minimum length of 1 means "not empty", which an editor needs told only when it is the whole limit.
  if (typeof schema.minLength === 'number' || typeof schema.maxLength === 'number') {
    if (schema.minLength === 1 && schema.maxLength === undefined) out.push('not empty');
    else range(schema.minLength === 0 || schema.minLength === 1 ? undefined : schema.minLength, schema.maxLength, 'characters', 'character');
  }
  if (typeof schema.minItems === 'number' || typeof schema.maxItems === 'number') {
    range(schema.minItems === 0 ? undefined : schema.minItems, schema.maxItems, 'items', 'item');
  }
  const min = schema.exclusiveMinimum ?? schema.minimum;
  const max = schema.exclusiveMaximum ?? schema.maximum;
  if (typeof min === 'number' || typeof max === 'number') {
    if (typeof min === 'number' && typeof max === 'number') out.push(`from ${min} to ${max}`);
    else if (typeof max === 'number') out.push(`at most ${max}`);
    else out.push(`at least ${min}`);
    if (schema.exclusiveMinimum !== undefined || schema.exclusiveMaximum !== undefined) out[out.length - 1] += ' (limits excluded)';
  }
  if (schema.uniqueItems === true) out.push('no item twice');
  return out;
}

/** A value as an editor writes it in YAML: text as is, anything else as JSON (`true`, `301`, `[]`). */
export function showValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** `metaDescription` → `meta description`, `hero` → `hero`: a field's name as words. */
export function nameAsWords(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase();
}
