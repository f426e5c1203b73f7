// Reading one content file (parse, schema, resolve) depends only on the file
// and on what the reading was given. A rebuild keeps the file objects it did
// not read again (see reloadFiles), so their readings are kept too, with the
// problems they had: after one edit, one file is validated, not a hundred.
import type { Diagnostic } from '../contracts/diagnostics.ts';
import type { SourceFile } from '../load/load.ts';

const readings = new WeakMap<SourceFile, { given: readonly unknown[]; value: unknown; diagnostics: Diagnostic[] }>();

/**
 * `read(found)` for `source`, or its earlier result when `source` is the same
 * object and every value in `given` is the same as then. Its problems are added to `out` either way.
 */
export function readOnce<T>(source: SourceFile, given: readonly unknown[], out: Diagnostic[], read: (found: Diagnostic[]) => T): T {
  const before = readings.get(source);
  if (before && before.given.length === given.length && before.given.every((value, i) => value === given[i])) {
    out.push(...before.diagnostics);
    return before.value as T;
  }
  const found: Diagnostic[] = [];
  const value = read(found);
  readings.set(source, { given, value, diagnostics: found });
  out.push(...found);
  return value;
}
