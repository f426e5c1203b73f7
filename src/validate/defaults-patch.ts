// What a schema adds to a page's value as it validates it: the defaults it fills in. The same text
// checked by the same schema gets the same additions, so a page file that stands as the last build
// read it (src/load/known-texts.ts) keeps them as a patch, and the next build puts them on a copy of
// the parsed value instead of running the schema's checks again (about 200 ms at 10,000 pages).
import { copyValue } from './json-schema.ts';

/** Each value added, at its path, in the order it was added. */
export type DefaultsPatch = readonly (readonly [path: readonly string[], value: unknown])[];

/**
 * The additions that make `checked` from `value`: keys `checked` has after all of `value`'s, at any depth. Undefined
 * when `checked` differs from `value` in any other way (a value changed or a key moved), which no patch may stand for.
 */
export function defaultsPatch(value: unknown, checked: unknown): DefaultsPatch | undefined {
  const patch: [string[], unknown][] = [];
  return additions(value, checked, [], patch) ? patch : undefined;
}

/**
 * `path`: the keys down to here, one list pushed and popped on the way (a copy is made only for an addition). Leaves
 * are compared where they stand: at 10,000 pages, a call and a list of keys for each made this walk 190 ms.
 */
function additions(value: unknown, checked: unknown, path: string[], patch: [string[], unknown][]): boolean {
  if (typeof checked !== 'object' || checked === null) return Object.is(value, checked);
  if (typeof value !== 'object' || value === null || Array.isArray(value) !== Array.isArray(checked)) return false;
  const checkedKeys = Object.keys(checked);
  let n = 0;
  // A value read from YAML has own keys only (no key of a prototype is enumerable): for…in lists them as Object.keys does.
  for (const key in value) {
    if (checkedKeys[n++] !== key) return false;
    const [item, checkedItem] = [member(value, key), member(checked, key)];
    if (typeof item !== 'object' || item === null) {
      if (!Object.is(item, checkedItem)) return false;
      continue;
    }
    path.push(key);
    const same = additions(item, checkedItem, path, patch);
    path.pop();
    if (!same) return false;
  }
  for (let i = n; i < checkedKeys.length; i++) patch.push([[...path, checkedKeys[i]!], copyValue(member(checked, checkedKeys[i]!))]);
  return true;
}

/** A copy of `value` with `patch` put on it, as validation made it; undefined when the patch does not fit the value. */
export function withDefaults(value: unknown, patch: DefaultsPatch): unknown {
  const out = copyValue(value);
  for (const [path, added] of patch) {
    let at: unknown = out;
    for (const key of path.slice(0, -1)) at = typeof at === 'object' && at !== null && Object.hasOwn(at, key) ? member(at, key) : undefined;
    const key = path.at(-1);
    if (typeof at !== 'object' || at === null || key === undefined || Object.hasOwn(at, key)) return undefined;
    // An own key, `__proto__` too, as the value read from YAML has them (see copyValue).
    Object.defineProperty(at, key, { value: copyValue(added), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** Whether `patch` is a patch as defaultsPatch makes one (a kept one is checked before it is used). */
export function isDefaultsPatch(patch: unknown): patch is DefaultsPatch {
  return (
    Array.isArray(patch) &&
    patch.every(
      (entry) =>
        Array.isArray(entry) &&
        entry.length === 2 &&
        Array.isArray(entry[0]) &&
        entry[0].length > 0 &&
        (entry[0] as unknown[]).every((key) => typeof key === 'string'),
    )
  );
}

function member(container: object, key: string): unknown {
  return (container as Record<string, unknown>)[key];
}
