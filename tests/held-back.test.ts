// site dev keeps going past a mistake in one page's file (keepGoing): the page's tab shows its problems, and
// the page stands in the site as it last read, so the menus and lists of every other page do not change while
// it is being fixed. Mistakes of several kinds are generated in any page of the fixture; the other pages must
// keep their bytes, and fixing the mistake must give back the site as it was.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, createBuilder, type Builder, type BuildResult } from 'trn-site/internal/build.ts';
import { copyFixture, type Project } from './helpers/fixture.ts';

let project: Project;
let builder: Builder;
let first: BuildResult;
let pageFiles: string[];

/** A page whose last good reading the rules find something in. */
const RULED = 'pages/guides/wiring.yaml';

/** Options as site dev builds with (src/dev/dev.ts). */
const devLike = { write: false, drafts: true, keepGoing: true, editorSchemas: false } as const;

beforeAll(async () => {
  project = await copyFixture();
  // A copy of the nested page with a Markdown link in its heading: the rules find it (an error that holds back only
  // this page in site dev) while the file reads well.
  const nested = await project.read('pages/services/panels.yaml');
  const copy = nested
    .replace(/^title: .*$/m, 'title: A page of its own')
    .replace(/^description: .*$/m, 'description: A page of the fixture site whose heading holds a Markdown link, which the rules find.')
    .replace(/^heading: .*$/m, 'heading: Wiring, as [the panels](/services/panels) are');
  await project.write(RULED, copy);
  builder = createBuilder({ root: project.root, ...devLike });
  first = await builder.build();
  expect(first.diagnostics.map((d) => `${d.file} ${d.code}`)).toEqual([`${RULED} markdown-in-text`]);
  const entries = await readdir(join(project.root, 'pages'), { recursive: true });
  pageFiles = entries
    .map((entry) => `pages/${entry.split('\\').join('/')}`)
    .filter((file) => /\.(yaml|md)$/.test(file) && !file.endsWith('_redirects.yaml'))
    .sort();
});

afterAll(async () => {
  await project?.remove();
});

/** Each page's HTML, by output path. */
const pagesOf = (result: BuildResult) =>
  new Map(result.files.filter((f) => f.path.endsWith('.html')).map((f) => [f.path, Buffer.from(f.contents as string | Uint8Array).toString('latin1')]));

type Mistake = 'emptied' | 'unclosed' | 'unknown field' | 'unknown template';

/** The text of `file` with a mistake an editor makes while typing. */
function mistaken(file: string, text: string, mistake: Mistake): string {
  const markdown = file.endsWith('.md');
  switch (mistake) {
    case 'emptied':
      return '';
    case 'unclosed':
      return markdown ? text.replace(/^---\n/, '---\nbroken: [unclosed\n') : `${text}\nbroken: [unclosed\n`;
    case 'unknown field':
      return markdown ? text.replace(/^---\n/, '---\nnoSuchField: 1\n') : `${text}\nnoSuchField: 1\n`;
    case 'unknown template':
      return text.replace(/^template: .*$/m, 'template: no-such-template');
  }
}

describe('a page file with a mistake, in site dev', () => {
  it('stays in the site as it last read, every other page keeping its bytes, until it is fixed', { timeout: 120_000 }, async () => {
    const before = pagesOf(first);
    const mistakes = fc.constantFrom<Mistake>('emptied', 'unclosed', 'unknown field', 'unknown template');
    // One file or two at once, each saved with one mistake or two in a row (a second save while the first is held back).
    const broken = fc.uniqueArray(fc.tuple(fc.constantFrom(...pageFiles), fc.array(mistakes, { minLength: 1, maxLength: 2 })), {
      minLength: 1,
      maxLength: 2,
      selector: ([file]) => file,
    });
    await fc.assert(
      fc.asyncProperty(broken, async (cases) => {
        const files = cases.map(([file]) => file);
        const texts = await Promise.all(files.map((file) => project.read(file)));
        const named = JSON.stringify(cases);
        const own = (result: BuildResult) => result.diagnostics.filter((d) => files.includes(d.file));
        const others = (result: BuildResult) => result.diagnostics.filter((d) => !files.includes(d.file));
        try {
          for (const round of [0, 1]) {
            const saved = cases.filter(([, list]) => list[round] !== undefined);
            if (saved.length === 0) continue;
            for (const [file, list] of saved) await project.write(file, mistaken(file, texts[files.indexOf(file)]!, list[round]!));
            const held = await builder.build(saved.map(([file]) => file));
            for (const file of files)
              expect(
                held.diagnostics.some((d) => d.file === file && d.severity === 'error'),
                `${named}: ${file}`,
              ).toBe(true);
            expect(others(held), named).toEqual(others(first));
            // Their problems are those of the texts they hold, as a build with no memory of them finds them: nothing
            // the rules found in their last readings (placed in texts the files no longer hold).
            const fresh = await build({ root: project.root, ...devLike });
            expect(own(held), named).toEqual(own(fresh));
            expect(pagesOf(held), named).toEqual(before);
          }
        } finally {
          for (const [i, file] of files.entries()) await project.write(file, texts[i]!);
        }
        const fixed = await builder.build(files);
        expect(fixed.diagnostics, named).toEqual(first.diagnostics);
        expect(pagesOf(fixed), named).toEqual(before);
      }),
      // The page the rules find something in is always among the cases.
      {
        numRuns: 25,
        examples: [
          [[[RULED, ['unclosed']]]],
          [
            [
              [RULED, ['emptied', 'unknown field']],
              ['pages/index.yaml', ['unclosed']],
            ],
          ],
        ],
      },
    );
  });

  it('is not held back past a change of the theme, for which its last reading may not fit its template', async () => {
    const page = 'pages/services/panels.yaml';
    const text = await project.read(page);
    const template = await project.read('templates/index.tsx');
    await project.write(page, '');
    try {
      const held = await builder.build([page]);
      expect(held.pages.map((p) => p.route)).toContain('/services/panels');
      await project.write('templates/index.tsx', template.replace('<body>', "<body>{'a theme edited'}"));
      const edited = await builder.build(['templates/index.tsx']);
      expect(edited.pages.map((p) => p.route)).not.toContain('/services/panels');
      // Its own errors, beside those the rules find in the page made to have one.
      expect(edited.diagnostics.filter((d) => d.severity === 'error' && d.file !== RULED).map((d) => d.file)).toEqual([page]);
    } finally {
      await project.write(page, text);
      await project.write('templates/index.tsx', template);
      await builder.build([page, 'templates/index.tsx']);
    }
  });
});
