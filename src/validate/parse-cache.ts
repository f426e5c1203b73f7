// The parse cache in memory: values by the SHA-1 of their text. load reads it
// from disk and write saves it; only entries used by this run are kept.
import { createHash } from 'node:crypto';
import type { ParseCache } from './yaml.ts';

export interface ParseCacheStore extends ParseCache {
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
    if (k === undefined) keys.set(text, (k = createHash('sha1').update(text).digest('hex')));
    return k;
  };
  return {
    get(text) {
      const k = key(text);
      if (Object.hasOwn(entries, k)) used[k] = entries[k];
      return used[k];
    },
    set(text, data) {
      used[key(text)] = data;
      added = true;
    },
    changes() {
      return added || Object.keys(used).length !== Object.keys(entries).length ? used : null;
    },
  };
}
