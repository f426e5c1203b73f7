// The parse cache in memory: values by the SHA-1 of their text. load reads it
// from disk and write saves it; only entries used by this run are kept.
import type { ParseCache } from './yaml.ts';
import { cacheKey } from '../digest.ts';

export interface ParseCacheStore extends ParseCache {
  keyOf(text: string): string;
  byKey(key: string): unknown;
  /**
   * Whether a value may be filed under `key`: one is, or the part of the cache not read yet may hold it (which
   * asking byKey would read).
   */
  holds(key: string): boolean;
  /** Marks the entries under `keys` used this run, for saving, without reading the part of the cache not read yet. */
  keep(keys: Iterable<string>): void;
  /** Whether the part of the cache read only when needed (see createParseCache) has been read: it always is when there is none. */
  whole(): boolean;
  /** Reads the part of the cache not read yet, if any. */
  readRest(): void;
  /** Entries seen this run, for saving; null when nothing changed since loading. Only once the cache is whole. */
  changes(): Record<string, unknown> | null;
  /** The entries this run added that the cache it was made with did not hold (a text parsed anew). */
  added(): Record<string, unknown>;
  /** The entries the cache holds now (all of them once whole). */
  entries(): Record<string, unknown>;
}

/**
 * A parse cache holding `entries`. With `rest`, those are only a part of it: `rest` gives the whole (`entries`
 * among it), and is called only when a value is asked for by key that the part does not hold. A text looked up by
 * itself is not worth reading the rest for: it is a text read anew, which is parsed in less time than 10,000 values
 * take to read (a build that reads many texts anew reads the whole cache from the start; see contentFor).
 */
export function createParseCache(entries: Record<string, unknown>, rest?: () => Record<string, unknown>): ParseCacheStore {
  let all = entries;
  let unread = rest;
  const used: Record<string, unknown> = {};
  const added: Record<string, unknown> = {};
  // A text is looked up again after it is parsed (a build sets its value, then validation gets it):
  // its hash is worked out once. A Map finds a string by V8's own hash of it, kept on the string.
  const keys = new Map<string, string>();
  const key = (text: string) => {
    let k = keys.get(text);
    if (k === undefined) keys.set(text, (k = cacheKey(text)));
    return k;
  };
  const found = (k: string) => {
    if (Object.hasOwn(all, k)) used[k] = all[k];
    return used[k];
  };
  const readRest = () => {
    if (!unread) return;
    const whole = unread();
    unread = undefined;
    all = whole;
  };
  return {
    get: (text) => found(key(text)),
    byKey(k) {
      if (unread && !Object.hasOwn(all, k) && !Object.hasOwn(used, k)) readRest();
      return found(k);
    },
    holds: (k) => unread !== undefined || Object.hasOwn(all, k) || Object.hasOwn(used, k),
    keep(list) {
      for (const k of list) found(k);
    },
    whole: () => unread === undefined,
    readRest,
    set(text, data) {
      // The cache is saved as JSON, which has no Infinity, NaN or -0 (`price: 1e999` would come back as
      // null in the next run): such a value is read again each run instead, so every run reads it alike.
      if (!jsonKeeps(data)) return;
      const k = key(text);
      used[k] = data;
      if (!Object.hasOwn(all, k)) added[k] = data;
    },
    keyOf: key,
    changes() {
      return Object.keys(added).length > 0 || Object.keys(used).length !== Object.keys(all).length ? used : null;
    },
    added: () => added,
    entries: () => all,
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
