// A photo an editor drops in, end to end on a copy of the project: named as a
// phone names it, referenced from a post, built into AVIF, WebP and JPEG at a
// few widths with the exact <picture> markup, the original left out, the second
// build taking everything from the cache; and each way an image can be wrong
// reported at the post's line.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, check } from 'trn-site';
import { copyProject, removeCopy } from './helpers/project-copy.ts';
import { baseUrl, posts } from './helpers/content.ts';
import { syntheticPhoto } from '../tools/bench/photo.ts';

const PHOTO = '/images/blog/IMG_2041 Heated Floor.JPG';
const post = posts[0]!;
let root: string;
let original: string;
let photo: Buffer;

beforeAll(async () => {
  root = await copyProject('images');
  original = await readFile(join(root, post.file), 'utf8');
  photo = await syntheticPhoto(1000, 750, 7);
  await writeFile(join(root, 'static', PHOTO), photo);
}, 60_000);
afterAll(() => removeCopy(root));

/** The post's file with its featured image (and, unless `alt` is null, its alt text) replaced. */
async function usePhoto(path: string, alt: string | null = 'A heated floor mat rolled out on a bathroom subfloor') {
  const text = original
    .replace(/^featuredImage: .*$/m, `featuredImage: ${path}`)
    .replace(/^featuredImageAlt: .*\n/m, alt === null ? '' : `featuredImageAlt: ${alt}\n`);
  await writeFile(join(root, post.file), text);
  return text;
}
function lineOf(text: string, field: string): number {
  return text.split('\n').findIndex((line) => line.startsWith(`${field}:`)) + 1;
}

describe('a photo in a post', () => {
  /** The variants the first build drew, by path: the hash of each one's bytes. */
  const drawnVariants = new Map<string, string>();

  it('is made into AVIF, WebP and JPEG at each width up to its own, with this exact markup', async () => {
    await usePhoto(PHOTO);
    const out = join(root, 'dist');
    const result = await build({ root, out, editorSchemas: false });
    expect(result.stats.images).toEqual({ drawn: 1, cached: 0 });
    for (const f of result.files.filter((f) => f.path.startsWith('assets/images/')))
      drawnVariants.set(f.path, createHash('sha1').update(f.contents).digest('hex'));
    const hash = createHash('sha256').update(photo).digest('hex').slice(0, 10);
    const at = (w: number, ext: string) => `/assets/images/img-2041-heated-floor-${hash}-${w}.${ext}`;
    const set = (ext: string) => [400, 800, 1000].map((w) => `${at(w, ext)} ${w}w`).join(', ');
    const sizes = '(min-width: 48rem) 48rem, 100vw';
    const html = result.pages.find((p) => p.route === post.route)!.html;
    expect(html).toContain(
      `<picture><source type="image/avif" srcSet="${set('avif')}" sizes="${sizes}"/><source type="image/webp" srcSet="${set('webp')}" sizes="${sizes}"/>` +
        `<img class="post-img" src="${at(1000, 'jpg')}" srcSet="${set('jpg')}" sizes="${sizes}" width="1000" height="750" alt="A heated floor mat rolled out on a bathroom subfloor" fetchPriority="high"/></picture>`,
    );
    // The blog's card shows it too, lazily, as decoration beside the title.
    const card = result.pages.find((p) => p.route === '/blog')!.html;
    expect(card).toContain(
      `<img src="${at(1000, 'jpg')}" srcSet="${set('jpg')}" sizes="(min-width: 62rem) 24rem, (min-width: 40rem) 50vw, 100vw" width="1000" height="750" alt="" loading="lazy" decoding="async"/>`,
    );
    for (const [w, ext, format] of [
      [400, 'avif', 'heif'],
      [800, 'webp', 'webp'],
      [1000, 'jpg', 'jpeg'],
    ] as const) {
      const meta = await sharp(join(out, at(w, ext))).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([format, w, (w * 3) / 4]);
    }
    expect(existsSync(join(out, PHOTO))).toBe(false);
    // Shared as the photo cut to a 1200 × 630 card, with its alt text.
    const shared =
      /<meta property="og:image" content="([^"]+\.jpg)"\/><meta property="og:image:width" content="1200"\/><meta property="og:image:height" content="630"\/><meta property="og:image:alt" content="A heated floor mat rolled out on a bathroom subfloor"\/>/.exec(
        html,
      )?.[1];
    expect(shared).toMatch(new RegExp(`^${baseUrl}/assets/share/`));
    const shape = await sharp(join(out, new URL(shared!).pathname)).metadata();
    expect([shape.format, shape.width, shape.height]).toEqual(['jpeg', 1200, 630]);
  }, 120_000);

  it('does no image work on the next build, and links the cached variants into the output', async () => {
    const result = await build({ root, out: join(root, 'dist'), editorSchemas: false });
    expect(result.stats.images).toEqual({ drawn: 0, cached: 1 });
    const variants = result.files.filter((f) => f.path.startsWith('assets/images/') && f.kept);
    expect(variants.map((f) => f.path).sort()).toEqual([...drawnVariants.keys()].sort());
    for (const variant of variants) {
      const written = join(root, 'dist', variant.path);
      expect((await stat(written)).ino).toBe((await stat(variant.kept!.file)).ino);
      expect(
        createHash('sha1')
          .update(await readFile(written))
          .digest('hex'),
      ).toBe(drawnVariants.get(variant.path));
    }
  }, 60_000);
});

/** The errors a check finds: a photo of static/ that the broken post no longer publishes is only a warning beside them. */
async function errorsOf(root: string) {
  return (await check({ root })).filter((d) => d.severity === 'error');
}

describe('an image that is wrong', () => {
  it('is reported at the post’s line when the file is not there', async () => {
    const text = await usePhoto('/images/blog/missing photo.jpg');
    expect(await errorsOf(root)).toEqual([
      expect.objectContaining({
        code: 'image-missing',
        file: post.file,
        line: lineOf(text, 'featuredImage'),
        message: 'the image /images/blog/missing photo.jpg is not in static/',
      }),
    ]);
  });

  it('is reported at the post’s line when it is not an image', async () => {
    await writeFile(join(root, 'static/images/blog/notes.jpg'), 'these are notes, not a photo');
    const text = await usePhoto('/images/blog/notes.jpg');
    expect(await errorsOf(root)).toEqual([expect.objectContaining({ code: 'image-unreadable', file: post.file, line: lineOf(text, 'featuredImage') })]);
  });

  it('is reported when it has more than 40 megapixels, without being read whole', async () => {
    const huge = await sharp({ create: { width: 7000, height: 6000, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    await writeFile(join(root, 'static/images/blog/huge.png'), huge);
    const text = await usePhoto('/images/blog/huge.png');
    expect(await errorsOf(root)).toEqual([
      expect.objectContaining({
        code: 'image-too-large',
        file: post.file,
        line: lineOf(text, 'featuredImage'),
        message: expect.stringContaining('7000 × 6000 pixels (42 megapixels)'),
      }),
    ]);
    await rm(join(root, 'static/images/blog/huge.png'));
  });

  it('in a post’s body becomes a <picture> too, and needs its alt text there', async () => {
    const text = await usePhoto('/images/blog/why-do-my-breakers-keep-tripping.svg');
    const body = `${text}\n![A heating cable coiled on a subfloor](<${PHOTO}>)\n`;
    await writeFile(join(root, post.file), body);
    const result = await build({ root, out: join(root, 'dist'), editorSchemas: false });
    const html = result.pages.find((p) => p.route === post.route)!.html;
    expect(html).toMatch(
      /<picture><source type="image\/avif" srcset="\/assets\/images\/img-2041-heated-floor-[0-9a-f]{10}-400\.avif 400w, [^"]+" sizes="\(min-width: 48rem\) 48rem, 100vw">/,
    );
    expect(html).toContain('width="1000" height="750" alt="A heating cable coiled on a subfloor" loading="lazy" decoding="async"></picture>');
    await writeFile(join(root, post.file), body.replace('A heating cable coiled on a subfloor', ''));
    expect(await errorsOf(root)).toEqual([expect.objectContaining({ code: 'image-alt-missing', file: post.file, line: body.split('\n').length - 1 })]);
  }, 60_000);

  it('needs its alt text', async () => {
    await usePhoto(PHOTO, null);
    const found = await errorsOf(root);
    expect(found).toEqual([expect.objectContaining({ file: post.file, severity: 'error', message: expect.stringContaining('featuredImageAlt') })]);
  });
});
