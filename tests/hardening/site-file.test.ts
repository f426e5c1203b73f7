// site.yaml, which every page reads, mutated field by field through a WHOLE build (npm run
// test:hardening). Every field of the real site.yaml is given values of the wrong kind or deleted,
// and the text is broken where it stands (unclosed brackets and quotes, tabs, stray indicators,
// markers, cut short, lines repeated or shifted). Each mutant goes through the builder `site dev`
// uses, in process, on a copy of the project: validation, then, when site.yaml passes, the theme's
// share cards, rules, templates and extras. It must end in a build or in problems located in
// site.yaml at a line: never another exception (theme code run on a site that failed, say).
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { isMap, isScalar, isSeq, parseDocument } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuilder, type Builder } from 'trn-site/internal/build.ts';
import { ContentError, type Diagnostic } from 'trn-site/internal/contracts/diagnostics.ts';
import { copyProject, removeCopy } from '../helpers/project-copy.ts';
import { printFigures } from './figures.ts';
import { cleanBuild } from './clean-build.ts';

/** Mutants built; each takes from a few milliseconds (stopped at the gate) to about a second (every page rendered). */
const CASES = Number(process.env.SITE_FILE_CASES ?? 400);
/** Seconds the mutants may take in all: past them the rest are left out (and the count says so), so the suite's time stays bounded on a slow machine. */
const BUDGET_SECONDS = Number(process.env.SITE_FILE_SECONDS ?? 75);
/** A fresh seed each run finds new mutants; SITE_FILE_SEED repeats a run. */
const SEED = Number(process.env.SITE_FILE_SEED ?? Date.now() % 2 ** 31);

/** Values of every kind, for a field that holds another. */
const VALUES: unknown[] = [
  0,
  5,
  -1.5,
  Infinity,
  true,
  false,
  null,
  '',
  'text',
  'x'.repeat(5_000),
  'two\nlines',
  ' ',
  '/',
  'https://',
  [],
  ['a'],
  [1, 2],
  {},
  { a: 1 },
  { name: 'x' },
];
/** Text that breaks the YAML around where it is put. */
const BREAKS = [
  '[unclosed',
  '{',
  '"open',
  "'open",
  ': :',
  ': ',
  '\t',
  '&a ',
  '*nowhere',
  '!!binary ',
  '- ',
  '? ',
  '%',
  '@',
  '`',
  '|',
  '>',
  '#',
  ' #x',
  '---',
  '...',
  '\u0000',
  '\uFEFF',
  '\u000B',
  'key: [1, {',
  '{{phone}}',
  '  ',
  '\n',
  '\n  x',
];

type Path = (string | number)[];

/** Every path to a value in site.yaml, parents before children. */
function fieldPaths(text: string): Path[] {
  const paths: Path[] = [];
  const walk = (node: unknown, path: Path) => {
    if (isMap(node)) {
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? pair.key.value : undefined;
        if (typeof key !== 'string') continue;
        paths.push([...path, key]);
        walk(pair.value, [...path, key]);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => {
        paths.push([...path, i]);
        walk(item, [...path, i]);
      });
    }
  };
  walk(parseDocument(text).contents, []);
  return paths;
}

type Mutant = { what: string; text: string };

/** The generated mutations of `original`, whose field paths are `paths`. */
function mutants(original: string, paths: Path[]): fc.Arbitrary<Mutant> {
  const lines = original.split('\n');
  const field = fc.constantFrom(...paths);
  const withDoc = (change: (doc: ReturnType<typeof parseDocument>) => void) => {
    const doc = parseDocument(original);
    change(doc);
    return doc.toString();
  };
  return fc.oneof(
    // Wrong kinds, field by field (and a few fields at once).
    fc
      .tuple(field, fc.constantFrom(...VALUES))
      .map(([path, value]) => ({ what: `${path.join('.')} set to ${JSON.stringify(value)?.slice(0, 20)}`, text: withDoc((doc) => doc.setIn(path, value)) })),
    // Children before parents, so setting a parent does not take away the path to a child.
    fc.tuple(fc.uniqueArray(field, { minLength: 2, maxLength: 4 }), fc.constantFrom(...VALUES)).map(([chosen, value]) => ({
      what: `${chosen.length} fields set to ${JSON.stringify(value)?.slice(0, 20)}`,
      text: withDoc((doc) => [...chosen].sort((x, y) => y.length - x.length).forEach((path) => doc.setIn(path, value))),
    })),
    // Deleted keys and list items.
    field.map((path) => ({ what: `${path.join('.')} deleted`, text: withDoc((doc) => doc.deleteIn(path)) })),
    // Broken where it stands.
    fc
      .tuple(fc.nat(original.length), fc.constantFrom(...BREAKS))
      .map(([at, piece]) => ({ what: `${JSON.stringify(piece)} inserted at ${at}`, text: original.slice(0, at) + piece + original.slice(at) })),
    fc.tuple(fc.nat(lines.length - 1), fc.constantFrom(...BREAKS)).map(([at, piece]) => ({
      what: `line ${at + 1} ends in ${JSON.stringify(piece)}`,
      text: [...lines.slice(0, at), lines[at] + piece, ...lines.slice(at + 1)].join('\n'),
    })),
    fc.nat(original.length).map((at) => ({ what: `cut at ${at}`, text: original.slice(0, at) })),
    fc.tuple(fc.nat(lines.length - 1), fc.constantFrom('delete', 'repeat', 'indent', 'dedent', 'tab')).map(([at, how]) => {
      const line = lines[at]!;
      const changed = { delete: [], repeat: [line, line], indent: [` ${line}`], dedent: [line.replace(/^ /, '')], tab: [line.replace(/^ {2}/, '\t')] }[how];
      return { what: `line ${at + 1}: ${how}`, text: [...lines.slice(0, at), ...changed, ...lines.slice(at + 1)].join('\n') };
    }),
    fc.constantFrom('', '~', '[]', 'just text\n', '- a\n', '{}\n').map((text) => ({ what: `whole file ${JSON.stringify(text)}`, text })),
  );
}

let root: string;
let builder: Builder;
let original: string;

beforeAll(async () => {
  root = await copyProject('site-file');
  // Photos and share cards the project has drawn already, so the first build does not draw them again
  // (both are kept by their content: a mutant that changes a card still has it drawn).
  for (const made of ['images', 'cards']) {
    await cp(join('node_modules/.cache/site', made), join(root, 'node_modules/.cache/site', made), { recursive: true }).catch(() => {});
  }
  original = await readFile(join(root, 'site.yaml'), 'utf8');
  builder = createBuilder({ root, write: false, editorSchemas: false });
  // The real site first, clean: every later build reuses what the mutant did not change.
  await cleanBuild(builder);
}, 300_000);

afterAll(async () => {
  await removeCopy(root);
});

/** Errors that are not at a line of site.yaml. */
function unlocated(found: readonly Diagnostic[], lineCount: number): string[] {
  return found
    .filter((d) => d.severity === 'error' && !(d.file === 'site.yaml' && d.line >= 1 && d.line <= lineCount + 1))
    .map((d) => `${d.code} at ${d.file || '(no file)'}:${d.line}:${d.column}: ${d.message}`);
}

describe('site.yaml mutated field by field, through a whole build', () => {
  it(`ends every mutant in a build or in problems at a line of site.yaml (up to ${CASES} mutants in ${BUDGET_SECONDS} s)`, async () => {
    const cases = fc.sample(mutants(original, fieldPaths(original)), { numRuns: CASES, seed: SEED });
    const figures = { cases: 0, crashes: 0, unlocated: 0, slowest: { ms: 0, what: 'none' } };
    const outcomes = { built: 0, refused: 0 };
    const findings: string[] = [];
    const started = performance.now();
    for (const { what, text } of cases) {
      if (performance.now() - started > BUDGET_SECONDS * 1000) break;
      await writeFile(join(root, 'site.yaml'), text);
      const from = performance.now();
      let found: Diagnostic[];
      try {
        found = (await builder.build(['site.yaml'])).diagnostics;
        outcomes.built++;
      } catch (error) {
        if (error instanceof ContentError) {
          found = error.diagnostics;
          outcomes.refused++;
        } else {
          figures.crashes++;
          findings.push(`${what}: crashed: ${error instanceof Error ? error.stack?.split('\n').slice(0, 3).join(' ') : String(error)}`);
          found = [];
        }
      }
      figures.cases++;
      const ms = performance.now() - from;
      if (ms > figures.slowest.ms) figures.slowest = { ms, what };
      const lost = unlocated(found, text.split('\n').length);
      figures.unlocated += lost.length;
      // One line per mutant: a problem at every page is one finding, not a hundred.
      if (lost.length > 0) findings.push(`${what}: ${lost.length} problem(s) not at a line of site.yaml, such as ${lost[0]}`);
    }
    await writeFile(join(root, 'site.yaml'), original);
    printFigures('site.yaml', figures);
    const left = cases.length - figures.cases;
    console.log(
      `hardening site.yaml: seed ${SEED}, ${outcomes.built} built, ${outcomes.refused} refused with problems, ${((performance.now() - started) / 1000).toFixed(1)} s in all${left ? `; ${left} left out past the ${BUDGET_SECONDS} s budget` : ''}`,
    );
    expect(findings.slice(0, 30)).toEqual([]);
    // The mutants must reach both ends: some build (the theme's code runs on them), some are refused.
    expect(outcomes.built).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
  }, 600_000);
});
