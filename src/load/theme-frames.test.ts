// themeFrame(): a stack trace of the theme bundle → the first place in the theme's own files, whether or not Node mapped it.
import { readdir, readFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importTypeScript } from './typescript-module.ts';
import { stackFrames, themeFrame } from './theme-frames.ts';
import { makeTempFolder, removeFolder, writeTree } from '../../tests/helpers/unit.ts';

const FRAGILE = [
  '// A template that throws.',
  'export function fragile(place: string): string {',
  "  if (!place) throw new Error('no place');",
  '  return place;',
  '}',
  '',
].join('\n');

let root: string;
beforeEach(async () => {
  root = await makeTempFolder();
  // The bundle goes in node_modules/.cache when the project has node_modules: keep it inside the temporary folder.
  await mkdir(join(root, 'node_modules'));
  await writeTree(root, {
    'templates/index.ts': "import { fragile } from './pages/fragile.ts';\nexport default { fragile };\n",
    'templates/pages/fragile.ts': FRAGILE,
  });
});
afterEach(async () => {
  await removeFolder(root);
});

/** The stack of the error the bundled template throws. */
async function thrownStack(): Promise<string> {
  const theme = await importTypeScript<{ default: { fragile: (place: string) => string } }>(root, 'templates/index.ts');
  try {
    theme.default.fragile('');
  } catch (error) {
    return (error as Error).stack!;
  }
  throw new Error('the template did not throw');
}

/** The bundle file and the 1-based line and column of `text` in it. */
async function placeInBundle(text: string): Promise<{ url: string; line: number; column: number }> {
  const folder = join(root, 'node_modules/.cache/site');
  const name = (await readdir(folder)).find((f) => f.endsWith('.mjs'))!;
  const lines = (await readFile(join(folder, name), 'utf8')).split('\n');
  const line = lines.findIndex((l) => l.includes(text));
  return { url: `${pathToFileURL(join(folder, name)).href}?v=abc123`, line: line + 1, column: lines[line]!.indexOf(text) + 1 };
}

describe('themeFrame', () => {
  it('finds where a bundled template threw, at the template’s own file, line and column', async () => {
    expect(themeFrame(root, await thrownStack())).toEqual({ file: 'templates/pages/fragile.ts', line: 3, column: 21 });
  });

  it('maps a frame of the bundle through its inline source map when Node has not', async () => {
    await thrownStack();
    const at = await placeInBundle('new Error(');
    const stack = `Error: no place\n    at fragile (${at.url}:${at.line}:${at.column})\n    at render (/engine/node_modules/react-dom/server.js:1:2)`;
    expect(themeFrame(root, stack)).toEqual({ file: 'templates/pages/fragile.ts', line: 3, column: 21 });
  });

  it('takes a frame Node has mapped already as it is', () => {
    const stack = `Error: x\n    at fragile (${join(root, 'templates/pages/fragile.ts')}:3:21)`;
    expect(themeFrame(root, stack)).toEqual({ file: 'templates/pages/fragile.ts', line: 3, column: 21 });
  });

  it('passes over frames in installed packages and the engine for the template that called them', () => {
    const stack = [
      'Error: x',
      `    at query (${join(root, 'src/collections/query.ts')}:10:5)`,
      `    at helper (${join(root, 'node_modules/lib/index.js')}:1:1)`,
      `    at Page (${join(root, 'templates/pages/place.tsx')}:40:7)`,
    ].join('\n');
    expect(themeFrame(root, stack)).toEqual({ file: 'templates/pages/place.tsx', line: 40, column: 7 });
  });

  it('names the component a helper was called from, when the throw was in the helper’s own file', () => {
    const stack = [
      'Error: no value for {x}',
      `    at resolve (${join(root, 'templates/lib/tokens.ts')}:30:11)`,
      `    at replace (${join(root, 'templates/lib/tokens.ts')}:12:3)`,
      `    at heading (${join(root, 'templates/pages/place.tsx')}:18:9)`,
      `    at Page (${join(root, 'templates/pages/place.tsx')}:40:7)`,
      `    at renderWithHooks (${join(root, 'node_modules/react-dom/server.js')}:1:1)`,
    ].join('\n');
    expect(themeFrame(root, stack)).toEqual({
      file: 'templates/lib/tokens.ts',
      line: 30,
      column: 11,
      caller: { file: 'templates/pages/place.tsx', line: 40, column: 7 },
    });
  });

  it('finds nothing when no frame is the theme’s', () => {
    expect(themeFrame(root, 'Error: x\n    at somewhere (/elsewhere/a.js:1:1)\n    at async Promise.all (index 0)')).toBeUndefined();
  });
});

describe('stackFrames', () => {
  it('reads named and anonymous frames, paths and file: URLs without their query', () => {
    expect(
      stackFrames(
        'Error: x\n    at a (/p/a.js:1:2)\n    at file:///p/b.mjs?v=1:3:4\n    at new C (file:///p/c%20d.js:5:6)\n    at async Promise.all (index 0)',
      ),
    ).toEqual([
      { path: '/p/a.js', line: 1, column: 2 },
      { path: '/p/b.mjs', line: 3, column: 4 },
      { path: '/p/c d.js', line: 5, column: 6 },
    ]);
  });
});
