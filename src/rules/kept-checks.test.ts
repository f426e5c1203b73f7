// Kept page checks (kept-checks.ts): a build that takes the facts of unchanged pages from the last
// build reports exactly what a build that works every page out reports, after any sequence of edits,
// and a kept file that is not as written is thrown away whole, never half-used.
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { isMap, isScalar, isSeq, parseDocument } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../build.ts';
import { ContentError, sortDiagnostics, type Diagnostic } from '../contracts/diagnostics.ts';
import { keptChecksFile } from './kept-checks.ts';
import { cacheFolder } from '../node-module.js';
import { copyProject, removeCopy } from '../../tests/helpers/project-copy.ts';

let root: string;
let pageFiles: string[];
const originals = new Map<string, string>();

beforeAll(async () => {
  root = await copyProject('kept-checks');
  pageFiles = (await readdir(join(root, 'pages'), { recursive: true }))
    .filter((f) => /\.(ya?ml|md)$/.test(f) && !f.startsWith('_'))
    .map((f) => `pages/${f}`)
    .sort();
  for (const file of pageFiles) originals.set(file, await readFile(join(root, file), 'utf8'));
}, 60_000);
afterAll(() => removeCopy(root));

/** Every problem a build reports, sorted: those it stopped on, or those it built with. */
async function problems(engine: string | undefined): Promise<Diagnostic[]> {
  try {
    const result = await build({ root, write: false, editorSchemas: false, threads: 1, ...(engine ? { engine } : {}) });
    return sortDiagnostics(result.diagnostics);
  } catch (error) {
    if (error instanceof ContentError) return sortDiagnostics(error.diagnostics);
    throw error;
  }
}

// What an edit writes: each is a problem one of the page rules finds (or the site-wide link rule, whose links come
// from the kept facts), or nothing wrong at all.
const IN_DATA = ['Zero\u200Bwidth', 'see [our prices](/prices)', 'Call {Nobody} today', 'TODO: write this', '/no-such-page', 'Plain words'];
const IN_BODY = [
  '<script>alert(1)</script>',
  '> > > > > > > > > > > > > > > > > > > > > > > > > > > > > > > > > > > > > > > > deep',
  'A [link](/no-such-page) to nowhere',
  '![](/images/no-such-photo.jpg)',
  'Ask {Nobody}',
  'Zero\u200Bwidth',
  'TODO: finish',
  'Plain words',
];

/** The paths of the text values of a YAML tree. */
function textPaths(node: unknown, path: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (isScalar(node) && typeof node.value === 'string') out.push(path);
  else if (isMap(node)) {
    for (const pair of node.items) if (isScalar(pair.key)) textPaths(pair.value, [...path, String(pair.key.value)], out);
  } else if (isSeq(node)) node.items.forEach((item, i) => textPaths(item, [...path, i], out));
  return out;
}

type Edit = { name: string; apply: () => Promise<void> };

const edit = fc.oneof(
  fc.tuple(fc.nat(), fc.nat(), fc.constantFrom(...IN_DATA)).map(([page, field, text]): Edit => ({
    name: `data: ${text}`,
    apply: async () => {
      const file = pageFiles.filter((f) => !f.endsWith('.md'))[page % pageFiles.filter((f) => !f.endsWith('.md')).length]!;
      const doc = parseDocument(await readFile(join(root, file), 'utf8').catch(() => originals.get(file)!));
      const paths = textPaths(doc.contents).filter((p) => p[0] !== 'template');
      if (paths.length === 0) return;
      doc.setIn(paths[field % paths.length]!, text);
      await writeFile(join(root, file), doc.toString());
    },
  })),
  fc.tuple(fc.nat(), fc.constantFrom(...IN_BODY)).map(([page, text]): Edit => ({
    name: `body: ${text.slice(0, 20)}`,
    apply: async () => {
      const posts = pageFiles.filter((f) => f.endsWith('.md'));
      const file = posts[page % posts.length]!;
      const now = await readFile(join(root, file), 'utf8').catch(() => originals.get(file)!);
      await writeFile(join(root, file), `${now.trimEnd()}\n\n${text}\n`);
    },
  })),
  fc.nat().map((page): Edit => ({
    name: 'a page as it was',
    apply: () => writeFile(join(root, pageFiles[page % pageFiles.length]!), originals.get(pageFiles[page % pageFiles.length]!)!),
  })),
  fc.nat().map((page): Edit => ({
    name: 'a page deleted',
    apply: () => rm(join(root, pageFiles[page % pageFiles.length]!), { force: true }),
  })),
  // The same text in a file of another name: its facts name the other file.
  fc.nat().map((page): Edit => ({
    name: 'a page renamed',
    apply: async () => {
      const file = pageFiles[page % pageFiles.length]!;
      const moved = file.replace(/\.(ya?ml|md)$/, '-moved.$1');
      await rename(join(root, file), join(root, moved)).catch(() => undefined);
    },
  })),
);

/** Puts every page file back as it was, and removes renamed ones. */
async function restore(): Promise<void> {
  for (const file of (await readdir(join(root, 'pages'), { recursive: true })).filter((f) => f.includes('-moved.'))) await rm(join(root, 'pages', file));
  for (const [file, text] of originals) await writeFile(join(root, file), text);
}

describe('kept page checks', () => {
  it('report what a build that works every page out reports, after each edit of generated sequences', { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          edit.map((e) => Object.assign(e, { [fc.toStringMethod]: () => e.name })),
          { minLength: 1, maxLength: 3 },
        ),
        async (edits) => {
          await restore();
          await problems('kept-checks-test');
          for (const e of edits) {
            await e.apply();
            const warm = await problems('kept-checks-test');
            expect(warm, e.name).toEqual(await problems(undefined));
          }
        },
      ),
      { numRuns: 10 },
    );
  });

  it('throws a kept file away whole when any of its values is of another kind, or it is cut short', { timeout: 300_000 }, async () => {
    await restore();
    // Problems in pages, so that kept facts hold problems to spoil.
    await writeFile(join(root, 'pages/about.yaml'), originals.get('pages/about.yaml')!.replace(/^title: /m, 'title: TODO: '));
    const cold = await problems(undefined);
    await problems('kept-checks-test');
    const file = keptChecksFile(cacheFolder(root), root);
    const written = await readFile(file, 'utf8');
    const kinds = [
      fc.string(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.integer(), { maxLength: 2 }),
      fc.dictionary(fc.string(), fc.integer(), { maxKeys: 2 }),
    ];
    const kindOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.oneof(...kinds), fc.nat(), fc.boolean(), async (pick, value, cut, cutShort) => {
        let spoiled: string;
        if (cutShort) spoiled = written.slice(0, cut % written.length);
        else {
          // One value somewhere in the file, of another kind than it was.
          const kept = JSON.parse(written) as unknown;
          const places: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = [];
          const visit = (node: unknown) => {
            if (node === null || typeof node !== 'object') return;
            for (const [key, item] of Object.entries(node)) {
              places.push({ parent: node as Record<string, unknown>, key: Array.isArray(node) ? Number(key) : key });
              visit(item);
            }
          };
          visit(kept);
          const place = places[pick % places.length]!;
          const before = (place.parent as Record<string | number, unknown>)[place.key];
          if (kindOf(before) === kindOf(value)) return;
          (place.parent as Record<string | number, unknown>)[place.key] = value;
          spoiled = JSON.stringify(kept);
        }
        await writeFile(file, spoiled);
        expect(await problems('kept-checks-test')).toEqual(cold);
      }),
      { numRuns: 40 },
    );
    expect(relative(root, file)).toMatch(/^node_modules\/\.cache\/site\/checks-/);
  });
});
