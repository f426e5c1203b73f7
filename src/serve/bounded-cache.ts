// A cache of byte buffers bounded by their total size: the least recently used
// go first when a new one would pass the bound. The preview server keeps file
// contents and their compressed copies in one each.

export interface BoundedCache<V> {
  /** The value under `key`, now the most recently used; undefined when there is none. */
  get(key: string): V | undefined;
  /** Keeps `value` under `key` (unless it alone is over the bound), evicting the least recently used. */
  set(key: string, value: V): void;
}

export function boundedCache<V>(limit: number, sizeOf: (value: V) => number): BoundedCache<V> {
  const entries = new Map<string, V>();
  let total = 0;
  return {
    get(key) {
      const value = entries.get(key);
      if (value === undefined) return undefined;
      // A Map iterates in insertion order: re-inserting makes it the most recent.
      entries.delete(key);
      entries.set(key, value);
      return value;
    },
    set(key, value) {
      const size = sizeOf(value);
      if (size > limit) return;
      const old = entries.get(key);
      if (old !== undefined) total -= sizeOf(old);
      entries.delete(key);
      entries.set(key, value);
      total += size;
      for (const [oldest, kept] of entries) {
        if (total <= limit) break;
        entries.delete(oldest);
        total -= sizeOf(kept);
      }
    },
  };
}
