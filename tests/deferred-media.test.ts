// Media made after the render (`deferMedia`, as site dev builds): whatever point
// the jobs are stopped at (a new build came first, the server was stopped), and
// however the rest are made by the next build's jobs, the site ends up exactly as
// a build that made everything first: the same pages, naming the same files,
// with the same bytes. Until then a photo's variants are a small JPEG.
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from 'trn-site';
import { copyProject, removeCopy } from './helpers/project-copy.ts';
import { posts } from './helpers/content.ts';
import { syntheticPhoto } from '../tools/bench/photo.ts';

const PHOTO = '/images/blog/IMG_3000 New Panel.JPG';
const post = posts[0]!;
const copies: string[] = [];
/** A build that made everything before rendering, from a cache of its own: the files as they must end up. */
let whole: Map<string, Uint8Array | string>;

/** A copy of the project with a new photo as the featured image of a post; its engine cache starts empty. */
async function projectWithPhoto(): Promise<string> {
  const root = await copyProject('deferred');
  copies.push(root);
  await writeFile(join(root, 'static', PHOTO), await syntheticPhoto(900, 675, 3000));
  const text = await readFile(join(root, post.file), 'utf8');
  await writeFile(join(root, post.file), text.replace(/^featuredImage: .*$/m, `featuredImage: "${PHOTO}"`));
  return root;
}

/** The engine's cache of a copy (its own, see copyProject). */
const cacheOf = (root: string) => join(root, 'node_modules', '.cache', 'site');
const filesOf = (result: BuildResult) => new Map(result.files.map((f) => [f.path, f.contents]));
const deferred = (root: string) => build({ root, write: false, editorSchemas: false, deferMedia: true });

beforeAll(async () => {
  const root = await projectWithPhoto();
  whole = filesOf(await build({ root, write: false, editorSchemas: false }));
}, 120_000);
afterAll(async () => {
  for (const root of copies) await removeCopy(root);
});

describe('photos and share cards made after the render', () => {
  it('renders every page as a build that made them first would, with a quick stand-in at each variant of a new photo', async () => {
    const root = await projectWithPhoto();
    const result = await deferred(root);
    const files = filesOf(result);
    const photoJobs = result.later.filter((job) => job.group === PHOTO);
    const cardJobs = result.later.filter((job) => job.group === 'share cards');
    expect(photoJobs.length).toBeGreaterThan(0);
    expect(cardJobs.length).toBeGreaterThan(0);
    // Photos first: they are what a page shows.
    expect(result.later.findIndex((job) => job.group !== PHOTO)).toBe(photoJobs.length);
    // Every page is already as it will be.
    for (const page of result.pages) expect(page.html).toBe(whole.get(page.output));
    // The photo's variants are named and, for now, each a small JPEG; the cards are named only.
    for (const path of photoJobs.flatMap((job) => job.paths)) {
      const meta = await sharp(files.get(path) as Uint8Array).metadata();
      expect([meta.format, meta.width! <= 640]).toEqual(['jpeg', true]);
      expect(whole.has(path)).toBe(true);
    }
    for (const path of cardJobs.flatMap((job) => job.paths)) {
      expect(files.has(path)).toBe(false);
      expect(whole.has(path)).toBe(true);
    }
    // Nothing else differs.
    const later = new Set(result.later.flatMap((job) => job.paths));
    expect([...files.keys()].filter((path) => !later.has(path)).sort()).toEqual([...whole.keys()].filter((path) => !later.has(path)).sort());
  }, 120_000);

  it('ends exactly as a build that made everything first, wherever its jobs were stopped', async () => {
    await fc.assert(
      // Where the jobs stop, and which share cards an earlier build left in the cache (drawing all of them each time takes long).
      fc.asyncProperty(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), async (stop, kept) => {
        const root = await projectWithPhoto();
        const cards = await readdir(join(cacheOf(copies[0]!), 'cards'));
        await mkdir(join(cacheOf(root), 'cards'), { recursive: true });
        for (const card of cards.slice(0, Math.floor(kept * cards.length)))
          await copyFile(join(cacheOf(copies[0]!), 'cards', card), join(cacheOf(root), 'cards', card));
        const first = await deferred(root);
        const made = new Map<string, Uint8Array | string>();
        // A few at a time, as the dev server makes them on a machine with that many cores.
        const run = async (jobs: BuildResult['later']) => {
          const queue = [...jobs];
          const work = async () => {
            for (let job = queue.shift(); job; job = queue.shift()) {
              const { files, diagnostics } = await job.make();
              expect(diagnostics).toEqual([]);
              expect(files.map((f) => f.path)).toEqual(job.paths);
              for (const file of files) made.set(file.path, file.contents);
            }
          };
          await Promise.all([work(), work(), work(), work()]);
        };
        // Stopped after some of the first build's jobs; the next build names what is still missing.
        await run(first.later.slice(0, Math.floor(stop * first.later.length)));
        const second = await deferred(root);
        await run(second.later);
        const ended = filesOf(second);
        for (const [path, contents] of made) if (ended.has(path) || second.later.some((job) => job.paths.includes(path))) ended.set(path, contents);
        expect([...ended.keys()].sort()).toEqual([...whole.keys()].sort());
        for (const [path, contents] of whole) expect(Buffer.from(ended.get(path)!).equals(Buffer.from(contents)), path).toBe(true);
        // And the cache holds all of it: a build now makes nothing.
        const after = await build({ root, write: false, editorSchemas: false });
        expect([after.stats.images.drawn, after.stats.cards.drawn, after.later.length]).toEqual([0, 0, 0]);
      }),
      { numRuns: 2 },
    );
  }, 240_000);
});
