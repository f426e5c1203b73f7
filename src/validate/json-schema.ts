// Shape validation: TypeBox definitions are both the TypeScript types and the
// JSON Schemas that ajv checks and editors read. One definition, never two.
import { cacheKey } from '../digest.ts';
import { repairFor } from './repair.ts';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';
import type { FieldPath, ParsedYaml } from './yaml.ts';
import { cachedValidators } from './validator-cache.ts';

type JsonSchema = { [key: string]: unknown };

/**
 * The schema as an editor should see it: a property with a `default` is not
 * required, because validation fills it in. The TypeBox definition lists it as
 * required so that its static type (what templates receive) has no gaps.
 */
export function editorSchema(schema: object): JsonSchema {
  return relax(JSON.parse(JSON.stringify(schema)) as JsonSchema);
}

function relax(node: unknown): JsonSchema {
  if (Array.isArray(node)) return node.map(relax) as unknown as JsonSchema;
  if (!node || typeof node !== 'object') return node as JsonSchema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = relax(value);
  const properties = out.properties as Record<string, JsonSchema> | undefined;
  if (properties && Array.isArray(out.required)) {
    const required = (out.required as string[]).filter((name) => !(properties[name] && 'default' in properties[name]!));
    if (required.length > 0) out.required = required;
    else delete out.required;
  }
  return out;
}

/** A compiled validator for one schema. */
export interface Validator {
  /** Checks a parsed document; returns the value with defaults filled (a copy: the value given stays as it was), and located problems. */
  validate(file: string, parsed: ParsedYaml, value?: unknown): { value: unknown; diagnostics: Diagnostic[] };
  /**
   * Only the located problems, for a caller that keeps no value (the pages' header, which only names the template).
   * A schema that fills in no default changes nothing, so the value is checked as it is, not copied: copying every
   * page's whole value for that took 45 ms at 10,000 pages.
   */
  check(file: string, parsed: ParsedYaml): Diagnostic[];
  /** A digest of the schema: what a value's kept defaults were worked out by (src/validate/defaults-patch.ts). */
  key: string;
}

// optimize: false: ajv's code optimiser costs more at start-up than it saves on a hundred small documents.
// Not verbose: errors find their schema (descriptions, known field names) by schemaPath, which compiles faster.
// code.source: the generated code is kept, so it can be saved for the next run (validator-cache.ts).
// validateFormats: a theme names a format for editors' sake (`date`: a calendar in the browser editor); its
// pattern is what checks the value, so formats are left unchecked rather than each implemented twice.
const ajv = new Ajv({ allErrors: true, useDefaults: true, strict: false, validateFormats: false, code: { optimize: false, source: true } });

// Compiling is the slow part of validating; a theme loaded again after a template edit
// (the dev server) mostly brings the same schemas, which are compiled once per process.
const compiled = new Map<string, ValidateFunction>();

/** Compiles `schema`; with a cache folder, the compiled code is kept there for later runs. */
export function compileSchema(schema: object, cacheFolder?: string): Validator {
  return compileSchemas([schema], cacheFolder)[0]!;
}

/**
 * Compiles `schemas`, in their order; with a cache folder, their compiled code is kept there for later runs, as
 * one module (validator-cache.ts): a theme's schemas are compiled together.
 */
export function compileSchemas(schemas: readonly object[], cacheFolder?: string): Validator[] {
  const roots = schemas.map(editorSchema);
  const texts = roots.map((root) => JSON.stringify(root));
  if (texts.some((text) => !compiled.has(text))) {
    const checks = cachedValidators(ajv, cacheFolder, texts, (index) => compiled.get(texts[index]!) ?? ajv.compile(roots[index]!));
    texts.forEach((text, index) => compiled.set(text, checks[index]!));
  }
  return roots.map((root, index) => validatorOf(root, compiled.get(texts[index]!)!, cacheKey(texts[index]!)));
}

function validatorOf(root: JsonSchema, check: ValidateFunction, key: string): Validator {
  const fills = hasDefault(root);
  // ajv fills in defaults, so it is given a copy (when it has any to fill): the parsed value stays as the text says
  // (the parse cache keeps it).
  const run = (file: string, parsed: ParsedYaml, value: unknown, copied: boolean) => {
    const checked = copied ? copyValue(value ?? {}) : (value ?? {});
    if (check(checked)) return { value: checked, diagnostics: [] };
    const errors = (check.errors ?? []).map((e) => ({ ...e, parentSchema: schemaAt(root, e.schemaPath) }));
    return { value: checked, diagnostics: describeErrors(file, parsed, value, errors) };
  };
  return {
    validate: (file, parsed, value = parsed.data) => run(file, parsed, value, true),
    check: (file, parsed) => run(file, parsed, parsed.data, fills).diagnostics,
    key,
  };
}

/** Turns ajv's errors into one located diagnostic per real problem. */
function describeErrors(file: string, parsed: ParsedYaml, data: unknown, errors: ErrorObject[]): Diagnostic[] {
  // A union reports one error per branch plus its own; the editor needs one line.
  const unions = errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf');
  const kept = errors.filter((e) => !unions.some((u) => u !== e && e.schemaPath.startsWith(u.schemaPath + '/')));
  // A misspelt required field is one mistake, not two: an unknown key and a missing one in the
  // same map, when the names are close or they are the only two, become one "did you mean".
  const unknown = kept.filter((e) => e.keyword === 'additionalProperties');
  const missing = kept.filter((e) => e.keyword === 'required');
  const paired = new Map<ErrorObject, string>();
  const absorbed = new Set<ErrorObject>();
  for (const error of unknown) {
    const siblings = missing.filter((m) => m.instancePath === error.instancePath && !absorbed.has(m));
    const name = (error.params as { additionalProperty: string }).additionalProperty;
    const names = siblings.map((m) => (m.params as { missingProperty: string }).missingProperty);
    const onlyPair = siblings.length === 1 && unknown.filter((u) => u.instancePath === error.instancePath).length === 1;
    const guess = onlyPair ? names[0] : closest(name, names);
    if (guess === undefined) continue;
    paired.set(error, guess);
    absorbed.add(siblings[names.indexOf(guess)]!);
  }

  const out: Diagnostic[] = [];
  for (const error of kept) {
    if (absorbed.has(error)) continue;
    const path = pathOf(error.instancePath, data);
    const described = describe(error, paired.get(error), valueAt(data, path));
    if (!described) continue;
    const position = described.key !== undefined ? parsed.locateKey(path, described.key) : parsed.locate(path);
    const field = described.key ?? described.missing;
    out.push(diagnostic('schema', { file, ...position, path: formatPath(field !== undefined ? [...path, field] : path) }, described));
  }
  return out;
}

/** What ajv says of a failed keyword, by keyword: each reads the fields its own keyword sets. */
interface KeywordParams {
  additionalProperty: string;
  missingProperty: string;
  allowedValue: unknown;
  allowedValues: unknown[];
  format: string;
  pattern: string;
  type: string;
  limit: number;
  i: number;
  j: number;
}

/** `key`: the problem is an existing key (located at the key); `missing`: a key that is absent (located at its map). */
function describe(error: ErrorObject, pairedGuess?: string, value?: unknown): { message: string; hint?: string; key?: string; missing?: string } | null {
  const schema = (error.parentSchema ?? {}) as JsonSchema;
  const params = error.params as KeywordParams;
  switch (error.keyword) {
    case 'additionalProperties': {
      const known = Object.keys((schema.properties as object | undefined) ?? {});
      const guess = pairedGuess ?? closest(params.additionalProperty, known);
      return {
        key: params.additionalProperty,
        message: `unknown field "${params.additionalProperty}"`,
        hint: guess ? `did you mean "${guess}"?` : known.length ? `allowed fields: ${known.join(', ')}` : undefined,
      };
    }
    case 'required':
      return {
        missing: params.missingProperty,
        message: `missing required field "${params.missingProperty}"`,
        hint: describeExpected(((schema.properties as Record<string, JsonSchema> | undefined) ?? {})[params.missingProperty]),
      };
    case 'type':
      return { message: `must be ${article(String(params.type))}` };
    case 'enum':
      return { message: `must be one of: ${(params.allowedValues as unknown[]).map(quote).join(', ')}` };
    case 'const':
      return { message: `must be ${quote(params.allowedValue)}` };
    case 'anyOf':
    case 'oneOf': {
      const branches = (schema[error.keyword] as JsonSchema[]) ?? [];
      const literals = branches.filter((b) => 'const' in b).map((b) => b.const);
      if (literals.length === branches.length && literals.length > 0) return { message: `must be one of: ${literals.map(quote).join(', ')}` };
      return { message: 'does not match any of the allowed forms', hint: describeExpected(schema) };
    }
    case 'pattern':
    case 'format': {
      const expected = typeof schema.description === 'string' ? `expected ${schema.description}` : `expected to match ${params.pattern ?? params.format}`;
      // A slip that undone matches (a missing leading zero, a space at an end): say what to write.
      const repaired = typeof value === 'string' && typeof params.pattern === 'string' ? repairFor(value, params.pattern) : undefined;
      if (repaired !== undefined) return { message: `${quote(value)} does not have the expected form`, hint: `write ${quote(repaired)} (${expected})` };
      return { message: `does not have the expected form`, hint: expected };
    }
    case 'minLength':
      return params.limit === 1
        ? { message: 'must not be empty' }
        : { message: `is ${lengthOf(value)} characters long; it must be at least ${params.limit}`, hint: `add ${params.limit - lengthOf(value)} or more` };
    case 'maxLength':
      return {
        message: `is ${lengthOf(value)} characters long; it must be at most ${params.limit}`,
        hint: `shorten it by ${lengthOf(value) - params.limit} or more`,
      };
    case 'minItems':
      return { message: `must have at least ${params.limit} item${params.limit === 1 ? '' : 's'}` };
    case 'maxItems':
      return { message: `must have at most ${params.limit} item${params.limit === 1 ? '' : 's'}` };
    case 'uniqueItems':
      return { message: `must not repeat an item (items ${params.j} and ${params.i} are the same)` };
    default:
      return { message: error.message ?? `fails ${error.keyword}` };
  }
}

function describeExpected(schema: JsonSchema | undefined): string | undefined {
  if (!schema) return undefined;
  if (typeof schema.description === 'string') return `expected ${schema.description}`;
  if (typeof schema.type === 'string') return `expected ${article(schema.type)}`;
  return undefined;
}

/** The schema holding the keyword at `#/properties/links/items/pattern`, i.e. the one at `#/properties/links/items`. */
function schemaAt(root: JsonSchema, schemaPath: string): JsonSchema {
  let node: unknown = root;
  for (const raw of schemaPath.replace(/^#\/?/, '').split('/').slice(0, -1)) {
    if (!raw) continue;
    node = (node as Record<string, unknown> | undefined)?.[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return (node && typeof node === 'object' ? node : {}) as JsonSchema;
}

/** `/services/2/href` → `['services', 2, 'href']`, numbers only where the data has an array. */
function pathOf(pointer: string, data: unknown): (string | number)[] {
  if (!pointer) return [];
  const out: (string | number)[] = [];
  let node: unknown = data;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const segment = Array.isArray(node) && /^\d+$/.test(key) ? Number(key) : key;
    out.push(segment);
    node = (node as Record<string | number, unknown> | null | undefined)?.[segment];
  }
  return out;
}

/** `['services', 2, 'href']` → `services[2].href`. */
export function formatPath(path: FieldPath): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(segment)) out += out ? `.${segment}` : segment;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

function article(type: string): string {
  const names: Record<string, string> = {
    string: 'text',
    number: 'a number',
    integer: 'a whole number',
    boolean: 'true or false',
    array: 'a list',
    object: 'a map of fields',
    null: 'empty',
  };
  return type
    .split(',')
    .map((t) => names[t] ?? t)
    .join(' or ');
}

function quote(value: unknown): string {
  return JSON.stringify(value);
}

/** The known name nearest to a typo, if it is near enough to be a likely slip. */
function closest(name: string, known: string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return bestDistance <= Math.max(1, Math.floor(name.length / 3)) ? best : undefined;
}

/** Edits between two names, a swap of neighbouring letters counting as one (the commonest slip). */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** The value at a field path of the data, for messages that quote its size. */
function valueAt(data: unknown, path: readonly (string | number)[]): unknown {
  let node: unknown = data;
  for (const segment of path) node = (node as Record<string | number, unknown> | undefined)?.[segment];
  return node;
}

/** Characters as a reader counts them (an emoji or an accented letter is one). */
function lengthOf(value: unknown): number {
  return typeof value === 'string' ? [...value].length : 0;
}

/** Whether `schema` gives a default anywhere in it (a property named `default` among a schema's properties is no default). */
function hasDefault(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(hasDefault);
  if (schema === null || typeof schema !== 'object') return false;
  return Object.entries(schema).some(([key, member]) => key === 'default' || hasDefault(key === 'properties' ? Object.values(member ?? {}) : member));
}

/**
 * A deep copy of a value read from YAML (maps, lists, strings, numbers, booleans, null), as
 * structuredClone makes it but several times faster: at 10,000 pages the copies took half a second.
 * Own keys stay own keys, `__proto__` too.
 */
export function copyValue(value: unknown): unknown {
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = copyValue(value[i]);
    return out;
  }
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const member = copyValue((value as Record<string, unknown>)[key]);
    if (key === '__proto__') Object.defineProperty(out, key, { value: member, enumerable: true, writable: true, configurable: true });
    else out[key] = member;
  }
  return out;
}
