// loadTheme(): a theme entry in a temporary folder → its default export, or a ContentError with located diagnostics.
import { mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContentError, type Diagnostic } from '../contracts/diagnostics.ts';
import { loadTheme, themeHash } from './theme.ts';
import type { Theme } from '../contracts/theme.ts';
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

describe('loadTheme: theme code that throws as it loads', () => {
  it('is one problem at the line of the theme that threw, whatever it throws and from whichever file (generated)', async () => {
    const throws = fc.constantFrom(
      ["throw new Error('no');", 'no'],
      ["JSON.parse('{');", "Expected property name or '}' in JSON at position 1"],
      ['(null as unknown as { a: number }).a;', "Cannot read properties of null (reading 'a')"],
      ["throw 'a string';", 'a string'],
      ["new RegExp('(');", 'Invalid regular expression: /(/: Unterminated group'],
    );
    await fc.assert(
      fc.asyncProperty(throws, fc.integer({ min: 0, max: 4 }), fc.boolean(), async ([statement, message], padding, inImported) => {
        const lines = [...Array.from({ length: padding }, (_, i) => `const pad${i} = ${i};`), statement];
        await writeTree(root, {
          'templates/index.ts': inImported
            ? "import { marker } from './lib/marker.ts';\nexport default { marker };\n"
            : `${lines.join('\n')}\nexport default {};\n`,
          'templates/lib/marker.ts': `${lines.join('\n')}\nexport const marker = 1;\n`,
        });
        const found = (await problems()).map((d) => [d.code, d.file, d.line, d.message]);
        const file = inImported ? 'templates/lib/marker.ts' : 'templates/index.ts';
        // A thrown value that is not an Error has no stack: it is said at the theme's entry.
        const line = statement.startsWith("throw '") ? 0 : padding + 1;
        const at = statement.startsWith("throw '") ? 'templates/index.ts' : file;
        expect(found).toEqual([['theme-load', at, line, `the theme threw while it loaded: ${message}`]]);
      }),
      { numRuns: 30 },
    );
  });
});

describe("loadTheme: the theme's packages, in modules of their own (package-modules.ts)", () => {
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

  /** The files of the packages' modules in the cache folder, with when each was written. */
  async function packageFiles(): Promise<Record<string, number>> {
    const cache = join(root, 'node_modules/.cache/site');
    const entries = await readdir(cache, { recursive: true, withFileTypes: true });
    const files = entries.filter((entry) => entry.isFile() && /^packages-/.test(relative(cache, entry.parentPath)));
    return Object.fromEntries(await Promise.all(files.map(async (entry) => [entry.name, (await stat(join(entry.parentPath, entry.name))).mtimeMs] as const)));
  }

  it('imports a JavaScript package once in a process however often the theme is loaded, and bundles a TypeScript package and JSON', async () => {
    await themeWithPackages('first');
    const first = (await loadTheme(root)) as unknown as { loaded: { times: number }; typed: number; colour: string };
    const made = await packageFiles();
    expect(Object.keys(made).length).toBeGreaterThan(0);
    // A template edit alone: the packages' files as they were.
    await writeTree(root, { 'templates/index.ts': (await readFile(join(root, 'templates/index.ts'), 'utf8')).replace("'first'", "'second'") });
    const second = (await loadTheme(root)) as unknown as typeof first & { marker: string };
    expect(second).toMatchObject({ typed: 2, colour: 'blue', marker: 'second' });
    // One module of the package for both themes: loaded once, and not made again for a template edit.
    expect(second.loaded).toBe(first.loaded);
    expect(first.loaded.times).toBe(1);
    expect(await packageFiles()).toEqual(made);
  });

  it('makes a changed package again, and the theme loaded next has it, with a new hash', async () => {
    await themeWithPackages('same');
    const before = (await loadTheme(root)) as unknown as { loaded: { times: number; version?: number } };
    const hash = themeHash(before as unknown as Theme);
    await writeTree(root, { 'node_modules/js-package/index.js': 'export const loaded = { times: 0, version: 2 };\nloaded.times++;\n' });
    const after = (await loadTheme(root)) as unknown as typeof before;
    expect(after.loaded).toEqual({ times: 1, version: 2 });
    expect(themeHash(after as unknown as Theme)).not.toBe(hash);
  });

  it('gives packages that import one another, or a file of each other, one copy of each file, as Node does', async () => {
    await writeTree(root, {
      'node_modules/shapes/package.json': JSON.stringify({ name: 'shapes', type: 'module', exports: { '.': './index.js', './square': './square.js' } }),
      'node_modules/shapes/index.js': "export { Square } from './square.js';\nexport class Shape {}\n",
      'node_modules/shapes/square.js': 'export class Square {}\n',
      'node_modules/drawing/package.json': JSON.stringify({ name: 'drawing', type: 'module', main: 'index.js' }),
      'node_modules/drawing/index.js':
        "import { Square, Shape } from 'shapes';\nimport { draw } from 'pen';\nexport const square = () => new Square();\nexport { Shape, draw };\n",
      // A cycle among packages: pen imports drawing, which imports pen.
      'node_modules/pen/package.json': JSON.stringify({ name: 'pen', type: 'module', main: 'index.js' }),
      'node_modules/pen/index.js': "import * as drawing from 'drawing';\nexport const draw = () => typeof drawing.square;\n",
      'templates/index.ts': [
        "import { Square } from 'shapes/square';",
        "import { Shape } from 'shapes';",
        "import { square, Shape as Drawn, draw } from 'drawing';",
        'export default { square: square() instanceof Square, shape: Shape === Drawn, draw: draw() };',
        '',
      ].join('\n'),
    });
    expect(await loadTheme(root)).toEqual({ square: true, shape: true, draw: 'function' });
  });

  it('reports a name a package does not export at the import in the template, as when the package was bundled with it', async () => {
    await writeTree(root, {
      'node_modules/js-package/package.json': JSON.stringify({ name: 'js-package', type: 'module', main: 'index.js' }),
      'node_modules/js-package/index.js': 'export const present = 1;\n',
      'templates/index.ts': "const first = 1;\nimport { present, absent } from 'js-package';\nexport default { first, present, absent };\n",
    });
    expect((await problems()).map((d) => [d.code, d.file, d.line, d.column, d.message])).toEqual([
      ['theme', 'templates/index.ts', 2, 19, expect.stringContaining('No matching export')],
    ]);
  });

  it('needs no package the templates stopped importing, which may be uninstalled since, nor keeps its module', async () => {
    await themeWithPackages('with');
    await loadTheme(root);
    await writeTree(root, { 'templates/index.ts': "import data from 'json-package/data.json';\nexport default { colour: data.colour };\n" });
    await rm(join(root, 'node_modules/js-package'), { recursive: true });
    expect(await loadTheme(root)).toEqual({ colour: 'blue' });
    // The theme imports no module of a package now, and its own bundle holds what it needs.
    const manifests = (await readdir(join(root, 'node_modules/.cache/site'))).filter((name) => /^theme-.*\.json$/.test(name));
    const manifest = JSON.parse(await readFile(join(root, 'node_modules/.cache/site', manifests[0]!), 'utf8')) as { packages: string[]; modules: string[] };
    expect(manifest).toMatchObject({ packages: [], modules: [] });
  });

  it('makes the bundle and the modules again when a field of their kept manifests is changed by hand into another type, whichever', async () => {
    await themeWithPackages('kept');
    const { marker: _, ...expected } = (await loadTheme(root)) as unknown as Record<string, unknown>;
    const cache = join(root, 'node_modules/.cache/site');
    const manifests = (await readdir(cache)).filter((name) => /^(theme|packages)-.*\.json$/.test(name));
    expect(manifests.length).toBe(2);
    let edits = 0;
    for (const name of manifests) {
      const text = await readFile(join(cache, name), 'utf8');
      for (const field of Object.keys(JSON.parse(text) as object).filter((key) => key !== 'format')) {
        for (const wrong of [null, 'text', 1, {}, [], [1], { a: 1 }]) {
          await writeFile(join(cache, name), JSON.stringify({ ...(JSON.parse(text) as object), [field]: wrong }));
          // A template edit each time: the theme is bundled again, and its packages' manifest read.
          const template = await readFile(join(root, 'templates/index.ts'), 'utf8');
          await writeTree(root, { 'templates/index.ts': template.replace(/marker: '[^']*'/, `marker: 'kept ${++edits}'`) });
          const { marker, ...loaded } = (await loadTheme(root)) as unknown as Record<string, unknown>;
          expect({ marker, ...loaded }, `${name} ${field} = ${JSON.stringify(wrong)}`).toEqual({ marker: `kept ${edits}`, ...expected });
        }
      }
    }
  });

  it('loads a chain of CommonJS packages, each importing the next only when asked, however long (every length up to seven: past four, the packages go into the theme bundle)', async () => {
    for (let length = 1; length <= 7; length++) {
      const tree: Record<string, string> = {};
      for (let n = 1; n <= length; n++) {
        tree[`node_modules/link-${n}/package.json`] = JSON.stringify({ name: `link-${n}`, main: 'index.js' });
        // Each is found only once the one before is bundled into the theme: a round of bundle() each.
        tree[`node_modules/link-${n}/index.js`] = n < length ? `exports.next = () => import('link-${n + 1}');\nexports.n = ${n};\n` : `exports.n = ${n};\n`;
      }
      tree['templates/index.ts'] = `import * as first from 'link-1';\nexport default { first };\n`;
      // A cache of its own for each: the last bundle's packages, assumed first, would otherwise be all but the newest.
      await rm(join(root, 'node_modules/.cache'), { recursive: true, force: true });
      await writeTree(root, tree);
      // Followed to its end, as a template calling each next() would.
      type Link = { n: number; next?: () => Promise<Link> };
      let link = ((await loadTheme(root)) as unknown as { first: Link }).first;
      while (link.next) link = await link.next();
      expect(link.n).toBe(length);
    }
  });

  it('bundles a CommonJS package into the theme, its names imported as from Node', async () => {
    await writeTree(root, {
      'node_modules/old-style/package.json': JSON.stringify({ name: 'old-style', main: 'index.js' }),
      'node_modules/old-style/index.js': "exports.answer = 42;\nexports.ask = () => require('./question.js');\n",
      'node_modules/old-style/question.js': "module.exports = 'why';\n",
      'templates/index.ts': "import { answer, ask } from 'old-style';\nexport default { answer, question: ask() };\n",
    });
    expect(await loadTheme(root)).toEqual({ answer: 42, question: 'why' });
  });
});
