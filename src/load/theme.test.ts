// loadTheme(): a theme entry in a temporary folder → its default export, or a ContentError with located diagnostics.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContentError, type Diagnostic } from '../contracts/diagnostics.ts';
import { loadTheme } from './theme.ts';
import { makeTempFolder, removeFolder, writeTree } from '../../tests/helpers/unit.ts';

let root: string;
beforeEach(async () => {
  root = await makeTempFolder();
  // The compiled theme is cached in node_modules/.cache when the project has node_modules: keep it inside the temporary folder.
  await mkdir(join(root, 'node_modules'));
});
afterEach(async () => {
  await removeFolder(root);
});

async function problems(): Promise<Diagnostic[]> {
  const error = await loadTheme(root).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ContentError);
  return (error as ContentError).diagnostics;
}

describe('loadTheme', () => {
  it('returns the default export of templates/index.ts with what it imports', async () => {
    await writeTree(root, {
      'templates/index.ts': "import { folder } from './articles.ts';\nexport default { article: { folder }, marker: 'tiny' };\n",
      'templates/articles.ts': "export const folder: string = 'news';\n",
    });
    expect(await loadTheme(root)).toEqual({ article: { folder: 'news' }, marker: 'tiny' });
  });

  it('takes templates/index.tsx when there is no index.ts', async () => {
    await writeTree(root, { 'templates/index.tsx': "export default { marker: 'tsx' };\n" });
    expect(await loadTheme(root)).toEqual({ marker: 'tsx' });
  });

  it('reports a missing theme entry', async () => {
    expect((await problems()).map((d) => [d.code, d.file, d.message])).toEqual([['missing-file', 'templates/index.ts', 'the theme is missing']]);
  });

  it('reports a theme that does not compile at its file, line and column', async () => {
    await writeTree(root, { 'templates/index.ts': 'const a = 1;\nexport default { a, };;\nconst = 2;\n' });
    expect((await problems()).map((d) => [d.code, d.file, d.line, d.column])).toEqual([['theme', 'templates/index.ts', 3, 7]]);
  });

  it('reports a theme without a default export', async () => {
    await writeTree(root, { 'templates/index.ts': 'export const theme = {};\n' });
    expect((await problems()).map((d) => [d.code, d.file, d.message, d.hint])).toEqual([
      ['theme', 'templates/index.ts', 'the theme has no default export', 'end the file with: export default defineTheme({ ... })'],
    ]);
  });
});

describe('loadTheme with packagesImported (the dev server, which loads the theme again on each template edit)', () => {
  /** A theme that imports a JavaScript package (with state of its own), a TypeScript one and a package's JSON file. */
  async function themeWithPackages(marker: string): Promise<void> {
    await writeTree(root, {
      'node_modules/js-package/package.json': JSON.stringify({ name: 'js-package', type: 'module', main: 'index.js' }),
      'node_modules/js-package/index.js': 'export const loaded = { times: 0 };\nloaded.times++;\n',
      'node_modules/ts-package/package.json': JSON.stringify({ name: 'ts-package', main: 'index.ts' }),
      'node_modules/ts-package/index.ts': 'export const typed: number = 2;\n',
      'node_modules/json-package/package.json': JSON.stringify({ name: 'json-package', version: '1.0.0' }),
      'node_modules/json-package/data.json': '{ "colour": "blue" }\n',
      'templates/index.ts': [
        "import { loaded } from 'js-package';",
        "import { typed } from 'ts-package';",
        "import data from 'json-package/data.json';",
        `export default { loaded, typed, colour: data.colour, marker: '${marker}' };`,
        '',
      ].join('\n'),
    });
  }

  it('imports a JavaScript package from node_modules once for every load, and bundles a TypeScript package and JSON', async () => {
    await themeWithPackages('first');
    const first = (await loadTheme(root, { packagesImported: true })) as unknown as { loaded: { times: number }; typed: number; colour: string };
    await themeWithPackages('second');
    const second = (await loadTheme(root, { packagesImported: true })) as unknown as typeof first & { marker: string };
    expect(second).toMatchObject({ typed: 2, colour: 'blue', marker: 'second' });
    // One module of the package for both themes: loaded once.
    expect(second.loaded).toBe(first.loaded);
    expect(first.loaded.times).toBe(1);
  });

  it('gives the theme the same values as a bundled load, whose packages are its own copies', async () => {
    await themeWithPackages('same');
    const imported = (await loadTheme(root, { packagesImported: true })) as unknown as { loaded: object };
    const bundled = (await loadTheme(root)) as unknown as { loaded: object };
    expect(bundled).toEqual(imported);
    expect(bundled.loaded).not.toBe(imported.loaded);
  });
});
