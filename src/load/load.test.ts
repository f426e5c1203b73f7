// load(): which files of a project folder it reads, in which order, and what a missing site.yaml gives.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { listFiles, load, readParseCache, parseCacheFile, reloadFiles } from './load.ts';
import { makeTempFolder, removeFolder, writeTree } from '../../tests/helpers/unit.ts';

let root: string;
beforeEach(async () => {
  root = await makeTempFolder();
});
afterEach(async () => {
  await removeFolder(root);
});

const project = {
  'site.yaml': 'name: Tiny\n',
  'pages/index.yaml': 'template: plain\n',
  'pages/zeta.yml': 'template: plain\n',
  'pages/about.yaml': 'template: plain\n',
  'pages/blog/first.md': '---\ntitle: First\n---\nBody\n',
  'pages/services/panels/upgrade.yaml': 'template: plain\n',
  'pages/_redirects.yaml': 'redirects: []\n',
  'pages/notes.txt': 'not content\n',
  'pages/.draft.yaml': 'template: plain\n',
  'static/robots-extra.txt': 'x',
  'static/images/dot.svg': '<svg/>',
  'static/.DS_Store': 'junk',
  'templates/index.ts': 'export default {}\n',
};

describe('load', () => {
  it('reads site.yaml, the YAML and Markdown under pages/ and every visible file under static/, sorted', async () => {
    await writeTree(root, project);
    const content = await load(root);
    expect(content.site).toEqual({ file: 'site.yaml', text: 'name: Tiny\n' });
    expect(content.pages.map((p) => p.file)).toEqual([
      'pages/_redirects.yaml',
      'pages/about.yaml',
      'pages/blog/first.md',
      'pages/index.yaml',
      'pages/services/panels/upgrade.yaml',
      'pages/zeta.yml',
    ]);
    expect(content.statics.map((s) => s.file)).toEqual(['static/images/dot.svg', 'static/robots-extra.txt']);
    // Not pages, but there: validation warns about them (a hidden file only when it is named like content).
    expect(content.strays).toEqual(['pages/.draft.yaml', 'pages/notes.txt']);
  });

  it('keeps each text as written and static files as bytes', async () => {
    await writeTree(root, project);
    const content = await load(root);
    expect(content.pages.find((p) => p.file === 'pages/blog/first.md')!.text).toBe('---\ntitle: First\n---\nBody\n');
    const svg = content.statics.find((s) => s.file === 'static/images/dot.svg')!;
    expect(Buffer.isBuffer(svg.contents)).toBe(true);
    expect(svg.contents.toString('utf8')).toBe('<svg/>');
  });

  it('gives a null site when site.yaml is missing, and empty lists without pages/ or static/', async () => {
    expect(await load(root)).toEqual({ site: null, pages: [], statics: [], strays: [], refused: [] });
  });

  it('gives a null site but still the pages when only site.yaml is missing', async () => {
    await writeTree(root, { 'pages/index.yaml': 'template: plain\n' });
    const content = await load(root);
    expect(content.site).toBeNull();
    expect(content.pages).toEqual([{ file: 'pages/index.yaml', text: 'template: plain\n' }]);
  });
});

describe('listFiles', () => {
  it('lists every file below a folder, dotfiles left out, with forward slashes', async () => {
    await writeTree(root, project);
    expect(await listFiles(root, 'pages')).toEqual([
      'pages/_redirects.yaml',
      'pages/about.yaml',
      'pages/blog/first.md',
      'pages/index.yaml',
      'pages/notes.txt',
      'pages/services/panels/upgrade.yaml',
      'pages/zeta.yml',
    ]);
  });

  it('lists nothing for a folder that does not exist', async () => {
    expect(await listFiles(root, 'missing')).toEqual([]);
  });
});

describe('parse cache', () => {
  it('reads an earlier run’s cache, and an empty one when it is missing or not an object', async () => {
    await mkdir(join(root, 'node_modules'));
    expect(await readParseCache(root)).toEqual({});
    await writeTree(root, { [relative(root, parseCacheFile(root))]: '{"abc":{"name":"Tiny"}}' });
    expect(await readParseCache(root)).toEqual({ abc: { name: 'Tiny' } });
    await writeTree(root, { [relative(root, parseCacheFile(root))]: '[1,2]' });
    expect(await readParseCache(root)).toEqual({});
    await writeTree(root, { [relative(root, parseCacheFile(root))]: '{not json' });
    expect(await readParseCache(root)).toEqual({});
  });

  it('names one cache file per project folder, in the engine’s cache folder: never a node_modules of its own making', async () => {
    expect(parseCacheFile(root)).toMatch(new RegExp(`^${join(tmpdir(), 'site-cache')}/parsed-[0-9a-f]{12}\\.json$`));
    await mkdir(join(root, 'node_modules'));
    expect(parseCacheFile(root)).toMatch(new RegExp(`^${join(root, 'node_modules/.cache/site')}/parsed-[0-9a-f]{12}\\.json$`));
    expect(parseCacheFile('/a')).not.toBe(parseCacheFile('/b'));
  });
});

describe('reloadFiles', () => {
  it('reads again only the paths it is given, and ends as a fresh load of the changed folder would', async () => {
    await writeTree(root, project);
    const before = await load(root);
    await writeTree(root, {
      'site.yaml': 'name: Renamed\n',
      'pages/about.yaml': 'template: plain\ntitle: About\n',
      'pages/new.yaml': 'template: plain\n',
      'pages/old.bak': 'x',
      'static/images/new.svg': '<svg/>',
    });
    await rm(join(root, 'pages/zeta.yml'));
    await rm(join(root, 'static/images/dot.svg'));
    const changed = ['site.yaml', 'pages/about.yaml', 'pages/new.yaml', 'pages/old.bak', 'pages/zeta.yml', 'static/images/dot.svg', 'static/images/new.svg'];
    const after = await reloadFiles(root, before, changed);
    expect(after).toEqual(await load(root));
    // What was not changed is the very same object, so what was learnt from it can be kept.
    expect(after.pages.find((p) => p.file === 'pages/index.yaml')).toBe(before.pages.find((p) => p.file === 'pages/index.yaml'));
  });

  it('takes a folder that was removed or added as everything below it', async () => {
    await writeTree(root, project);
    const before = await load(root);
    await rm(join(root, 'pages/services'), { recursive: true });
    await writeTree(root, { 'pages/gta/ajax.yaml': 'template: plain\n', 'pages/gta/notes.txt': 'x' });
    const after = await reloadFiles(root, before, ['pages/services', 'pages/gta']);
    expect(after).toEqual(await load(root));
  });

  it('ignores paths outside the content, and reads no hidden file, only notes one named like content', async () => {
    await writeTree(root, project);
    const before = await load(root);
    await writeTree(root, { 'templates/index.ts': 'changed', 'pages/.swap.yaml': 'x', 'pages/.DS_Store': 'x' });
    const after = await reloadFiles(root, before, ['templates/index.ts', 'pages/.swap.yaml', 'pages/.DS_Store']);
    expect(after).toEqual({ ...before, strays: ['pages/.draft.yaml', 'pages/.swap.yaml', 'pages/notes.txt'] });
    expect(after).toEqual(await load(root));
  });
});
