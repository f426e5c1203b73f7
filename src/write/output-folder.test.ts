// outputFolderProblem(): which --out folders a build may replace, decided from paths and the names at the folder's top.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stopsRendering } from '../contracts/diagnostics.ts';
import { folderEntries, outputFolderProblem } from './output-folder.ts';
import { makeTempFolder, removeFolder, writeTree } from '../test-support.ts';

const ROOT = '/work/project';
const REPLACES = 'and a build replaces the whole output folder';

describe('outputFolderProblem', () => {
  it.each([
    ['.', null, `it holds the project itself, ${REPLACES}`],
    ['..', null, `it holds the project itself, ${REPLACES}`],
    ['pages', ['index.yaml'], `it is the project's pages/ folder, ${REPLACES}`],
    ['pages/blog', null, `it is the project's pages/ folder or inside it, ${REPLACES}`],
    ['templates', ['index.ts'], `it is the project's templates/ folder, ${REPLACES}`],
    ['static', null, `it is the project's static/ folder, ${REPLACES}`],
    ['schemas', null, `it is the project's schemas/ folder, ${REPLACES}`],
    ['node_modules/.cache', null, `it is the project's node_modules/ folder or inside it, ${REPLACES}`],
    ['.git', ['HEAD', 'index'], `it is the project's .git/ folder, ${REPLACES}`],
    ['.output', null, `it is the project's .output/ folder, ${REPLACES}`],
    ['docs', ['readme.md', 'notes.txt'], `it holds files but no built site (no index.html or 404.html), ${REPLACES}`],
    ['/tmp/elsewhere', ['photo.jpg'], `it holds files but no built site (no index.html or 404.html), ${REPLACES}`],
  ])('refuses %s', (out, entries, why) => {
    expect(outputFolderProblem(ROOT, out, entries)).toEqual({
      file: '--out',
      line: 0,
      column: 0,
      path: '',
      message: `cannot write the site to ${JSON.stringify(out)}: ${why}`,
      hint: 'choose a folder of its own, such as dist',
      severity: 'error',
      code: 'output-folder',
    });
  });

  it.each([
    ['dist', []],
    ['dist', null],
    ['dist', ['index.html', 'about.html', 'assets']],
    ['public', ['404.html']],
    ['build/site', null],
    ['../site-out', ['index.html']],
    ['/tmp/elsewhere', null],
  ])('allows %s holding %j', (out, entries) => {
    expect(outputFolderProblem(ROOT, out, entries)).toBeUndefined();
  });

  it('refuses before anything renders', () => {
    expect(stopsRendering(outputFolderProblem(ROOT, 'pages', null)!)).toBe(true);
  });
});

describe('folderEntries', () => {
  let root: string;
  beforeEach(async () => {
    root = await makeTempFolder();
  });
  afterEach(async () => {
    await removeFolder(root);
  });

  it('lists the names at the top of a folder, null for a missing one, and a marker for a file', async () => {
    await writeTree(root, { 'dist/index.html': 'x', 'dist/assets/a.js': 'y', 'file.txt': 'z' });
    expect((await folderEntries(join(root, 'dist')))!.sort()).toEqual(['assets', 'index.html']);
    expect(await folderEntries(join(root, 'missing'))).toBeNull();
    expect(await folderEntries(join(root, 'file.txt'))).toEqual(['(a file)']);
  });

  it('refuses an --out that names a file, since a build would replace it', async () => {
    await writeTree(root, { 'notes.txt': 'z' });
    expect(outputFolderProblem(root, 'notes.txt', await folderEntries(join(root, 'notes.txt')))?.code).toBe('output-folder');
  });
});
