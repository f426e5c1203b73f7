// The parse cache in memory: values by the SHA-1 of their text. load reads it
// from disk and write saves it; only entries used by this run are kept.
import type { ParseCache } from './yaml.ts';
import { cacheKey } from '../digest.ts';

export interface ParseCacheStore extends ParseCache {
  keyOf(text: string): string;
  byKey(key: string): unknown;
  /** Entries seen this run, for saving; null when nothing changed since loading. */
  changes(): Record<string, unknown> | null;
}

export function createParseCache(entries: Record<string, unknown>): ParseCacheStore {
  const used: Record<string, unknown> = {};
  let added = false;
  // A text is looked up again after it is parsed (a build sets its value, then validation gets it):
  // its hash is worked out once. A Map finds a string by V8's own hash of it, kept on the string.
  const keys = new Map<string, string>();
  const key = (text: string) => {
    let k = keys.get(text);
    if (k === undefined) keys.set(text, (k = cacheKey(text)));
    return k;
  };
  const byKey = (k: string) => {
    if (Object.hasOwn(entries, k)) used[k] = entries[k];
    return used[k];
  };
  return {
    get: (text) => byKey(key(text)),
    byKey,
    set(text, data) {
      // The cache is saved as JSON, which has no Infinity, NaN or -0 (`price: 1e999` would come back as
      // null in the next run): such a value is read again each run instead, so every run reads it alike.
      if (!jsonKeeps(data)) return;
      used[key(text)] = data;
      added = true;
    },
    keyOf: key,
    changes() {
      return added || Object.keys(used).length !== Object.keys(entries).length ? used : null;
    },
  };
}

/** Whether `value` comes back the same from JSON: plain text, finite numbers but -0, booleans, null, lists and maps of them. */
export function jsonKeeps(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0);
    case 'object':
      if (value === null) return true;
      if (Array.isArray(value)) return value.every(jsonKeeps);
      return Object.getPrototypeOf(value) === Object.prototype && Object.values(value).every(jsonKeeps);
    default:
      return false;
  }
}
