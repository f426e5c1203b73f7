// outputFolderProblem(): which --out folders a build may replace, decided from paths and what is at the folder's top;
// folderEntries(): what is there, never throwing.
import { mkdir, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stopsRendering } from '../contracts/diagnostics.ts';
import { contentHash } from '../digest.ts';
import {
  folderEntries,
  markedFiles,
  markerText,
  OUTPUT_MARKER,
  OUTPUT_MARKER_TEXT,
  outputFolderProblem,
  stampOf,
  strangersIn,
  writeProblem,
  type OutputListing,
  type WrittenFile,
} from './output-folder.ts';
import { makeTempFolder, removeFolder, writeTree } from '../../tests/helpers/unit.ts';

const ROOT = '/work/project';
const REPLACES = 'and a build replaces the whole output folder';

/** The stamps of `paths` under `dir`, as a build records them. */
async function stamps(dir: string, paths: readonly string[]): Promise<WrittenFile[]> {
  return Promise.all(paths.map(async (path) => ({ path, ...(await stampOf(join(dir, path)))! })));
}

const missing = (out: string): OutputListing => ({ kind: 'missing', real: resolve(ROOT, out) });
const folder = (out: string, names: string[]): OutputListing => ({ kind: 'folder', names, real: resolve(ROOT, out) });

describe('outputFolderProblem', () => {
  it.each([
    ['.', missing('.'), `it holds the project itself, ${REPLACES}`],
    ['..', missing('..'), `it holds the project itself, ${REPLACES}`],
    ['pages', folder('pages', ['index.yaml']), `it is the project's pages/ folder, ${REPLACES}`],
    ['pages/blog', missing('pages/blog'), `it is the project's pages/ folder or inside it, ${REPLACES}`],
    ['templates', folder('templates', ['index.ts', OUTPUT_MARKER]), `it is the project's templates/ folder, ${REPLACES}`],
    ['static', missing('static'), `it is the project's static/ folder, ${REPLACES}`],
    ['schemas', missing('schemas'), `it is the project's schemas/ folder, ${REPLACES}`],
    ['node_modules/.cache', missing('node_modules/.cache'), `it is the project's node_modules/ folder or inside it, ${REPLACES}`],
    ['.git', folder('.git', ['HEAD', 'index']), `it is the project's .git/ folder, ${REPLACES}`],
    ['.output', missing('.output'), `it is the project's .output/ folder, ${REPLACES}`],
    ['notes.txt', { kind: 'file', real: resolve(ROOT, 'notes.txt') } as OutputListing, `it is a file, not a folder, ${REPLACES}`],
    // A link whose real place is the project's pages/ is refused like pages/ itself.
    ['/tmp/link', { kind: 'folder', names: [], real: `${ROOT}/pages` } as OutputListing, `it is the project's pages/ folder, ${REPLACES}`],
  ])('refuses %s', (out, listing, why) => {
    expect(outputFolderProblem(ROOT, out, listing)).toEqual({
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

  it('refuses a folder without the marker, naming what is in it, even one that looks like a built site', () => {
    const problem = outputFolderProblem(ROOT, 'dist', folder('dist', ['index.html', 'precious.txt', 'assets', '404.html', 'about.html']));
    expect(problem).toMatchObject({ file: '--out', code: 'output-folder-unmarked', severity: 'error' });
    expect(problem!.message).toBe(
      'cannot write the site to "dist": it holds files this generator did not make ("404.html", "about.html", "assets" and 2 more), and a build replaces the whole output folder',
    );
    expect(problem!.hint).toContain(`no ${OUTPUT_MARKER} file in it), delete it once`);
  });

  it('allows a missing folder, an empty one and one a build made, wherever it is outside the project’s own folders', () => {
    const outs = fc.constantFrom('dist', 'public', 'build/site', '../site-out', '/tmp/elsewhere', 'src/out', 'docs/site');
    const names = fc.array(fc.string({ minLength: 1, maxLength: 12 }), { maxLength: 6 });
    fc.assert(
      fc.property(outs, names, fc.boolean(), (out, others, empty) => {
        expect(outputFolderProblem(ROOT, out, missing(out))).toBeUndefined();
        expect(outputFolderProblem(ROOT, out, folder(out, empty ? [] : [...others, OUTPUT_MARKER]))).toBeUndefined();
      }),
    );
  });

  it('refuses any folder that holds something but no marker', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ minLength: 1, maxLength: 12 }).filter((n) => n !== OUTPUT_MARKER),
          { minLength: 1, maxLength: 6 },
        ),
        (names) => {
          expect(outputFolderProblem(ROOT, 'dist', folder('dist', names))?.code).toBe('output-folder-unmarked');
        },
      ),
    );
  });

  it('says a folder that could not be read in plain words, with what to do', () => {
    expect(outputFolderProblem(ROOT, '/sys/x', { kind: 'unreadable', code: 'EACCES' })).toMatchObject({
      code: 'output-write',
      file: '--out',
      message: 'cannot write the site to "/sys/x": that folder, or the one around it, cannot be written; the previous build, if any, is left as it was',
      hint: 'choose a folder you can write to, such as dist, or change its permissions',
    });
    expect(writeProblem('dist', 'EWHATEVER').message).toContain('the file system refused (EWHATEVER)');
    // Every error a replacing build meets is said in words, with a hint, and keeps the previous build's promise.
    for (const code of [
      'EACCES',
      'EPERM',
      'EROFS',
      'ENOTDIR',
      'EISDIR',
      'ENOENT',
      'ENOSPC',
      'EDQUOT',
      'EXDEV',
      'EBUSY',
      'ENOTEMPTY',
      'ELOOP',
      'ENAMETOOLONG',
      'EMFILE',
    ]) {
      const problem = writeProblem('dist', code);
      expect(problem.message, code).toMatch(/^cannot write the site to "dist": [a-z].*; the previous build, if any, is left as it was$/);
      expect(problem.message, code).not.toContain(code);
      expect(problem.hint, code).toMatch(/^[a-z].+[a-z]$/);
    }
  });

  it('refuses before anything renders', () => {
    expect(stopsRendering(outputFolderProblem(ROOT, 'pages', missing('pages'))!)).toBe(true);
    expect(stopsRendering(outputFolderProblem(ROOT, 'dist', folder('dist', ['a']))!)).toBe(true);
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

  it('lists the names at the top of a folder, and says what is missing, a file, or a path through a file', async () => {
    await writeTree(root, { 'dist/index.html': 'x', 'dist/assets/a.js': 'y', 'file.txt': 'z' });
    const listed = await folderEntries(join(root, 'dist'));
    expect(listed.kind === 'folder' && [...listed.names].sort()).toEqual(['assets', 'index.html']);
    expect(await folderEntries(join(root, 'missing', 'deeper'))).toEqual({ kind: 'missing', real: join(root, 'missing', 'deeper') });
    expect((await folderEntries(join(root, 'file.txt'))).kind).toBe('file');
    expect(await folderEntries(join(root, 'file.txt', 'dist'))).toEqual({ kind: 'unreadable', code: 'ENOTDIR' });
  });

  it('follows a link to where it leads, so the project’s own folders cannot be reached through one', async () => {
    await mkdir(join(root, 'pages'));
    await symlink(join(root, 'pages'), join(root, 'out'));
    const listing = await folderEntries(join(root, 'out'));
    expect(listing).toEqual({ kind: 'folder', names: [], real: join(root, 'pages') });
    expect(outputFolderProblem(root, 'out', listing)?.code).toBe('output-folder');
  });

  it('finds the files put into a marked folder since its build, at any depth, and refuses the folder naming them', async () => {
    const name = fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,11}$/).filter((n) => n !== OUTPUT_MARKER);
    const path = fc.array(name, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('/'));
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(path, { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 3 }), async (paths, added) => {
        // A path that is also a folder of another cannot be a file: keep the ones that fit in one tree.
        const files = paths.filter((p) => !paths.some((q) => q.startsWith(`${p}/`)));
        const built = files.slice(added);
        const extra = files.slice(0, added);
        const dir = join(root, `case-${Math.random().toString(36).slice(2)}`);
        await writeTree(dir, Object.fromEntries(files.map((f) => [f, 'x'])));
        const written = await stamps(dir, built);
        await writeFile(join(dir, OUTPUT_MARKER), markerText(written));
        expect([...markedFiles(markerText(written)).keys()]).toEqual(built);
        const listing = await folderEntries(dir);
        expect(listing.kind === 'folder' && [...(listing.strangers ?? [])].sort()).toEqual([...extra].sort().slice(0, 3));
        const problem = outputFolderProblem(root, dir, listing);
        expect(problem?.code).toBe(extra.length > 0 ? 'output-folder-added' : undefined);
        if (problem) expect(problem.message).toContain(JSON.stringify(extra.sort()[0]));
      }),
      { numRuns: 40 },
    );
  });

  it('lets a marker vouch only for files as its build wrote them: one written or copied by hand, a changed file or a link is a stranger', async () => {
    const cases = {
      // A marker forged by hand: names alone, as an older build wrote them.
      'names alone': async (dir: string) => writeFile(join(dir, OUTPUT_MARKER), `${OUTPUT_MARKER_TEXT}precious.txt\n`),
      // A stamp copied from another file of the same size: its bytes differ.
      'a stamp of other bytes': async (dir: string) => {
        await writeTree(dir, { 'other.txt': 'kept\n' });
        const [other] = await stamps(dir, ['other.txt']);
        await writeFile(join(dir, OUTPUT_MARKER), markerText([{ ...other!, path: 'precious.txt', mtime: 0n }]));
      },
      // The build's own file, edited since in place.
      'a changed file': async (dir: string) => {
        await writeFile(join(dir, OUTPUT_MARKER), markerText(await stamps(dir, ['precious.txt'])));
        await writeFile(join(dir, 'precious.txt'), 'mine\n');
      },
      // A link where the build wrote a file, to a file elsewhere whose bytes are the build's.
      'a link': async (dir: string) => {
        await writeFile(join(dir, OUTPUT_MARKER), markerText(await stamps(dir, ['precious.txt'])));
        await writeTree(root, { 'outside.txt': await readFile(join(dir, 'precious.txt'), 'utf8') });
        await rm(join(dir, 'precious.txt'));
        await symlink(join(root, 'outside.txt'), join(dir, 'precious.txt'));
      },
    };
    for (const [name, forge] of Object.entries(cases)) {
      const dir = join(root, name.replace(/ /g, '-'));
      await writeTree(dir, { 'precious.txt': 'keep\n' });
      await forge(dir);
      expect(await strangersIn(dir), name).toContain('precious.txt');
      // Before a build only what the marker does not list is a stranger; the rest is judged at the swap (write.test.ts).
      const listing = await folderEntries(dir);
      const listed = markedFiles(await readFile(join(dir, OUTPUT_MARKER), 'utf8')).has('precious.txt');
      expect(listing.kind === 'folder' && listing.strangers?.includes('precious.txt'), name).toBe(!listed);
    }
  });

  it('still knows a build’s file copied with new times (a checkout, cp without -p) by its bytes', async () => {
    const dir = join(root, 'copied');
    await writeTree(dir, { 'index.html': '<!DOCTYPE html>', 'a/b.css': 'p{}' });
    await writeFile(join(dir, OUTPUT_MARKER), markerText(await stamps(dir, ['a/b.css', 'index.html'])));
    await utimes(join(dir, 'index.html'), 1, 1);
    expect(await strangersIn(dir)).toEqual([]);
  });

  it('stamps a file read whole and one read in pieces with the digest of its bytes', async () => {
    // Either side of the size up to which a file is read whole (4 MB).
    for (const size of [3, 4 * 1024 * 1024, 4 * 1024 * 1024 + 1, 9 * 1024 * 1024]) {
      const bytes = Buffer.alloc(size, size % 251);
      bytes[size - 1] = 7;
      await writeFile(join(root, 'file.bin'), bytes);
      const stamp = await stampOf(join(root, 'file.bin'));
      expect(stamp, String(size)).toMatchObject({ digest: contentHash(bytes), size: BigInt(size) });
    }
  });

  it('refuses an --out that names a file, since a build would replace it', async () => {
    await writeTree(root, { 'notes.txt': 'z' });
    expect(outputFolderProblem(root, 'notes.txt', await folderEntries(join(root, 'notes.txt')))?.code).toBe('output-folder');
  });
});
