// Every writer of a file in dist/ under many generated inputs (npm run test:hardening):
// the properties of tests/helpers/writer-properties.ts, each run far longer than beside
// the writers, counting what was written, what was refused and what the real
// parser read that the input did not describe (injected lines, which must be 0).
// Then one whole build of a copy of the project with a hostile redirect target and
// a post title holding a vertical tab: refused at each one's line, nothing written.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'trn-site/internal/build.ts';
import { ContentError } from 'trn-site/internal/contracts/diagnostics.ts';
import {
  addressInput,
  feedCase,
  feedInput,
  formActionCase,
  headersCase,
  headersInput,
  hostileText,
  jsonInput,
  jsonLdCase,
  manifestCase,
  manifestInput,
  policyCase,
  policyInput,
  redirectsCase,
  redirectsInput,
  robotsCase,
  sitemapCase,
  type Outcome,
} from '../helpers/writer-properties.ts';
import { copyProject, removeCopy } from '../helpers/project-copy.ts';
import { printFigures } from './figures.ts';

/** Cases per writer. */
const RUNS = Number(process.env.WRITER_RUNS ?? 2_000);

interface Tally {
  cases: number;
  written: number;
  injected: number;
}

/** Runs `check` on `RUNS` inputs, counting; the property fails on the first injected line, with the input shrunk. */
async function tally<T>(input: fc.Arbitrary<T>, check: (value: T) => Outcome | Promise<Outcome>): Promise<Tally> {
  const counts: Tally = { cases: 0, written: 0, injected: 0 };
  await fc.assert(
    fc.asyncProperty(input, async (value) => {
      const outcome = await check(value);
      counts.cases++;
      if (outcome.written) counts.written++;
      counts.injected += outcome.injected;
      return outcome.injected === 0;
    }),
    { numRuns: RUNS },
  );
  return counts;
}

const WRITERS: [name: string, run: () => Promise<Tally>][] = [
  ['_redirects', () => tally(redirectsInput, redirectsCase)],
  ['_headers', () => tally(headersInput, headersCase)],
  ['Content-Security-Policy', () => tally(policyInput, policyCase)],
  [
    'form service origin',
    () =>
      tally(
        fc.oneof(
          hostileText.map((t) => `https://${t}`),
          hostileText.map((t) => `https://formsubmit.co/${t}`),
        ),
        formActionCase,
      ),
  ],
  ['sitemap.xml', () => tally(fc.array(addressInput, { maxLength: 4 }), sitemapCase)],
  ['robots.txt', () => tally(addressInput, robotsCase)],
  ['feed', () => tally(feedInput, feedCase)],
  ['JSON-LD', () => tally(jsonInput, jsonLdCase)],
  ['web app manifest', () => tally(manifestInput, manifestCase)],
];

describe('writers under generated input', () => {
  const totals: Tally = { cases: 0, written: 0, injected: 0 };
  let slowest = { ms: 0, what: '' };

  for (const [name, run] of WRITERS) {
    it(`${name}: every input refused or read back as exactly what it described`, async () => {
      const started = performance.now();
      const counts = await run();
      const ms = performance.now() - started;
      if (ms / counts.cases > slowest.ms) slowest = { ms: ms / counts.cases, what: `a case of ${name}` };
      console.log(`  ${name}: ${counts.cases} cases, ${counts.written} written, ${counts.cases - counts.written} refused, ${counts.injected} injected`);
      totals.cases += counts.cases;
      totals.written += counts.written;
      totals.injected += counts.injected;
      expect(counts.injected).toBe(0);
      // A property that refuses everything proves nothing: most kinds of input must reach the file.
      expect(counts.written).toBeGreaterThan(counts.cases / 20);
    });
  }

  afterAll(() => {
    printFigures('writers', { cases: totals.cases, injected: totals.injected, slowest });
  });
});

describe('a whole build with a hostile redirect and a hidden character', () => {
  let root: string;
  const post = 'pages/blog/why-do-my-breakers-keep-tripping.md';

  beforeAll(async () => {
    root = await copyProject('writers');
    const redirects = await readFile(join(root, 'pages/_redirects.yaml'), 'utf8');
    await writeFile(
      join(root, 'pages/_redirects.yaml'),
      `${redirects.trimEnd()}\n  - from: /promo\n    to: "https://example.com/\\n/* https://elsewhere.example/:splat 200!\\n/x"\n`,
    );
    const text = await readFile(join(root, post), 'utf8');
    await writeFile(join(root, post), text.replace(/^title: "Why Do My Breakers/m, 'title: "Why Do My\\vBreakers'));
  });
  afterAll(() => removeCopy(root));

  it('refuses each at its line in its file, and writes nothing', async () => {
    const lines = (await readFile(join(root, 'pages/_redirects.yaml'), 'utf8')).split('\n');
    const toLine = lines.findIndex((line) => line.includes('elsewhere.example')) + 1;
    const titleLine = (await readFile(join(root, post), 'utf8')).split('\n').findIndex((line) => line.startsWith('title:')) + 1;
    const before = (await readdir(root)).sort();
    const failure = await build({ root, editorSchemas: false }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ContentError);
    const found = (failure as ContentError).diagnostics.map((d) => [d.code, d.file, d.line, d.column]);
    expect(found).toContainEqual(['redirect-character', 'pages/_redirects.yaml', toLine, 9]);
    expect(found).toContainEqual(['hidden-character', post, titleLine, 8]);
    expect(found.filter(([, file]) => file !== 'pages/_redirects.yaml' && file !== post)).toEqual([]);
    // No dist/, and no staging folder left beside it.
    expect((await readdir(root)).sort()).toEqual(before);
    expect(before).not.toContain('dist');
  });
});
