// The edits the benches make, as an editor would: a real change of the same length to one page,
// to site.yaml's longest text, or to a template's source, each undone by the next of its kind.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { isMap, isScalar, isSeq, parseDocument, type Node } from 'yaml';
import { routeFromPath } from 'trn-site/internal/url.ts';

/** Edits the YAML file at `file` with `edit`, keeping its comments and layout. */
export async function editYaml(file: string, edit: (doc: ReturnType<typeof parseDocument>) => void): Promise<void> {
  const doc = parseDocument(await readFile(file, 'utf8'));
  edit(doc);
  await writeFile(file, doc.toString());
}

/**
 * A template's source edited: a numbered statement added at its end, in place of the last one added. A statement,
 * not a comment: the bundle keeps it, so the theme changes and its pages are rendered again (a comment is not in
 * the bundle, and a build whose theme did not change takes every page from the last).
 */
export function editedSource(text: string, n: number): string {
  return `${text.replace(/\n\(globalThis as Record<string, unknown>\)\.benchEdit = \d+;\n$/, '\n')}(globalThis as Record<string, unknown>).benchEdit = ${n};\n`;
}

/** Edits the source file at `file` as editedSource does. */
export async function editSource(file: string, n: number): Promise<void> {
  await writeFile(file, editedSource(await readFile(file, 'utf8'), n));
}

/** Swaps the case of the first letter of the text at `path`: a real change of the same length, valid wherever the text was. */
export function toggleFirstLetter(doc: ReturnType<typeof parseDocument>, path: (string | number)[]): void {
  const text = String(doc.getIn(path));
  const first = text.charAt(0);
  const swapped = first === first.toUpperCase() ? first.toLowerCase() : first.toUpperCase();
  doc.setIn(path, swapped + text.slice(1));
}

/** The path of the longest text with spaces in a YAML tree (a description, most likely). */
export function longestText(node: Node | null, path: (string | number)[]): (string | number)[] {
  let best: { path: (string | number)[]; length: number } = { path: [], length: 0 };
  const visit = (value: unknown, at: (string | number)[]) => {
    if (isScalar(value) && typeof value.value === 'string' && /^[A-Za-z]/.test(value.value) && value.value.includes(' ')) {
      if (value.value.length > best.length) best = { path: at, length: value.value.length };
    } else if (isMap(value)) {
      for (const pair of value.items) if (isScalar(pair.key)) visit(pair.value, [...at, String(pair.key.value)]);
    } else if (isSeq(value)) {
      value.items.forEach((item, index) => visit(item, [...at, index]));
    }
  };
  visit(node, path);
  return best.path;
}

export async function firstPageOf(root: string, template: string): Promise<{ file: string; route: string }> {
  const files = (await readdir(join(root, 'pages'), { recursive: true }))
    .map((f) => join(root, 'pages', f))
    .filter((f) => f.endsWith('.yaml'))
    .sort();
  for (const file of files) {
    if (!new RegExp(`^template: ${template}$`, 'm').test(await readFile(file, 'utf8'))) continue;
    return { file: relative(root, file), route: routeFromPath(relative(join(root, 'pages'), file))! };
  }
  throw new Error(`no page uses the ${template} template`);
}
