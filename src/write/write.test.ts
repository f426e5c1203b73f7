// writeOutput() replaces the output folder whole; recover() cleans up after a killed build; refreshFiles() writes only what changed.
import { lstat, mkdir, readdir, readFile, rename, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import fc from 'fast-check';
import { join, relative, sep } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { entrySize, keptFile, openStaging, recover, refreshFiles, sharedTreeWriter, turnWriter, writeOutput, writeParseCache } from './write.ts';
import { makeTempFolder, removeFolder, writeTree } from '../../tests/helpers/unit.ts';
import { ContentError } from '../contracts/diagnostics.ts';
import { markedFiles, markerText, OUTPUT_MARKER, stampOf, type FileStamp } from './output-folder.ts';

/** A process id no process has (above any kernel's pid_max), for leftovers of a build that was killed. */
const DEAD_PID = 2147483000;

let parent: string;
let dist: string;
beforeEach(async () => {
  parent = await makeTempFolder();
  dist = join(parent, 'dist');
});
afterEach(async () => {
  await removeFolder(parent);
});

/** Writes `files` under `dir` as a build would have, with a marker vouching for each. */
async function builtTree(dir: string, files: Record<string, string>): Promise<void> {
  await writeTree(dir, files);
  const written = await Promise.all(Object.keys(files).map(async (path) => ({ path, ...(await stampOf(join(dir, path)))! })));
  await writeFile(join(dir, OUTPUT_MARKER), markerText(written));
}

/** Every file below `dir`, relative, sorted. */
async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort();
}

describe('writeOutput', () => {
  it('writes text and bytes, creating folders, into a folder that did not exist', async () => {
    await writeOutput(dist, [
      { path: 'index.html', contents: '<!DOCTYPE html>' },
      { path: 'a/b/c.html', contents: 'deep' },
      { path: 'assets/x.bin', contents: new Uint8Array([0, 1, 2]) },
    ]);
    expect(await filesIn(dist)).toEqual([OUTPUT_MARKER, 'a/b/c.html', 'assets/x.bin', 'index.html']);
    // The marker lists what the build wrote, so a file put there later is told apart.
    const marker = markedFiles(await readFile(join(dist, OUTPUT_MARKER), 'utf8'));
    expect([...marker.keys()]).toEqual(['a/b/c.html', 'assets/x.bin', 'index.html']);
    expect(marker.get('index.html')).toEqual(await stampOf(join(dist, 'index.html')));
    expect(await readFile(join(dist, 'a/b/c.html'), 'utf8')).toBe('deep');
    expect([...(await readFile(join(dist, 'assets/x.bin')))]).toEqual([0, 1, 2]);
  });

  it('replaces the folder whole: files of the earlier build are gone, and nothing is left beside it', async () => {
    await builtTree(dist, { 'index.html': 'old', 'old-page.html': 'old', 'assets/old-ABC.js': 'old' });
    await writeOutput(dist, [
      { path: 'index.html', contents: 'new' },
      { path: 'about.html', contents: 'new' },
    ]);
    expect(await filesIn(dist)).toEqual([OUTPUT_MARKER, 'about.html', 'index.html']);
    expect(await readFile(join(dist, 'index.html'), 'utf8')).toBe('new');
    expect(await readdir(parent)).toEqual(['dist']);
  });

  it('keeps the earlier build, and the user’s file in it, when a file was put there or changed while this one ran', async () => {
    // The folder is judged before rendering (build.ts); what lands in it after that is judged at the swap.
    const cases: Record<string, (dir: string) => Promise<void>> = {
      added: (dir) => writeFile(join(dir, 'notes', 'precious.txt'), 'mine'),
      changed: (dir) => writeFile(join(dir, 'index.html'), 'edited by hand'),
      linked: (dir) => symlink(parent, join(dir, 'elsewhere')),
    };
    for (const [name, touch] of Object.entries(cases)) {
      const out = join(parent, name);
      await builtTree(out, { 'index.html': 'old', 'notes/kept.txt': 'old' });
      await touch(out);
      const before = await filesIn(out);
      const problem = await failure(out, [{ path: 'index.html', contents: 'new' }]);
      expect(problem).toMatchObject({ file: '--out', code: 'output-folder-added' });
      expect(await filesIn(out)).toEqual(before);
      expect((await readdir(parent)).filter((n) => n.startsWith('.'))).toEqual([]);
    }
    expect(await readFile(join(parent, 'added', 'notes', 'precious.txt'), 'utf8')).toBe('mine');
    expect(await readFile(join(parent, 'changed', 'index.html'), 'utf8')).toBe('edited by hand');
  });

  it('links a file kept in the cache into the output instead of writing its bytes again', async () => {
    const cached = join(parent, 'cache-card.png');
    await writeFile(cached, new Uint8Array([9, 8, 7, 6]));
    const entry = keptFile('assets/card.png', { file: cached, size: 4 });
    expect([...entry.contents]).toEqual([9, 8, 7, 6]);
    expect(entrySize(entry)).toBe(4);
    await writeOutput(dist, [entry, { path: 'index.html', contents: 'é' }]);
    expect([...(await readFile(join(dist, 'assets/card.png')))]).toEqual([9, 8, 7, 6]);
    expect((await stat(join(dist, 'assets/card.png'))).ino).toBe((await stat(cached)).ino);
    expect(entrySize({ path: 'index.html', contents: 'é' })).toBe(2);
  });

  it('writes an empty site as a folder holding only its marker', async () => {
    await builtTree(dist, { 'index.html': 'old' });
    await writeOutput(dist, []);
    expect(await readdir(dist)).toEqual([OUTPUT_MARKER]);
  });

  it('writes through a link to a folder elsewhere, leaving the link a link', async () => {
    const elsewhere = join(parent, 'elsewhere', 'site');
    await builtTree(elsewhere, { 'index.html': 'old' });
    await symlink(elsewhere, dist);
    await writeOutput(dist, [{ path: 'index.html', contents: 'new' }]);
    expect((await lstat(dist)).isSymbolicLink()).toBe(true);
    expect(await readFile(join(elsewhere, 'index.html'), 'utf8')).toBe('new');
    expect((await readdir(join(parent, 'elsewhere'))).sort()).toEqual(['site']);
  });

  /** The one problem a failed write ends in. */
  async function failure(out: string, files: { path: string; contents: string }[]) {
    const error = await writeOutput(out, files).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ContentError);
    const [problem, ...more] = (error as ContentError).diagnostics;
    expect(more).toEqual([]);
    return problem!;
  }

  it('says in plain words, at --out, when a file stands where a folder should be, and leaves nothing behind', async () => {
    await writeTree(parent, { 'blocker.txt': 'mine' });
    const problem = await failure(join(parent, 'blocker.txt', 'dist'), [{ path: 'index.html', contents: 'x' }]);
    expect(problem).toMatchObject({ file: '--out', code: 'output-write' });
    expect(problem.message).toContain('a file stands where one of the folders on the way to it should be');
    expect((await readdir(parent)).sort()).toEqual(['blocker.txt']);
    expect(await readFile(join(parent, 'blocker.txt'), 'utf8')).toBe('mine');
  });

  it.each(['/proc/site-out', '/sys/site-out', '/proc/self/site-out'])('refuses %s with a located problem, not a stack', async (out) => {
    const problem = await failure(out, [{ path: 'index.html', contents: 'x' }]);
    expect(problem).toMatchObject({ file: '--out', code: 'output-write', severity: 'error' });
    expect(problem.message).toMatch(/^cannot write the site to ".*site-out": /);
  });

  it('leaves the previous build in place, and no tree beside it, when the new one cannot be written', async () => {
    await builtTree(dist, { 'index.html': 'previous' });
    // Two files where one needs the other's name as a folder: the second cannot be written.
    const problem = await failure(dist, [
      { path: 'a', contents: 'file' },
      { path: 'a/b.html', contents: 'inside a file' },
    ]);
    expect(problem.code).toBe('output-write');
    expect(await readFile(join(dist, 'index.html'), 'utf8')).toBe('previous');
    expect(await readdir(parent)).toEqual(['dist']);
  });
});

describe('takeFromLast', () => {
  it('links a file the last build wrote as it was, and makes again one changed since, one with another digest, or one not there', async () => {
    await builtTree(dist, { 'same.html': 'kept', 'touched.html': 'was', 'other.html': 'old', 'a/deep.html': 'deep' });
    const marker = markedFiles(await readFile(join(dist, OUTPUT_MARKER), 'utf8'));
    // Touched after the build (a copy without its times, say): the file is made again rather than read to be sure.
    await utimes(join(dist, 'touched.html'), 1, 1);
    const staging = await openStaging(dist);
    try {
      expect(staging.takeFromLast('same.html', marker.get('same.html')!.digest)).toBe(true);
      expect(staging.takeFromLast('a/deep.html', marker.get('a/deep.html')!.digest)).toBe(true);
      expect(staging.takeFromLast('touched.html', marker.get('touched.html')!.digest)).toBe(false);
      expect(staging.takeFromLast('other.html', marker.get('same.html')!.digest)).toBe(false);
      expect(staging.takeFromLast('missing.html', marker.get('same.html')!.digest)).toBe(false);
      expect(staging.written).toBe('kept'.length + 'deep'.length);
      await staging.commit([{ path: 'other.html', contents: 'new' }]);
    } catch (error) {
      await staging.abandon();
      throw error;
    }
    expect(await filesIn(dist)).toEqual([OUTPUT_MARKER, 'a/deep.html', 'other.html', 'same.html']);
    expect(await readFile(join(dist, 'other.html'), 'utf8')).toBe('new');
    expect(await readFile(join(dist, 'same.html'), 'utf8')).toBe('kept');
    expect(await readFile(join(dist, 'a/deep.html'), 'utf8')).toBe('deep');
  });
});

describe('turnWriter', () => {
  it('holds a few files, writes them on its turn, and goes on holding while another thread has the turn', () => {
    const turns = new SharedArrayBuffer(4);
    const word = new Int32Array(turns);
    const written: string[] = [];
    const writer = turnWriter(turns, (path) => written.push(path));
    for (let i = 0; i < 15; i++) writer.write(`p${i}`, 'x');
    expect(written).toEqual([]);
    writer.write('p15', 'x');
    expect(written).toHaveLength(16);
    expect(Atomics.load(word, 0)).toBe(0);
    // Another thread is writing: this one holds its files and does not wait.
    Atomics.store(word, 0, 1);
    for (let i = 16; i < 40; i++) writer.write(`p${i}`, 'x');
    expect(written).toHaveLength(16);
    Atomics.store(word, 0, 0);
    writer.write('p40', 'x');
    expect(written).toEqual(Array.from({ length: 41 }, (_, i) => `p${i}`));
    writer.write('p41', 'x');
    writer.flush();
    expect(written.at(-1)).toBe('p41');
  });

  it('gives the turn back when a write fails', () => {
    const turns = new SharedArrayBuffer(4);
    const writer = turnWriter(turns, () => {
      throw new Error('disk full');
    });
    writer.write('a', 'x');
    expect(() => writer.flush()).toThrow('disk full');
    expect(Atomics.load(new Int32Array(turns), 0)).toBe(0);
  });
});

describe('recover', () => {
  it('puts back the earlier build that a killed run had set aside, and removes its half-written tree', async () => {
    await writeTree(parent, {
      [`.dist-old-${DEAD_PID}-aaaa/index.html`]: 'previous',
      [`.dist-new-${DEAD_PID}-bbbb/index.html`]: 'half',
    });
    await recover(dist);
    expect((await readdir(parent)).sort()).toEqual(['dist']);
    expect(await readFile(join(dist, 'index.html'), 'utf8')).toBe('previous');
  });

  it('removes a set-aside tree when the output folder exists', async () => {
    await writeTree(parent, { 'dist/index.html': 'current', [`.dist-old-${DEAD_PID}-aaaa/index.html`]: 'previous' });
    await recover(dist);
    expect(await readdir(parent)).toEqual(['dist']);
    expect(await readFile(join(dist, 'index.html'), 'utf8')).toBe('current');
  });

  it('leaves alone the trees of a build that is still running, and folders of other names', async () => {
    const running = `.dist-new-${process.ppid}-cccc`;
    await writeTree(parent, { [`${running}/index.html`]: 'in progress', '.other-old-1-dddd/x': 'x', 'dist-old/x': 'x' });
    await recover(dist);
    expect((await readdir(parent)).sort()).toEqual([running, '.other-old-1-dddd', 'dist-old']);
  });

  it('leaves alone the set-aside tree of another output folder whose name starts the same', async () => {
    // `.dist-new-old-…` is the previous build of a folder called dist-new, not a staging tree of dist.
    const sibling = `.dist-new-old-${DEAD_PID}-aaaa`;
    await writeTree(parent, { 'dist/index.html': 'current', [`${sibling}/index.html`]: 'previous of dist-new' });
    await recover(dist);
    expect((await readdir(parent)).sort()).toEqual([sibling, 'dist']);
  });

  it('does nothing when the parent folder does not exist', async () => {
    await expect(recover(join(parent, 'missing', 'dist'))).resolves.toBeUndefined();
  });

  it('runs before every write, so a killed run’s trees do not pile up', async () => {
    await writeTree(parent, { [`.dist-new-${DEAD_PID}-bbbb/index.html`]: 'half' });
    await writeOutput(dist, [{ path: 'index.html', contents: 'new' }]);
    expect(await readdir(parent)).toEqual(['dist']);
  });
});

describe('refreshFiles', () => {
  it('writes only the files whose contents changed and returns their paths', async () => {
    await writeTree(parent, { 'schemas/site.json': '{"same":true}', 'schemas/page.json': '{"old":true}' });
    const changed = await refreshFiles(parent, [
      { path: 'schemas/site.json', contents: '{"same":true}' },
      { path: 'schemas/page.json', contents: '{"new":true}' },
      { path: 'schemas/article.json', contents: '{}' },
    ]);
    expect(changed).toEqual(['schemas/page.json', 'schemas/article.json']);
    expect(await readFile(join(parent, 'schemas/page.json'), 'utf8')).toBe('{"new":true}');
    expect(await refreshFiles(parent, [{ path: 'schemas/page.json', contents: '{"new":true}' }])).toEqual([]);
  });
});

describe('writeParseCache', () => {
  it('saves the entries as JSON, creating its folder, with no temporary file left', async () => {
    await writeParseCache(join(parent, 'cache/site/parsed.json'), { abc: { name: 'Tiny' } });
    expect(JSON.parse(await readFile(join(parent, 'cache/site/parsed.json'), 'utf8'))).toEqual({ abc: { name: 'Tiny' } });
    expect(await readdir(join(parent, 'cache/site'))).toEqual(['parsed.json']);
  });

  it('writes what JSON.stringify would, byte for byte, however many pieces it takes', async () => {
    // Megabytes of values, text that needs escaping, and what JSON leaves out of an object.
    const entries: Record<string, unknown> = { first: undefined, '7': 'a digit key', 'quo"te': 'é\n\u2028' };
    for (let i = 0; i < 3_000; i++) entries[`h${i}`] = { title: `Page ${i} — “quoted”`, body: 'x'.repeat(1_000 + i), list: [i, null, true], skip: undefined };
    entries.last = () => 'not JSON';
    await writeParseCache(join(parent, 'cache/parsed.json'), entries);
    const written = await readFile(join(parent, 'cache/parsed.json'), 'utf8');
    expect(written.length).toBeGreaterThan(3 << 20);
    expect(written).toBe(JSON.stringify(entries));
  });

  it('ignores a failure even where the temporary file cannot be made or removed', async () => {
    // The cache folder's name is taken by a file, so neither writing nor cleaning up can work.
    await writeTree(parent, { 'cache/blocked': 'a file' });
    await expect(writeParseCache(join(parent, 'cache/blocked/parsed.json'), { abc: 1 })).resolves.toBeUndefined();
  });

  it('ignores a failure, removing its temporary file: the cache only saves time', async () => {
    // The cache file's name is taken by a folder, so the final rename fails.
    await mkdir(join(parent, 'cache', 'parsed.json', 'inside'), { recursive: true });
    await expect(writeParseCache(join(parent, 'cache/parsed.json'), { abc: 1 })).resolves.toBeUndefined();
    expect(await readdir(join(parent, 'cache'))).toEqual(['parsed.json']);
  });
});

describe('the marker of a tree made of the last one', () => {
  /** What happens to one of the cache's files between two builds. */
  const change = fc.oneof(
    fc.constant({ kind: 'none' as const }),
    // Rewritten in place (a tool that edits dist/ through its link): the same file, new bytes of the same size.
    fc.record({ kind: fc.constant('in place' as const), byte: fc.integer({ min: 0, max: 255 }) }),
    // Replaced whole, as the engine replaces its cache files: a new file under the same name.
    fc.record({ kind: fc.constant('replaced' as const), byte: fc.integer({ min: 0, max: 255 }) }),
    fc.record({ kind: fc.constant('touched' as const), seconds: fc.integer({ min: 1, max: 2_000_000_000 }) }),
  );
  /**
   * What one output path is made of in one build: bytes of its own given at the end, or written as rendered (by
   * this thread, or by another, whose file may be changed after it wrote it), a cache file linked, or the last build's file.
   */
  const source = fc.oneof(
    fc.record({ kind: fc.constantFrom('bytes' as const, 'streamed' as const, 'another thread' as const), byte: fc.integer({ min: 0, max: 255 }) }),
    fc.record({ kind: fc.constant('changed after' as const), byte: fc.integer({ min: 0, max: 255 }) }),
    fc.record({ kind: fc.constant('kept' as const), cache: fc.integer({ min: 0, max: 2 }) }),
    fc.constant({ kind: 'last' as const }),
    // Taken from the last build, then changed in place: the link is the last build's file too, so the build is refused.
    fc.constant({ kind: 'last, changed after' as const }),
  );
  const build = fc.record({ changes: fc.array(change, { minLength: 3, maxLength: 3 }), sources: fc.array(source, { minLength: 4, maxLength: 4 }) });

  it('stamps every file as the build made it, whatever the last build left, when files are written as rendered, taken from it or linked from the same cache file', async () => {
    let run = 0;
    let times = 1;
    await fc.assert(
      fc.asyncProperty(fc.array(build, { minLength: 2, maxLength: 5 }), async (builds) => {
        const dir = join(parent, `run-${run++}`);
        const out = join(dir, 'dist');
        const caches = [0, 1, 2].map((i) => join(dir, `cache-${i}.bin`));
        await mkdir(dir, { recursive: true });
        for (const [i, file] of caches.entries()) await writeFile(file, new Uint8Array(64).fill(i));
        let tampered = false;
        for (const { changes, sources } of builds) {
          for (const [i, c] of changes.entries()) {
            if (c.kind === 'in place') await writeFile(caches[i]!, new Uint8Array(64).fill(c.byte));
            else if (c.kind === 'replaced') {
              await writeFile(`${caches[i]}.new`, new Uint8Array(64).fill(c.byte));
              await rename(`${caches[i]}.new`, caches[i]!);
            } else if (c.kind === 'touched') await utimes(caches[i]!, c.seconds, c.seconds);
          }
          const last = await readFile(join(out, OUTPUT_MARKER), 'utf8').then(markedFiles, () => new Map<string, FileStamp>());
          let staging;
          try {
            // The tree the last build replaced is kept, and written over by the next.
            staging = await openStaging(out, join(dir, 'cache'));
          } catch (error) {
            // A tree whose file was changed after its build is refused, never replaced: nothing to stamp.
            expect(error).toBeInstanceOf(ContentError);
            continue;
          }
          // A tree with a file changed after its build made it is refused before the swap (or before, when the folder is looked at first).
          const refused = tampered;
          const entries = [];
          const other = sharedTreeWriter(staging);
          const changedAfter: string[] = [];
          for (const [i, s] of sources.entries()) {
            const path = `f${i}.bin`;
            if ((s.kind === 'last' || s.kind === 'last, changed after') && last.has(path) && staging.takeFromLast(path, last.get(path)!.digest)) {
              if (s.kind === 'last, changed after') changedAfter.push(path);
              continue;
            }
            if (s.kind === 'streamed') staging.write(path, new Uint8Array(64).fill(s.byte));
            else if (s.kind === 'another thread' || s.kind === 'changed after') other.write(path, new Uint8Array(64).fill(s.byte));
            if (s.kind === 'changed after') changedAfter.push(path);
            if (s.kind === 'streamed' || s.kind === 'another thread' || s.kind === 'changed after') continue;
            if (s.kind === 'kept') entries.push(keptFile(path, { file: caches[s.cache]!, size: 64 }));
            else entries.push({ path, contents: new Uint8Array(64).fill(s.kind === 'bytes' ? s.byte : 7) });
          }
          other.flush();
          // Changed in place after it was written (same size, other bytes), as nothing should.
          // Its time is set apart too: a file system with coarse times could give the change the time of the write.
          // A time of its own each time: a file taken from the last build may have been given one here before.
          for (const path of changedAfter) {
            await writeFile(join(staging.folder, path), new Uint8Array(64).fill(255 - (await readFile(join(staging.folder, path)))[0]!));
            await utimes(join(staging.folder, path), ++times, times);
          }
          staging.stamped(other.stamps);
          try {
            await staging.commit(entries);
          } catch (error) {
            expect(error).toBeInstanceOf(ContentError);
            continue;
          }
          expect(refused, 'a tree with a file changed since its build was replaced').toBe(false);
          tampered = changedAfter.length > 0;
          const marker = markedFiles(await readFile(join(out, OUTPUT_MARKER), 'utf8'));
          expect([...marker.keys()].sort()).toEqual(sources.map((_, i) => `f${i}.bin`));
          // A file changed after the build made it is stamped as the build made it: the next build sees it changed since.
          for (const [path, stamp] of marker) {
            if (changedAfter.includes(path)) expect(stamp, path).not.toEqual(await stampOf(join(out, path)));
            else expect(stamp, path).toEqual(await stampOf(join(out, path)));
          }
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('a path written again in a tree being written', () => {
  /** One way a path of the new tree is made; a path may be made several ways, one after another. */
  const how = fc.constantFrom(
    'taken from the last build',
    'written as rendered',
    'written by another thread',
    'bytes at the end',
    'linked from the cache',
    'copied from the cache',
  );

  it('never changes the file already there: neither the last build’s, taken, nor the cache’s, linked', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(how, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 4 }), async (paths) => {
        const home = join(parent, `again-${run++}`);
        const out = join(home, 'dist');
        const cache = join(home, 'cache.bin');
        await builtTree(out, Object.fromEntries(paths.map((_, i) => [`f${i}.html`, `last build's f${i}`])));
        await writeFile(cache, 'the cache file');
        const last = markedFiles(await readFile(join(out, OUTPUT_MARKER), 'utf8'));
        const staging = await openStaging(out, join(home, 'cache'));
        const other = sharedTreeWriter(staging);
        const entries = [];
        for (const [i, ways] of paths.entries()) {
          const path = `f${i}.html`;
          for (const way of ways) {
            if (way === 'taken from the last build') staging.takeFromLast(path, last.get(path)!.digest);
            else if (way === 'written as rendered') staging.write(path, `new f${i}`);
            else if (way === 'written by another thread') other.write(path, `new f${i} from another thread`);
            else if (way === 'bytes at the end') entries.push({ path, contents: `f${i} at the end` });
            else entries.push(keptFile(path, { file: cache, size: 14, ...(way === 'copied from the cache' ? { copied: true } : {}) }));
          }
        }
        other.flush();
        staging.stamped(other.stamps);
        // Nothing wrote into the last build: it is not found changed when set aside, and the new tree replaces it.
        await staging.commit(entries);
        expect(await readFile(cache, 'utf8')).toBe('the cache file');
        const marker = markedFiles(await readFile(join(out, OUTPUT_MARKER), 'utf8'));
        for (const [path, stamp] of marker) expect(stamp, path).toEqual(await stampOf(join(out, path)));
      }),
      { numRuns: 150 },
    );
  });
});
