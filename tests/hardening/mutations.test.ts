// Mutated content never crashes the engine (npm run test:hardening). Every real
// page file and site.yaml, and a draft post and a post with a table added to the
// copy, are mutated as a careless or hostile editor might: lines deleted or
// repeated, values of the wrong type, cut short, tabs, hidden and forbidden
// characters, line breaks inside values, lines ending in a document marker,
// aliases to nothing and alias bombs, huge strings, deep nesting. Each mutant
// goes through a WHOLE build (validation, the theme's share cards and page rules,
// every template, the extras and the rules over the output), in process, with
// the builder `site dev` uses, on a copy of the project. Each must end in a
// build or in located problems: no other exception, no case that takes long, no
// problem without a line inside its file, and a draft that stays a draft. A
// sample is also built for real into dist/: a failing build leaves it as it was.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, createBuilder, type Builder, type BuildResult } from 'trn-site/internal/build.ts';
import { ContentError, type Diagnostic } from 'trn-site/internal/contracts/diagnostics.ts';
import { load } from 'trn-site/internal/load/load.ts';
import { copyProject, removeCopy } from '../helpers/project-copy.ts';
import { printFigures } from './figures.ts';
import { cleanBuild } from './clean-build.ts';

/**
 * Mutants per page file; site.yaml, which every page reads, gets SITE_RUNS. Each is a whole build, and a
 * mutant of a page that other pages list renders those pages again (twice: without it, then with it), so
 * a few per file keep the suite to a few minutes; MUTANTS_PER_FILE=50 runs a long search.
 */
const RUNS_PER_FILE = Number(process.env.MUTANTS_PER_FILE ?? 3);
const SITE_RUNS = Number(process.env.MUTANTS_OF_SITE ?? 20);
/**
 * A case whose whole build takes longer than this is a finding, however it ends: a stall, such as
 * the quadratic reads that took 19 to 31 s. Not a speed target: a change every page shows (the
 * business's name) draws every share card again, about 5 s when the other checks share the machine.
 */
const BOUNDED_MS = 20_000;
/** Every this-many-th mutant is also built for real, into dist/, by a build of its own. */
const BUILD_EVERY = 100;

type Mutation = (text: string, at: number, pick: number) => string;

const lines = (text: string) => text.split('\n');
const atLine = (text: string, at: number, change: (line: string) => string[]) => {
  const all = lines(text);
  const index = at % all.length;
  return [...all.slice(0, index), ...change(all[index]!), ...all.slice(index + 1)].join('\n');
};
const atOffset = (text: string, at: number, insert: string) => {
  const i = at % (text.length + 1);
  return text.slice(0, i) + insert + text.slice(i);
};
/** The value part of a `key: value` line, replaced. */
const valueOf = (replacement: string) => (line: string) => [
  /^(\s*-?\s*[\w.-]+:)/.test(line) ? line.replace(/^(\s*-?\s*[\w.-]+:).*$/, `$1 ${replacement}`) : `${line} ${replacement}`,
];
const pickOf = <T>(list: readonly T[], pick: number): T => list[pick % list.length]!;

const WRONG_TYPES = [
  '[1, 2]',
  '{a: 1}',
  '12',
  '5',
  'true',
  'null',
  '""',
  '~',
  '1e999',
  '-.inf',
  '.nan',
  '0x1F',
  '0o17',
  '2025-02-30',
  "'\\u0000'",
  '!!binary aGk=',
  '[unclosed',
  '{unclosed',
  '"unclosed',
  'a: b: c',
];
// Characters an editor pastes without seeing them, and characters XML, direction or byte order make trouble with.
const BAD_TEXT = [
  '\u0000',
  '\u000B',
  '\u0007',
  '\u001B',
  '\uD800',
  '\uDC00',
  '\uFFFE',
  '\uFFFF',
  '\u202E',
  '\u202A',
  '\u2066',
  '\u200F',
  '\u200E',
  '\u061C',
  '\u200B',
  '\u2060',
  '\uFEFF',
  '\u00A0',
  '\r',
  '\t',
  '\u0085',
  '\u2028',
  '\u{1F600}',
  'é',
  '\\',
  '“',
  '”',
];
// Values that would be a line, a field or an element of a written file if a writer pasted them in.
const BREAKOUTS = [
  String.raw`"https://example.com/\n/* https://elsewhere.example/:splat 200!\n/x"`,
  String.raw`"/about\n/* /evil 200!"`,
  String.raw`"a\r\nSet-Cookie: x=1"`,
  '"</script><script>alert(1)</script>"',
  '"]]></title><item><title>x</title></item><![CDATA["',
  '"<loc>https://elsewhere.example/</loc>"',
  '"{\\"@type\\": \\"x\\"}"',
  '"/x #comment"',
  '"/a /b 200!"',
  '"javascript:alert(1)"',
  '"tel:+1905555019"',
  '"+11234567890"',
];
const STRAY = [':', '- ', '{', '[', '"', "'", '#', '&', '*', '!', '|', '>', '%', '@', '`', '---', '...', '<', '&amp;', '{phone}', '{nowhere}', '**', '](', '|'];

const MUTATIONS: [string, Mutation][] = [
  ['delete a line', (t, at) => atLine(t, at, () => [])],
  ['repeat a line', (t, at) => atLine(t, at, (line) => [line, line])],
  [
    'swap two lines',
    (t, at, pick) => {
      const all = lines(t);
      const a = at % all.length;
      const b = pick % all.length;
      [all[a], all[b]] = [all[b]!, all[a]!];
      return all.join('\n');
    },
  ],
  ['a value of another type', (t, at, pick) => atLine(t, at, valueOf(pickOf(WRONG_TYPES, pick)))],
  ['a value that would break out of a written file', (t, at, pick) => atLine(t, at, valueOf(pickOf(BREAKOUTS, pick)))],
  ['cut short', (t, at) => t.slice(0, at % (t.length + 1))],
  ['a tab for indentation', (t, at) => atLine(t, at, (line) => [line.replace(/^ {2}/, '\t')])],
  ['indented one step off', (t, at, pick) => atLine(t, at, (line) => [pick % 2 ? ` ${line}` : line.replace(/^ /, '')])],
  ['a hidden or forbidden character', (t, at, pick) => atOffset(t, at, pickOf(BAD_TEXT, pick))],
  ['a line ending in a document marker', (t, at, pick) => atLine(t, at, (line) => [`${line}${pick % 2 ? ' ---' : ' ...'}`])],
  ['a document marker of its own', (t, at, pick) => atLine(t, at, (line) => [line, pick % 2 ? '---' : '...'])],
  ['an alias to nothing', (t, at) => atLine(t, at, valueOf('*missing'))],
  [
    'an alias bomb',
    (t) =>
      `${t}\nbomb0: &b0 [x, x, x, x, x, x, x, x, x, x]\n${Array.from({ length: 9 }, (_, i) => `bomb${i + 1}: &b${i + 1} [${Array(10).fill(`*b${i}`).join(', ')}]`).join('\n')}\n`,
  ],
  ['a huge string', (t, at, pick) => atLine(t, at, valueOf(`"${'x'.repeat(pick % 2 ? 200_000 : 2_000_000)}"`))],
  [
    'deep nesting',
    (t, at, pick) => atLine(t, at, valueOf(pick % 2 ? `${'['.repeat(5_000)}${']'.repeat(5_000)}` : `${'{a: '.repeat(2_000)}1${'}'.repeat(2_000)}`)),
  ],
  ['a block nested deep', (t) => `${t}\n${Array.from({ length: 400 }, (_, i) => `${'  '.repeat(i)}k${i}:`).join('\n')} end\n`],
  ['stray characters', (t, at, pick) => atOffset(t, at, pickOf(STRAY, pick))],
];

// Pages added to the copy for corners the real site does not have (yet): a draft, whose mutants must never
// publish it unless they change its `draft:` line, and a post whose table cells hold links and HTML.
const DRAFT_FILE = 'pages/blog/hardening-draft.md';
const TABLE_FILE = 'pages/blog/hardening-table.md';

let root: string;
let builder: Builder;
let draftRoute: string;
const slowest: { ms: number; what: string } = { ms: 0, what: 'none' };
const findings: string[] = [];
const counts = { cases: 0, crashes: 0, unlocated: 0, builds: 0 };
/** Milliseconds spent on each kind of mutation, to see where the suite's time goes. */
const spent = new Map<string, { ms: number; cases: number }>();

/** A post of the real site, made into another post: its front matter with `extra` lines added, and `body`. */
async function derivedPost(name: string, extra: string, body: string): Promise<string> {
  const posts = (await readdir(join(root, 'pages/blog'))).filter((name) => name.endsWith('.md')).sort();
  const text = await readFile(join(root, 'pages/blog', posts[0]!), 'utf8');
  const front = /^---\n([\s\S]*?)\n---\n/
    .exec(text)![1]!
    // Titles and descriptions are unique across the site: these are made different.
    .replace(/^(title|seoTitle): "?(.*?)"?$/gm, (_, key: string, value: string) => `${key}: "${value.slice(0, 40)} (${name})"`)
    .replace(
      /^(metaDescription|excerpt): .*(\n {2}.*)*/gm,
      (_, key: string) => `${key}: A post added by the hardening suite to see what mutations of a ${name} do to the build.`,
    );
  return `---\n${front}\n${extra}\n---\n\n${body}\n`;
}

beforeAll(async () => {
  root = await copyProject('hardening');
  await writeFile(join(root, DRAFT_FILE), await derivedPost('draft', 'draft: true', 'A draft about [the panel](/about), not on the site yet.'));
  await writeFile(
    join(root, TABLE_FILE),
    await derivedPost(
      'table',
      '',
      [
        'What each job needs:',
        '',
        '| job | page | note |',
        '| --- | --- | --- |',
        '| panels | [about us](/about) | <em>often</em> |',
        '| wiring | [contact](/contact) | call {phone} |',
      ].join('\n'),
    ),
  );
  builder = createBuilder({ root, write: false, editorSchemas: false });
  // The real site with the two posts first: every later build reuses what the mutant did not change.
  const clean = await cleanBuild(builder);
  expect(clean.pages.some((page) => page.route.endsWith('/hardening-table'))).toBe(true);
  const drafts = await builder.build([DRAFT_FILE]);
  expect(drafts.pages.some((page) => page.route.endsWith('/hardening-draft'))).toBe(false);
  draftRoute = '/blog/hardening-draft';
  await build({ root, editorSchemas: false });
}, 300_000);

afterAll(async () => {
  await removeCopy(root);
  printFigures('mutations', { cases: counts.cases, crashes: counts.crashes, unlocated: counts.unlocated, slowest });
  console.log(
    `hardening mutations: ${counts.builds} of them also built for real into dist/; mean build by kind: ${[...spent]
      .sort((a, b) => b[1].ms - a[1].ms)
      .map(([kind, { ms, cases }]) => `${kind} ${(ms / cases).toFixed(0)} ms × ${cases}`)
      .join(', ')}`,
  );
});

async function tree(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files.set(join(entry.parentPath, entry.name), await readFile(join(entry.parentPath, entry.name), 'latin1'));
  }
  return files;
}

/** Errors that do not point at a line inside the file they name. */
function unlocated(found: readonly Diagnostic[], lineCounts: ReadonlyMap<string, number>): string[] {
  return found
    .filter((d) => d.severity === 'error')
    .filter((d) => {
      const count = d.file ? lineCounts.get(d.file) : undefined;
      return count === undefined || !(d.line >= 1 && d.line <= count + 1 && d.column >= 0);
    })
    .map((d) => `${d.code} at ${d.file || '(no file)'}:${d.line}:${d.column}: ${d.message}`);
}

/** Whether the mutant still says, on a line of its own, that the post is a draft. */
function stillDraft(text: string): boolean {
  const front = text.split('\n');
  const end = front.indexOf('---', 1);
  return front.slice(1, end).some((line) => /^draft: true\s*$/.test(line)) && front.slice(0, end).every((line) => !/^\s*\w+: [|>]/.test(line));
}

describe('mutated content, through a whole build', () => {
  it(`never crashes the engine, takes long, leaves a problem unlocated or publishes a draft (${RUNS_PER_FILE} mutants per page file, ${SITE_RUNS} of site.yaml)`, async () => {
    const content = await load(root);
    const sources = [...(content.site ? [content.site] : []), ...content.pages];
    const lineCounts = new Map(sources.map((s) => [s.file, lines(s.text).length]));
    if (!process.env.MUTANTS_PER_FILE) expect(sources.length * RUNS_PER_FILE + SITE_RUNS).toBeGreaterThanOrEqual(300);
    // The kinds of mutation take turns across the files, so a few mutants per file still try every kind
    // on every template; where in the file and which variant come from a seeded generator (MUTATION_SEED).
    const random = seeded(Number(process.env.MUTATION_SEED ?? 20261125));
    let turn = 0;
    for (const source of sources) {
      const isSite = source === content.site;
      const path = join(root, source.file);
      for (let run = 0; run < (isSite ? SITE_RUNS : RUNS_PER_FILE); run++) {
        await (async (which: number, at: number, pick: number) => {
          const [name, mutate] = MUTATIONS[which]!;
          const text = mutate(source.text, at, pick);
          const what = `${name} in ${source.file}`;
          await writeFile(path, text);
          const counted = new Map(lineCounts).set(source.file, lines(text).length);
          const started = performance.now();
          let outcome: BuildResult | ContentError;
          try {
            outcome = await builder.build([source.file]).catch((error: unknown) => {
              if (error instanceof ContentError) return error;
              throw error;
            });
          } catch (error) {
            counts.crashes++;
            findings.push(`${what}: crashed: ${error instanceof Error ? error.stack?.split('\n').slice(0, 3).join(' ') : String(error)}`);
            return;
          } finally {
            counts.cases++;
          }
          const ms = performance.now() - started;
          if (ms > slowest.ms) Object.assign(slowest, { ms, what });
          const kind = spent.get(isSite ? `${name} (site.yaml)` : name) ?? { ms: 0, cases: 0 };
          spent.set(isSite ? `${name} (site.yaml)` : name, { ms: kind.ms + ms, cases: kind.cases + 1 });
          if (ms > BOUNDED_MS) findings.push(`${what}: took ${ms.toFixed(0)} ms`);
          const found = outcome instanceof ContentError ? outcome.diagnostics : outcome.diagnostics;
          const lost = unlocated(found, counted);
          counts.unlocated += lost.length;
          findings.push(...lost.map((problem) => `${what}: ${problem}`));
          if (source.file === DRAFT_FILE && !(outcome instanceof ContentError) && stillDraft(text) && outcome.pages.some((page) => page.route === draftRoute)) {
            findings.push(`${what}: the draft was published`);
          }

          if (counts.cases % BUILD_EVERY === 0) {
            counts.builds++;
            const before = await tree(join(root, 'dist'));
            const real = await build({ root, editorSchemas: false }).then(
              () => 'built',
              (error: unknown) => error,
            );
            if (real !== 'built') {
              if (!(real instanceof ContentError)) findings.push(`${what}: the real build crashed: ${String(real)}`);
              else if (!isSameTree(await tree(join(root, 'dist')), before)) findings.push(`${what}: a failed build changed dist/`);
            }
          }
        })(turn++ % MUTATIONS.length, random(), random());
      }
      await writeFile(path, source.text);
      await builder.build([source.file]);
    }
    expect(findings.slice(0, 30)).toEqual([]);
  }, 900_000);
});

function isSameTree(a: Map<string, string>, b: Map<string, string>): boolean {
  if (a.size !== b.size) return false;
  for (const [path, contents] of a) if (b.get(path) !== contents) return false;
  return true;
}

/** A generator of whole numbers below 2^32 from `seed` (mulberry32): the same mutants on every run of one seed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}
