// cacheFolderProblem(): the cache folder, wherever SITE_CACHE_DIR points, is made and usable or refused
// in plain words at SITE_CACHE_DIR, at once, changing nothing. Paths are generated from pieces that
// have gone wrong: files, a FIFO, links (dangling, looping, into the output), the project's own
// folders, `..`, names too long, and places that hold no files (/proc, /sys, /dev).
import { execFileSync } from 'node:child_process';
import { lstat, mkdir, readdir, readlink, realpath, rm, rmdir, symlink, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempFolder, removeFolder, writeTree } from '../../tests/helpers/unit.ts';
import { cacheFolderProblem } from './cache-folder.ts';

let top = '';
let project = '';
let out = '';

beforeAll(async () => {
  top = await realpath(await makeTempFolder());
  project = join(top, 'project');
  out = join(project, 'dist');
  await writeTree(project, {
    'site.yaml': 'business: {}\n',
    'pages/index.yaml': 'title: Home\n',
    'templates/page.tsx': '',
    'static/logo.svg': '<svg/>',
    'schemas/page.json': '{}',
    'node_modules/.keep': '',
    'dist/.site-build': 'marker\n',
    'dist/index.html': '<p>',
  });
  await mkdir(join(top, 'outside'));
  execFileSync('mkfifo', [join(project, 'fifo')]);
  await symlink(join(top, 'nowhere', 'deeper'), join(project, 'dangling'));
  await symlink(join(project, 'loop2'), join(project, 'loop'));
  await symlink(join(project, 'loop'), join(project, 'loop2'));
  await symlink(out, join(project, 'outlink'));
  await symlink(join(project, 'site.yaml'), join(project, 'filelink'));
});

afterAll(async () => {
  await removeFolder(top);
});

/** Every path below `top`, with what it is (a link with where it leads): what a refused folder must leave alone. */
async function tree(): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const entry of await readdir(top, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    const info = await lstat(path);
    found.set(path, info.isSymbolicLink() ? `link ${await readlink(path)}` : info.isDirectory() ? 'folder' : info.isFIFO() ? 'fifo' : `file ${info.size}`);
  }
  return found;
}

/** Whether `inner` is `outer` or below it, by its path's characters (a name such as `..notes` is a folder inside). */
function within(outer: string, inner: string): boolean {
  return inner === outer || inner.startsWith(outer.endsWith(sep) ? outer : outer + sep);
}

const SEGMENTS = [
  'a',
  'b',
  '..',
  '..notes',
  '.site-cache',
  'site.yaml',
  'fifo',
  'dangling',
  'loop',
  'outlink',
  'filelink',
  'dist',
  'pages',
  'static',
  'templates',
];
const BASES = ['', join('..', 'outside'), '/proc', '/proc/self', '/sys', '/sys/kernel', '/dev/null', '/dev'];

const segment = fc.oneof(fc.constantFrom(...SEGMENTS), fc.constant('n'.repeat(300)));
/** Anywhere the pieces lead, and one or two steps inside a place the cache may not be (where a refusal that misreads a name shows). */
const placement = fc.oneof(
  fc
    .tuple(fc.constantFrom(...BASES), fc.array(segment, { maxLength: 4 }))
    .map(([base, segments]) => [base, ...segments].filter((s) => s !== '').join('/') || '.'),
  fc
    .tuple(fc.constantFrom('dist', 'outlink', 'pages', 'static', 'templates', 'schemas'), fc.array(segment, { minLength: 1, maxLength: 2 }))
    .map(([place, segments]) => [place, ...segments].join('/')),
);

describe('cacheFolderProblem', () => {
  it('makes a usable folder or refuses in plain words at SITE_CACHE_DIR, within a second, changing nothing it refused', async () => {
    const seen = { made: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(placement, async (chosen) => {
        const before = await tree();
        const folder = resolve(project, chosen);
        const started = performance.now();
        const problem = await cacheFolderProblem(project, folder, out, true);
        expect(performance.now() - started).toBeLessThan(1000);
        const after = await tree();
        if (problem) {
          seen.refused++;
          expect(problem).toMatchObject({ code: 'cache-folder', file: 'SITE_CACHE_DIR', severity: 'error' });
          // Every error the file system gave has words of its own, not its code.
          expect(problem.message).not.toMatch(/refused \(/);
          expect(problem.hint).toContain('SITE_CACHE_DIR');
          expect(after).toEqual(before);
          return;
        }
        seen.made++;
        const real = await realpath(folder);
        expect((await lstat(real)).isDirectory()).toBe(true);
        expect(real).not.toBe(project);
        expect(within(out, real)).toBe(false);
        for (const content of ['pages', 'static', 'templates', 'schemas']) expect(within(join(project, content), real)).toBe(false);
        await writeFile(join(real, 'probe'), 'x');
        await rm(join(real, 'probe'));
        // Nothing that was there changed; only the folders on the way to the cache were added.
        const added = [...after.keys()].filter((path) => !before.has(path));
        for (const [path, what] of before) expect(after.get(path)).toBe(what);
        for (const path of added) {
          expect(after.get(path)).toBe('folder');
          expect(within(path, real)).toBe(true);
        }
        for (const path of added.sort((a, b) => b.split(sep).length - a.split(sep).length)) await rmdir(path);
      }),
      { numRuns: 600 },
    );
    // The generator reaches both sides: a property that only ever refused would prove little.
    expect(seen.made).toBeGreaterThan(10);
    expect(seen.refused).toBeGreaterThan(10);
  }, 60_000);
});
