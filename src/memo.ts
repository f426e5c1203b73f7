// Facts worked out once per object. A builder that runs again (the dev server's)
// keeps the objects of everything that did not change: the same file, the same
// page entry, the same rendered page. So a fact kept by object is worked out
// again only for what changed, and a one-off build pays one WeakMap lookup.

/** A fact per object: worked out the first time it is asked for, or given beforehand (`prime`). */
export interface PerObject<K extends object, T> {
  (key: K): T;
  /**
   * Gives the fact of `key` without working it out: what an earlier process worked out for the same input
   * (src/rules/kept-checks.ts). A fact already known stays.
   */
  prime(key: K, fact: T): void;
}

/** `fact` of an object, worked out the first time it is asked for that object. */
export function perObject<K extends object, T>(fact: (key: K) => T): PerObject<K, T> {
  const known = new WeakMap<K, T>();
  const memo = (key: K): T => {
    if (!known.has(key)) known.set(key, fact(key));
    return known.get(key)!;
  };
  memo.prime = (key: K, given: T) => {
    if (!known.has(key)) known.set(key, given);
  };
  return memo;
}
