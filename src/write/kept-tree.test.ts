// A build writes over the tree the last build replaced (kept-tree.ts): generated sequences of builds, each
// writing a set of paths in every way a build writes one, check that the output is always exactly this build's
// files, as a build into an empty folder would leave it, whatever the kept tree held at those paths.
import { lstat, mkdir, readdir, readFile, realpath, symlink, writeFile } from 'node:fs/promises';
import { statSync } from 'node:fs';
import fc from 'fast-check';
import { join, relative, sep } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keptFile, openStaging, sharedTreeWriter, writeOutput } from './write.ts';
import { keptTreeOf } from './kept-tree.ts';
import { makeTempFolder, removeFolder, writeTree } from '../../tests/helpers/unit.ts';
import { markedFiles, OUTPUT_MARKER, stampOf } from './output-folder.ts';

let parent: string;
beforeEach(async () => {
  parent = await makeTempFolder();
});
afterEach(async () => {
  await removeFolder(parent);
});

/** Every file below `dir` with its text, and every folder that holds nothing. */
async function treeOf(dir: string): Promise<{ files: Record<string, string>; empty: string[] }> {
  const files: Record<string, string> = {};
  const empty: string[] = [];
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const full = join(e.parentPath, e.name);
    const path = relative(dir, full).split(sep).join('/');
    if (e.isDirectory()) {
      if ((await readdir(full)).length === 0) empty.push(path);
    } else files[path] = await readFile(full, 'utf8');
  }
  return { files, empty };
}

/** Paths a build may write, some of them another's folder: a tree written over meets a file where it needs a folder, and the reverse. */
const PATHS = ['index.html', 'a', 'a/index.html', 'a/b', 'a/b/index.html', 'cards', 'cards/a.png', 'x.bin', 'deep/er/file.js'];

/** The paths of one build, none of them a folder of another (a build whose outputs clash fails before it writes). */
function withoutClashes(paths: readonly string[]): string[] {
  const chosen: string[] = [];
  for (const path of paths) {
    if (chosen.some((p) => p === path || p.startsWith(`${path}/`) || path.startsWith(`${p}/`))) continue;
    chosen.push(path);
  }
  return chosen;
}

/** How one path of a build is made: bytes at the end, written as rendered by this thread or another, the last build's file taken, a cache file linked or copied. */
const how = fc.constantFrom('bytes', 'streamed', 'another thread', 'last', 'linked', 'copied');
const ways = fc.array(how, { minLength: PATHS.length, maxLength: PATHS.length });
const build = fc.record({
  paths: fc.shuffledSubarray(PATHS, { minLength: 0, maxLength: PATHS.length }),
  ways,
  // Few texts, so that a path often holds in the kept tree what the new build writes there.
  texts: fc.array(fc.integer({ min: 0, max: 1 }), { minLength: PATHS.length, maxLength: PATHS.length }),
  abandoned: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
  // Links put into the kept tree by hand, to a folder of the user's, where the new tree may need a folder or a file.
  links: fc.subarray(['a', 'a/b', 'cards', 'deep', 'deep/er', 'x.bin', 'elsewhere'], { maxLength: 3 }),
});
/** Builds one after another; in some sequences each path is made the same way every time, as a site's files are. */
const sequence = fc
  .record({ same: fc.option(ways), builds: fc.array(build, { minLength: 2, maxLength: 6 }) })
  .map(({ same, builds }) => builds.map((b) => ({ ...b, ways: same ?? b.ways })));

/** Puts a link to the folder `to` at each of `places` in the kept tree `kept`, where its folder is and nothing else is. */
async function plantLinks(kept: string, places: readonly string[], to: string): Promise<void> {
  for (const place of places) {
    const at = join(kept, place);
    const folder = await lstat(join(at, '..')).catch(() => undefined);
    const there = await lstat(at).catch(() => undefined);
    if (folder?.isDirectory() && !there) await symlink(to, at);
  }
}

describe('a build written over the tree the last build replaced', () => {
  it('leaves exactly its own files, as an empty tree would, and keeps the tree it replaced in the cache folder', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(sequence, async (builds) => {
        const home = join(parent, `run-${run++}`);
        const out = join(home, 'dist');
        const cache = join(home, 'cache');
        const caches = [0, 1].map((i) => join(home, `cache-${i}.bin`));
        await mkdir(home, { recursive: true });
        for (const [i, file] of caches.entries()) await writeFile(file, `cache file ${i}`);
        const mine = join(home, 'mine');
        await writeTree(mine, { 'notes.txt': 'mine' });
        let current: Record<string, string> | undefined;
        for (const { paths, ways, texts, abandoned, links } of builds) {
          const last = current && markedFiles(await readFile(join(out, OUTPUT_MARKER), 'utf8'));
          if (current !== undefined) await plantLinks(keptTreeOf(await realpath(out), cache), links, mine);
          const staging = await openStaging(out, cache);
          const other = sharedTreeWriter(staging);
          const expected: Record<string, string> = {};
          const entries = [];
          for (const path of withoutClashes(paths)) {
            const i = PATHS.indexOf(path);
            const text = `${path} ${texts[i]}`;
            const way = ways[i]!;
            if (way === 'last' && last?.has(path) && staging.takeFromLast(path, last.get(path)!.digest)) {
              expected[path] = current![path]!;
            } else if (way === 'linked' || way === 'copied') {
              const file = caches[texts[i]!]!;
              const { dev, ino } = statSync(file, { bigint: true });
              entries.push(keptFile(path, { file, size: 12, identity: `${dev}:${ino}`, ...(way === 'copied' ? { copied: true } : {}) }));
              expected[path] = `cache file ${texts[i]}`;
            } else {
              if (way === 'streamed') staging.write(path, text);
              else if (way === 'another thread') other.write(path, text);
              else entries.push({ path, contents: text });
              expected[path] = text;
            }
          }
          other.flush();
          staging.stamped(other.stamps);
          if (abandoned) {
            await staging.abandon();
          } else {
            await staging.commit(entries);
          }
          const now = current;
          if (!abandoned) current = expected;
          if (current === undefined) continue;
          const tree = await treeOf(out);
          const { [OUTPUT_MARKER]: marker, ...files } = tree.files;
          expect(files).toEqual(current);
          expect(tree.empty).toEqual([]);
          const stamps = markedFiles(marker!);
          expect([...stamps.keys()].sort()).toEqual(Object.keys(current).sort());
          for (const [path, stamp] of stamps) expect(stamp, path).toEqual(await stampOf(join(out, path)));
          // Nothing wrote through a link into the cache or the user's folder, nothing of a build is left beside the
          // output, and the tree it replaced is kept.
          for (const [i, file] of caches.entries()) expect(await readFile(file, 'utf8')).toBe(`cache file ${i}`);
          expect((await treeOf(mine)).files).toEqual({ 'notes.txt': 'mine' });
          expect((await readdir(home)).filter((name) => !name.startsWith('cache')).sort()).toEqual(['dist', 'mine']);
          if (!abandoned && now !== undefined) {
            const kept = await treeOf(keptTreeOf(out, cache));
            const { [OUTPUT_MARKER]: _, ...keptFiles } = kept.files;
            expect(keptFiles).toEqual(now);
          }
        }
      }),
      { numRuns: 120 },
    );
  });

  it('leaves alone a folder where the kept tree goes that no build made, and does not keep the replaced tree over it', async () => {
    const out = join(parent, 'dist');
    const cache = join(parent, 'cache');
    await writeOutput(out, [{ path: 'index.html', contents: 'first' }]);
    const kept = keptTreeOf(await realpath(out), cache);
    await writeTree(kept, { 'notes.txt': 'mine', 'index.html': 'mine too' });
    await writeOutput(out, [{ path: 'index.html', contents: 'second' }], cache);
    await writeOutput(out, [{ path: 'about.html', contents: 'third' }], cache);
    expect((await treeOf(kept)).files).toEqual({ 'notes.txt': 'mine', 'index.html': 'mine too' });
    expect(Object.keys((await treeOf(out)).files).sort()).toEqual([OUTPUT_MARKER, 'about.html']);
  });

  it('keeps nothing where it is given no cache folder, and removes the replaced tree', async () => {
    const out = join(parent, 'dist');
    await writeOutput(out, [{ path: 'index.html', contents: 'first' }]);
    await writeOutput(out, [{ path: 'index.html', contents: 'second' }]);
    expect(await readdir(parent)).toEqual(['dist']);
  });

  it('starts from an empty tree when the kept tree is gone, or taken by another build meanwhile', async () => {
    const out = join(parent, 'dist');
    const cache = join(parent, 'cache');
    await writeOutput(out, [{ path: 'a/index.html', contents: 'one' }], cache);
    await writeOutput(out, [{ path: 'a/index.html', contents: 'two' }], cache);
    const first = await openStaging(out, cache);
    expect(first.over).toBe(true);
    // Another build of the same folder, opened while the first runs, finds no kept tree.
    const second = await openStaging(out, cache);
    expect(second.over).toBe(false);
    await second.commit([{ path: 'b/index.html', contents: 'second' }]);
    await first.commit([{ path: 'c/index.html', contents: 'first' }]);
    expect(Object.keys((await treeOf(out)).files).sort()).toEqual([OUTPUT_MARKER, 'c/index.html']);
    expect((await lstat(keptTreeOf(await realpath(out), cache))).isDirectory()).toBe(true);
  });
});
