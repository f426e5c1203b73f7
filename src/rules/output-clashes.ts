// Two sources must not write one output file: a static file named like a
// page's HTML or a generated file would silently lose one of them.
import { diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';

export interface PlannedOutput {
  /** Path inside dist/. */
  path: string;
  /** The content file or generator producing it, for the message. */
  from: string;
}

export function outputClashes(outputs: readonly PlannedOutput[]): Diagnostic[] {
  const byPath = new Map<string, string>();
  const out: Diagnostic[] = [];
  // A file and a folder of the same name cannot both exist either.
  const folders = new Set(
    outputs.flatMap((o) =>
      o.path
        .split('/')
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
    ),
  );
  for (const { path, from } of outputs) {
    const first = byPath.get(path);
    if (first !== undefined) {
      out.push(diagnostic('output-clash', { file: from, line: 1, column: 1 }, { path, first }));
    } else if (folders.has(path)) {
      out.push(diagnostic('output-clash', { file: from, line: 1, column: 1 }, { path }));
    }
    byPath.set(path, first ?? from);
  }
  return out;
}
