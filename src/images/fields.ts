// Which values of a page are images: the fields whose schema says
// `contentMediaType: 'image/…'` (a standard JSON Schema annotation, so the
// theme marks a field with no keyword of the engine's own). Pure.
import type { TSchema } from '@sinclair/typebox';
import type { FieldPath } from '../validate/yaml.ts';
import { perObject } from '../memo.ts';

/** The image paths in `value`, found along `schema`, each with where it is. */
export function imageFields(schema: TSchema, value: unknown, path: FieldPath = []): { path: FieldPath; value: string }[] {
  const found = new Map<string, { path: FieldPath; value: string }>();
  walk(schema, value, [...path], found);
  return [...found.values()];
}

/** `path` is one array the walk changes as it goes (fewer arrays for the collector at 10,000 pages); a found field keeps a copy. */
function walk(schema: TSchema | undefined, value: unknown, path: (string | number)[], found: Map<string, { path: FieldPath; value: string }>): void {
  if (!schema || value === undefined || value === null || !holdsImages(schema)) return;
  if (typeof schema.contentMediaType === 'string' && schema.contentMediaType.startsWith('image/') && typeof value === 'string') {
    found.set(JSON.stringify(path), { path: [...path], value });
    return;
  }
  // A value that matches one of several shapes is looked at along each of them; the same field is listed once.
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const options = schema[key] as TSchema[] | undefined;
    if (Array.isArray(options)) for (const option of options) walk(option, value, path, found);
  }
  if (Array.isArray(value)) {
    const items = schema.items as TSchema | undefined;
    value.forEach((item, i) => {
      path.push(i);
      walk(items, item, path, found);
      path.pop();
    });
    return;
  }
  if (typeof value === 'object') {
    const properties = (schema.properties ?? {}) as Record<string, TSchema>;
    for (const [key, sub] of Object.entries(properties)) {
      path.push(key);
      walk(sub, (value as Record<string, unknown>)[key], path, found);
      path.pop();
    }
  }
}

/**
 * Whether a value along `schema` can hold an image field anywhere: the walk leaves out the parts of a page that
 * cannot (most of its text), which at 10,000 pages took 150 ms to walk. Worked out once per schema object.
 */
const holdsImages = perObject((schema: TSchema): boolean => mayHold(schema, new Set()));

/** holdsImages, with the schemas being looked into: one met again inside itself (a cycle) is said to hold some. */
function mayHold(schema: TSchema, inside: Set<object>): boolean {
  if (typeof schema.contentMediaType === 'string' && schema.contentMediaType.startsWith('image/')) return true;
  if (inside.has(schema)) return true;
  inside.add(schema);
  const parts: unknown[] = [schema.items, ...Object.values((schema.properties ?? {}) as object)];
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) if (Array.isArray(schema[key])) parts.push(...(schema[key] as unknown[]));
  const found = parts.some((part) => part !== null && typeof part === 'object' && !Array.isArray(part) && mayHold(part as TSchema, inside));
  inside.delete(schema);
  return found;
}
