// Content that would exhaust the engine (aliases that multiply, an alias to nothing,
// thousands of nested quotes, a huge value) gets a located message like any other
// mistake: never a crash, and nothing is written.
import { afterEach, describe, expect, it } from 'vitest';
import { build } from 'trn-site/internal/build.ts';
import { ContentError } from 'trn-site/internal/contracts/diagnostics.ts';
import { copyFixture, type Project } from './helpers/fixture.ts';

let project: Project | undefined;
afterEach(async () => {
  await project?.remove();
  project = undefined;
});

/** Builds the fixture with one file replaced; returns the problems as [code, file, line, column]. */
async function problems(file: string, edit: (text: string) => string): Promise<(string | number)[][]> {
  project = await copyFixture();
  await project.write(file, edit(await project.read(file)));
  const error = await build({ root: project.root, write: false }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ContentError);
  return (error as ContentError).diagnostics.map((d) => [d.code, d.file, d.line, d.column]);
}

describe('content that would exhaust the engine', () => {
  it('an alias to no anchor is a located YAML problem', async () => {
    expect(await problems('pages/services.yaml', (t) => t.replace('heading: Services', 'heading: *missing'))).toEqual([
      ['yaml-syntax', 'pages/services.yaml', 5, 10],
    ]);
  });

  it('a billion laughs is a located YAML problem', async () => {
    const bomb = [
      'lol: &a [x, x, x, x, x, x, x, x, x]',
      ...['b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].map(
        (name, i, all) =>
          `${name}: &${name} [${Array(9)
            .fill(`*${i === 0 ? 'a' : all[i - 1]}`)
            .join(', ')}]`,
      ),
    ].join('\n');
    expect(await problems('pages/services.yaml', (t) => `${t}${bomb}\n`)).toEqual([['yaml-syntax', 'pages/services.yaml', 10, 8]]);
  });

  it('quotes nested two thousand deep in an article are refused at their line', async () => {
    expect(await problems('pages/blog/first-article.md', (t) => t.replace('- one', `${'>'.repeat(2000)} deep`))).toEqual([
      ['too-deep', 'pages/blog/first-article.md', 10, 1],
    ]);
  });

  it('lists nested two thousand deep in an article are refused at their line', async () => {
    expect(await problems('pages/blog/first-article.md', (t) => t.replace('- one', `${'- '.repeat(2000)}deep`))).toEqual([
      ['too-deep', 'pages/blog/first-article.md', 10, 1],
    ]);
  });

  it('a ten-megabyte value is refused at the file, before it is read whole', async () => {
    // The loader reads a page file only up to its limit (src/load/content-file.ts), so it refuses the file as too large to read.
    expect(await problems('pages/services.yaml', (t) => t.replace('heading: Services', `heading: ${'x'.repeat(10_000_000)}`))).toEqual([
      ['file-refused', 'pages/services.yaml', 1, 1],
    ]);
  });

  it('a long value under the file limit is a located length problem', async () => {
    const found = await problems('pages/services.yaml', (t) => t.replace('title: Services', `title: ${'x'.repeat(900_000)}`));
    expect(found.map(([, file, line]) => [file, line])).toEqual([['pages/services.yaml', 3]]);
  });

  it('NUL and text-direction controls are refused in text fields and articles at their line', async () => {
    expect(await problems('pages/services.yaml', (t) => t.replace('heading: Services', 'heading: "Call \\u202E0010-555-614"'))).toEqual([
      ['hidden-character', 'pages/services.yaml', 5, 10],
    ]);
    expect(await problems('pages/services.yaml', (t) => t.replace('heading: Services', 'heading: "Ser\\0vices"'))).toEqual([
      ['hidden-character', 'pages/services.yaml', 5, 10],
    ]);
    expect(await problems('pages/blog/first-article.md', (t) => t.replace('- two', '- two \u2066hidden\u2069'))).toEqual([
      ['hidden-character', 'pages/blog/first-article.md', 11, 7],
    ]);
  });

  it('a page file renamed so that it is not read is named with the reason, as a warning', async () => {
    project = await copyFixture();
    const text = await project.read('pages/services.yaml');
    for (const name of ['x.markdown', 'x.YAML', '_x.yaml', '.x.yaml', 'x.yaml.bak', '_drafts/y.yaml']) await project.write(`pages/${name}`, text);
    await project.write('pages/.DS_Store', 'junk');
    const result = await build({ root: project.root, write: false });
    expect(result.diagnostics.filter((d) => d.code === 'not-a-page').map((d) => [d.file, d.severity, d.message.split(':')[0]])).toEqual([
      ['pages/.x.yaml', 'warning', 'pages/.x.yaml is not read'],
      ['pages/_drafts/y.yaml', 'warning', 'pages/_drafts/y.yaml is not read'],
      ['pages/_x.yaml', 'warning', 'pages/_x.yaml is not read'],
      ['pages/x.YAML', 'warning', 'pages/x.YAML is not read'],
      ['pages/x.markdown', 'warning', 'pages/x.markdown is not a page'],
      ['pages/x.yaml.bak', 'warning', 'pages/x.yaml.bak is not a page'],
    ]);
  });
});
