// templateTypes(): diagnostics at the template's own place, a result kept until a file it depends on changes, and a warning without a compiler.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findCompiler, type Compiler } from './compiler.ts';
import { templateTypes } from './template-types.ts';
import { makeTempFolder, removeFolder, writeTree } from '../../tests/helpers/unit.ts';

const PLACE = 'interface Page { place: string; year: number }\nexport const render = (page: Page): string => `${page.place} since ${page.year}`;\n';

let root: string;
let loads: number;
let compiler: Compiler;
beforeEach(async () => {
  root = await makeTempFolder();
  // The cache goes in node_modules/.cache when the project has node_modules: keep it inside the temporary folder.
  await mkdir(join(root, 'node_modules'));
  await writeTree(root, {
    'package.json': '{ "type": "module" }',
    'tsconfig.json': JSON.stringify({
      compilerOptions: { strict: true, module: 'NodeNext', moduleResolution: 'NodeNext', allowImportingTsExtensions: true, noEmit: true, types: [] },
    }),
    'templates/index.ts': "import { render } from './pages/place.ts';\nexport default { render };\n",
    'templates/pages/place.ts': PLACE,
  });
  // The installed compiler, counting how often it is loaded.
  const installed = findCompiler()!;
  loads = 0;
  compiler = { version: installed.version, load: () => (loads++, installed.load()) };
});
afterEach(async () => {
  await removeFolder(root);
});

describe('templateTypes', () => {
  it('reports a misspelt field as one template-type error at its file, line and column', async () => {
    await writeTree(root, { 'templates/pages/place.ts': PLACE.replace('page.year', 'page.yeer') });
    const { diagnostics } = await templateTypes(root, { compiler });
    expect(diagnostics).toEqual([
      {
        file: 'templates/pages/place.ts',
        line: 2,
        column: 75,
        path: '',
        severity: 'error',
        code: 'template-type',
        message: "the template reads a field its data does not have, which would render as empty text: Property 'yeer' does not exist on type 'Page' (TS2339)",
        hint: "check the name against the page's schema",
      },
    ]);
  });

  it('checks the client scripts too, which the theme’s entry does not import', async () => {
    await writeTree(root, {
      'templates/client/menu.ts': 'const open: number = "yes";\nexport { open };\n',
      'templates/client/.draft.ts': 'const x: number = "hidden";\n',
    });
    const { diagnostics } = await templateTypes(root, { compiler });
    expect(diagnostics.map((d) => [d.file, d.line, d.column])).toEqual([['templates/client/menu.ts', 1, 7]]);
  });

  it('keeps the result until a file the compiler read changes, without loading the compiler', async () => {
    expect(await templateTypes(root, { compiler })).toEqual({ diagnostics: [], cached: false });
    expect(await templateTypes(root, { compiler })).toEqual({ diagnostics: [], cached: true });
    expect(loads).toBe(1);
    await writeTree(root, { 'templates/pages/place.ts': PLACE.replace('page.year', 'page.yeer') });
    const changed = await templateTypes(root, { compiler });
    expect([changed.cached, changed.diagnostics.map((d) => d.code)]).toEqual([false, ['template-type']]);
    const again = await templateTypes(root, { compiler });
    expect([again.cached, again.diagnostics.map((d) => [d.file, d.line, d.column])]).toEqual([true, [['templates/pages/place.ts', 2, 75]]]);
    expect(loads).toBe(2);
  });

  it('checks again when tsconfig.json, the compiler’s version or the files of the theme folder change', async () => {
    await templateTypes(root, { compiler });
    await writeFile(
      join(root, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          allowImportingTsExtensions: true,
          noEmit: true,
          types: [],
          noImplicitReturns: true,
        },
      }),
    );
    expect((await templateTypes(root, { compiler })).cached).toBe(false);
    expect((await templateTypes(root, { compiler: { ...compiler, version: '0.0.1' } })).cached).toBe(false);
    // A file an import could not find until now: nothing the compiler read has changed, the folder has.
    await writeTree(root, { 'templates/notes.ts': 'export {};\n' });
    expect((await templateTypes(root, { compiler: { ...compiler, version: '0.0.1' } })).cached).toBe(false);
    expect(loads).toBe(4);
  });

  it('warns, saying how to install it, when typescript is not installed', async () => {
    const { diagnostics } = await templateTypes(root, { compiler: null });
    expect(diagnostics.map((d) => [d.file, d.severity, d.code, d.message])).toEqual([
      ['package.json', 'warning', 'typescript-missing', 'the templates were not type-checked: the typescript package is not installed'],
    ]);
    expect(diagnostics[0]!.hint).toContain('npm install --save-dev typescript');
  });

  it('leaves a missing theme to the theme loader', async () => {
    const empty = await makeTempFolder();
    try {
      expect(await templateTypes(empty, { compiler })).toEqual({ diagnostics: [], cached: false });
    } finally {
      await removeFolder(empty);
    }
  });
});
