// Facts worked out once per object. A builder that runs again (the dev server's)
// keeps the objects of everything that did not change: the same file, the same
// page entry, the same rendered page. So a fact kept by object is worked out
// again only for what changed, and a one-off build pays one WeakMap lookup.

/** `fact` of an object, worked out the first time it is asked for that object. */
export function perObject<K extends object, T>(fact: (key: K) => T): (key: K) => T {
  const known = new WeakMap<K, T>();
  return (key) => {
    if (!known.has(key)) known.set(key, fact(key));
    return known.get(key)!;
  };
}
