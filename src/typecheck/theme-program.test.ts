// checkThemeProgram(): a small theme in a temporary folder through the real compiler → the type errors of the theme's own files.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ts from 'typescript';
import { checkThemeProgram } from './theme-program.ts';
import { makeTempFolder, removeFolder, writeTree } from '../../tests/helpers/unit.ts';

const TSCONFIG = JSON.stringify({
  compilerOptions: { strict: true, module: 'NodeNext', moduleResolution: 'NodeNext', allowImportingTsExtensions: true, noEmit: true, types: [] },
});
const PLACE = [
  'interface Page { place: string; year: number }',
  'export function render(page: Page): string {',
  '  return `${page.place} since ${page.year}`;',
  '}',
  '',
].join('\n');

let root: string;
beforeEach(async () => {
  root = await makeTempFolder();
  await writeTree(root, {
    'package.json': '{ "type": "module" }',
    'tsconfig.json': TSCONFIG,
    'templates/index.ts': "import { render } from './pages/place.ts';\nexport default { render };\n",
    'templates/pages/place.ts': PLACE,
  });
});
afterEach(async () => {
  await removeFolder(root);
});

describe('checkThemeProgram', () => {
  it('finds nothing in a sound theme, and lists the project files it read', () => {
    expect(checkThemeProgram(ts, root, 'templates/index.ts')).toEqual({ problems: [], read: ['templates/index.ts', 'templates/pages/place.ts'] });
  });

  it('reports a misspelt field at its own file, line and column, with TypeScript’s message', async () => {
    await writeTree(root, { 'templates/pages/place.ts': PLACE.replace('page.year', 'page.yeer') });
    expect(checkThemeProgram(ts, root, 'templates/index.ts').problems).toEqual([
      { file: 'templates/pages/place.ts', line: 3, column: 38, code: 2339, text: "Property 'yeer' does not exist on type 'Page'" },
    ]);
  });

  it('reports errors in other project files the theme imports, but not in the engine’s sources', async () => {
    await writeTree(root, {
      'templates/index.ts':
        "import { render } from './pages/place.ts';\nimport { label } from '../shared/label.ts';\nimport { engine } from '../src/engine.ts';\nexport default { render, label, engine };\n",
      'shared/label.ts': 'export const label: number = "one";\n',
      'src/engine.ts': 'export const engine: string = 2;\n',
    });
    const { problems, read } = checkThemeProgram(ts, root, 'templates/index.ts');
    expect(problems.map((p) => [p.file, p.line, p.column, p.code])).toEqual([['shared/label.ts', 1, 14, 2322]]);
    expect(read).toEqual(['shared/label.ts', 'src/engine.ts', 'templates/index.ts', 'templates/pages/place.ts']);
  });

  it('reports a syntax error and an import that cannot be found', async () => {
    await writeTree(root, { 'templates/index.ts': "import { render } from './pages/plaice.ts';\nexport default { render, };;\nconst = 2;\n" });
    expect(checkThemeProgram(ts, root, 'templates/index.ts').problems.map((p) => [p.file, p.line, p.column, p.code])).toEqual([
      ['templates/index.ts', 3, 7, 1134],
      ['templates/index.ts', 3, 9, 1134],
      ['templates/index.ts', 1, 24, 2307],
    ]);
  });

  it('reports a mistake in tsconfig.json at its line', async () => {
    await writeTree(root, { 'tsconfig.json': TSCONFIG.replace('"strict":true', '\n"strict":"yes"') });
    expect(checkThemeProgram(ts, root, 'templates/index.ts').problems.map((p) => [p.file, p.line, p.code])).toContainEqual(['tsconfig.json', 2, 5024]);
  });

  it('reports a tsconfig.json that is not JSON at the mistake', async () => {
    await writeTree(root, { 'tsconfig.json': '{\n  "compilerOptions": { "strict": true,, }\n}\n' });
    expect(checkThemeProgram(ts, root, 'templates/index.ts').problems.map((p) => [p.file, p.line, p.column, p.code])).toEqual([['tsconfig.json', 2, 39, 1136]]);
  });

  it('checks strictly without a tsconfig.json', async () => {
    await rm(join(root, 'tsconfig.json'));
    await writeTree(root, { 'templates/pages/place.ts': PLACE.replace('(page: Page)', '(page)') });
    expect(checkThemeProgram(ts, root, 'templates/index.ts').problems.map((p) => [p.file, p.line, p.code])).toEqual([['templates/pages/place.ts', 2, 7006]]);
  });
});
