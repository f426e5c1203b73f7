// watchProject(): the batches of paths a dev server rebuilds from, also after a watched folder was
// removed and came back, and nothing from outside the watched paths or from hidden files.
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { watchProject, type Watcher } from './watch.ts';
import { makeTempFolder, removeFolder, writeTree } from '../../tests/helpers/unit.ts';

let base: string;
let root: string;
let watcher: Watcher | undefined;
let seen: string[];
beforeEach(async () => {
  base = await makeTempFolder();
  root = join(base, 'project');
  await writeTree(root, { 'site.yaml': 'a: 1\n', 'pages/a.yaml': 'a: 1\n', 'static/img/a.txt': 'a\n', 'notes.txt': 'n\n' });
  seen = [];
  watcher = watchProject(root, (batch) => seen.push(...batch));
  await watcher.ready;
});
afterEach(async () => {
  await watcher?.close();
  await removeFolder(base);
});

/** Waits until `path` was reported, or a while; then what was reported. */
async function reported(path: string): Promise<string[]> {
  const until = Date.now() + 5_000;
  while (!seen.includes(path) && Date.now() < until) await new Promise((done) => setTimeout(done, 50));
  return seen;
}

/** Saves `path` every 400 ms until it is reported, or ten seconds pass; then what was reported. */
async function reportedWhileSaving(path: string): Promise<string[]> {
  const until = Date.now() + 10_000;
  for (let save = 0; !seen.includes(path) && Date.now() < until; save++) {
    await writeFile(join(root, path), `saved ${save}\n`);
    await new Promise((done) => setTimeout(done, 400));
  }
  return seen;
}

describe('watchProject', () => {
  it('keeps watching pages/ and static/ moved away and back', async () => {
    for (const area of ['static', 'pages']) {
      await rename(join(root, area), join(base, 'away'));
      expect(await reported(area)).toContain(area);
      await rename(join(base, 'away'), join(root, area));
      await new Promise((done) => setTimeout(done, 300));
      expect(await reportedWhileSaving(`${area}/b.txt`)).toContain(`${area}/b.txt`);
    }
  }, 60_000);

  it('keeps watching pages/ and static/ replaced by a file and then by a folder again', async () => {
    for (const area of ['static', 'pages']) {
      await rename(join(root, area), join(base, 'away'));
      await writeFile(join(root, area), 'a file where the folder was\n');
      expect(await reported(area)).toContain(area);
      await rm(join(root, area));
      await rename(join(base, 'away'), join(root, area));
      expect(await reportedWhileSaving(`${area}/c.txt`)).toContain(`${area}/c.txt`);
    }
  }, 60_000);

  it('reports nothing outside the watched paths, and no hidden file', async () => {
    await writeFile(join(root, 'notes.txt'), 'changed\n');
    await writeFile(join(root, 'pages', '.a.yaml.swp'), 'x');
    await mkdir(join(root, 'node_modules'), { recursive: true });
    await writeFile(join(root, 'node_modules', 'x.js'), 'x');
    await writeFile(join(root, 'site.yaml'), 'a: 2\n');
    const batches = await reported('site.yaml');
    await new Promise((done) => setTimeout(done, 300));
    expect(batches).toEqual(['site.yaml']);
  });
});
