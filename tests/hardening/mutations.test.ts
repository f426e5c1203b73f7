// Mutated content never crashes the engine (npm run test:hardening). Every real
// page file and site.yaml is mutated as a careless or hostile editor might:
// lines deleted or repeated, values of the wrong type, cut short, tabs, broken
// Unicode, aliases to nothing and alias bombs, huge strings, deep nesting. Each
// mutant goes through validation and the rules over the content, in process,
// against the rest of the real site: no exception escapes, no case takes long,
// and every problem in the mutated file is located inside it. A sample is built
// for real on a copy of the project: a failing build leaves dist/ as it was.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { ContentError, type Diagnostic } from '../../src/contracts/diagnostics.ts';
import type { Theme } from '../../src/contracts/theme.ts';
import { load, type LoadedContent, type SourceFile } from '../../src/load/load.ts';
import { loadTheme } from '../../src/load/theme.ts';
import { checkData } from '../../src/rules/index.ts';
import { compileValidators, validate, type Validators } from '../../src/validate/validate.ts';
import { copyProject, removeCopy } from '../helpers/project-copy.ts';

/** Mutants per file: with site.yaml and every page, well over 10,000 in all. */
const RUNS_PER_FILE = Number(process.env.MUTANTS_PER_FILE ?? 100);
/** A mutant that takes longer than this to check is a finding, however it ends. */
const BOUNDED_MS = 2_000;
/** Every this-many-th mutant is also built for real, on a copy. */
const BUILD_EVERY = 600;

type Mutation = (text: string, at: number, pick: number) => string;

const lines = (text: string) => text.split('\n');
const atLine = (text: string, at: number, change: (line: string) => string[]) => {
  const all = lines(text);
  const index = at % all.length;
  return [...all.slice(0, index), ...change(all[index]!), ...all.slice(index + 1)].join('\n');
};
/** The value part of a `key: value` line, replaced. */
const valueOf = (replacement: string) => (line: string) => [/^(\s*-?\s*[\w.-]+:)/.test(line) ? line.replace(/^(\s*-?\s*[\w.-]+:).*$/, `$1 ${replacement}`) : `${line} ${replacement}`];
const WRONG_TYPES = ['[1, 2]', '{a: 1}', '12', 'true', 'null', '""', '~', '-1e999', '0x1F', '2025-02-30', "'\\u0000'", '!!binary aGk='];
const BAD_TEXT = ['\u0000', '\uD800', '\uFFFE', '\u202E', '\u2066', '\uFEFF', '\u00A0', '\r', '\t', '\u{1F600}', 'é', '\\'];

const MUTATIONS: [string, Mutation][] = [
  ['delete a line', (t, at) => atLine(t, at, () => [])],
  ['repeat a line', (t, at) => atLine(t, at, (line) => [line, line])],
  ['a value of another type', (t, at, pick) => atLine(t, at, valueOf(WRONG_TYPES[pick % WRONG_TYPES.length]!))],
  ['cut short', (t, at) => t.slice(0, at % (t.length + 1))],
  ['a tab for indentation', (t, at) => atLine(t, at, (line) => [line.replace(/^ {2}/, '\t')])],
  ['broken Unicode', (t, at, pick) => { const i = at % (t.length + 1); return t.slice(0, i) + BAD_TEXT[pick % BAD_TEXT.length] + t.slice(i); }],
  ['an alias to nothing', (t, at) => atLine(t, at, valueOf('*missing'))],
  ['an alias bomb', (t) => `${t}\nbomb0: &b0 [x, x, x, x, x, x, x, x, x, x]\n${Array.from({ length: 9 }, (_, i) => `bomb${i + 1}: &b${i + 1} [${Array(10).fill(`*b${i}`).join(', ')}]`).join('\n')}\n`],
  ['a huge string', (t, at, pick) => atLine(t, at, valueOf(`"${'x'.repeat(pick % 2 ? 200_000 : 2_000_000)}"`))],
  ['deep nesting', (t, at, pick) => atLine(t, at, valueOf(pick % 2 ? `${'['.repeat(5_000)}${']'.repeat(5_000)}` : `${'{a: '.repeat(2_000)}1${'}'.repeat(2_000)}`))],
  ['a block nested deep', (t) => `${t}\n${Array.from({ length: 400 }, (_, i) => `${'  '.repeat(i)}k${i}:`).join('\n')} end\n`],
  ['stray characters', (t, at, pick) => { const i = at % (t.length + 1); return t.slice(0, i) + [':', '- ', '{', '[', '"', "'", '#', '&', '*', '!', '|', '>', '%', '@', '`'][pick % 15] + t.slice(i); }],
];

let root: string;
let content: LoadedContent;
let theme: Theme;
let validators: Validators;
const slowest: { ms: number; file: string; mutation: string }[] = [];
let mutants = 0;
let builds = 0;

beforeAll(async () => {
  root = await copyProject('hardening');
  content = await load(root);
  theme = await loadTheme(root);
  validators = compileValidators(theme);
  // The real site first: every later check reuses the readings of the files it did not change.
  const clean = validate(content, theme, validators);
  expect(clean.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  await build({ root, editorSchemas: false });
}, 120_000);

afterAll(async () => {
  await removeCopy(root);
  slowest.sort((a, b) => b.ms - a.ms);
  console.log(`mutations: ${mutants} mutants checked in process, ${builds} built for real; slowest: ${slowest.slice(0, 3).map((s) => `${s.ms.toFixed(0)} ms (${s.mutation}, ${s.file})`).join('; ')}`);
});

async function tree(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files.set(join(entry.parentPath, entry.name), await readFile(join(entry.parentPath, entry.name), 'latin1'));
  }
  return files;
}

/** Where each problem about `file` is, and what is wrong with the place, if anything. */
function misplaced(found: Diagnostic[], file: string, text: string): string[] {
  const count = lines(text).length;
  return found
    .filter((d) => d.file === file && d.severity === 'error')
    .filter((d) => !(d.line >= 1 && d.line <= count + 1 && d.column >= 0))
    .map((d) => `${d.code} at ${d.line}:${d.column} (${count} lines): ${d.message}`);
}

describe('mutated content', () => {
  it(`never crashes the engine, takes long, or leaves a problem unlocated (${RUNS_PER_FILE} mutants per file)`, async () => {
    const files: SourceFile[] = [...(content.site ? [content.site] : []), ...content.pages];
    if (!process.env.MUTANTS_PER_FILE) expect(files.length * RUNS_PER_FILE).toBeGreaterThanOrEqual(10_000);
    for (const source of files) {
      await fc.assert(
        fc.asyncProperty(fc.nat(MUTATIONS.length - 1), fc.nat(), fc.nat(), async (which, at, pick) => {
          const [name, mutate] = MUTATIONS[which]!;
          const text = mutate(source.text, at, pick);
          const mutated: SourceFile = { file: source.file, text };
          const replaced: LoadedContent = source === content.site
            ? { ...content, site: mutated }
            : { ...content, pages: content.pages.map((page) => (page === source ? mutated : page)) };
          const started = performance.now();
          const checked = validate(replaced, theme, validators);
          const found = [...checked.diagnostics, ...checkData(checked.model, checked.claimedRoutes, theme.pageRules?.bind(theme))];
          const ms = performance.now() - started;
          mutants++;
          slowest.push({ ms, file: source.file, mutation: name });
          if (slowest.length > 20) slowest.sort((a, b) => b.ms - a.ms).splice(10);
          expect(ms, `${name} in ${source.file}`).toBeLessThan(BOUNDED_MS);
          expect(misplaced(found, source.file, text), `${name} in ${source.file}`).toEqual([]);

          if (mutants % BUILD_EVERY === 0) {
            builds++;
            const before = await tree(join(root, 'dist'));
            await writeFile(join(root, source.file), text);
            try {
              const outcome = await build({ root, editorSchemas: false }).then(() => 'built', (error: unknown) => error);
              if (outcome !== 'built') {
                expect(outcome, `${name} in ${source.file}`).toBeInstanceOf(ContentError);
                expect(await tree(join(root, 'dist'))).toEqual(before);
              }
            } finally {
              await writeFile(join(root, source.file), source.text);
              await build({ root, editorSchemas: false });
            }
          }
        }),
        { numRuns: RUNS_PER_FILE, seed: 20261124, endOnFailure: true },
      );
    }
  }, 600_000);
});
