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
  const key = (text: string) => createHash('sha1').update(text).digest('hex');
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
