// Photos with their camera data (npm run test:hardening): generated JPEG, PNG,
// WebP, AVIF and TIFF files carrying EXIF with a GPS position and XMP, some
// saved under another format's name, are put in static/ of a copy of the
// project and used every way content can use them: named in a published post's
// image field, in a draft's, as a Markdown image, linked by their path, or not
// at all. After a real build, no file of dist/ carries camera data, a picture
// nothing published uses is not there, with a warning at its file, and one a
// page links by its path is at that path, in its own format.
import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rasterFormat } from 'trn-site/internal/images/raster.ts';
import { cameraData, cameraPhoto, type PhotoFormat } from '../helpers/camera-photo.ts';
import { copyProject, removeCopy } from '../helpers/project-copy.ts';
import { printFigures } from './figures.ts';

const PHOTOS = 30;

type Use = 'published' | 'draft' | 'none' | 'plain-link' | 'markdown-image';

interface Photo {
  format: PhotoFormat;
  use: Use;
  /** The name it is saved under: its own extension, another picture's, or none a picture has. */
  name: 'own' | 'other' | 'text';
}

const EXTENSIONS: Record<PhotoFormat, string> = { jpeg: '.JPG', png: '.png', webp: '.webp', avif: '.avif', tiff: '.tif' };

const photos: Photo[] = fc.sample(
  fc.record({
    format: fc.constantFrom<PhotoFormat>('jpeg', 'png', 'webp', 'avif', 'tiff'),
    use: fc.constantFrom<Use>('published', 'draft', 'none', 'plain-link', 'markdown-image'),
    name: fc.constantFrom<Photo['name']>('own', 'own', 'other', 'text'),
  }),
  { numRuns: PHOTOS, seed: 6 },
);

let root: string;
let output = '';
let code: number | null = null;
/** Each photo's route, as content writes it. */
const routes: string[] = [];
const dist: Record<string, Buffer> = {};
const figures = { cases: 0, leaked: 0, unlocated: 0 };

function routeOf(photo: Photo, index: number): string {
  const extension = photo.name === 'own' ? EXTENSIONS[photo.format] : photo.name === 'other' ? (photo.format === 'jpeg' ? '.png' : '.jpg') : '.txt';
  return `/images/hardening/IMG_${String(index).padStart(4, '0')}-photo-${index}${extension}`;
}

/** A post using `route` as `photo.use` says. */
function post(index: number, route: string, use: Use): string {
  const featured = use === 'published' || use === 'draft' ? route : '/images/blog/why-do-my-breakers-keep-tripping.svg';
  const body =
    use === 'plain-link'
      ? `The [full photo](${encodeURI(route)}) is here.`
      : use === 'markdown-image'
        ? `![A panel photographed on site](${encodeURI(route)})`
        : 'A post about a photo.';
  return [
    '---',
    'template: post',
    `title: "A post about photo number ${index} of the hardening test"`,
    'excerpt: "A post that uses a photo from a phone, to see that its camera data stays home."',
    `featuredImage: "${featured}"`,
    'featuredImageAlt: A panel photographed on site',
    'category: Safety',
    'publishDate: "2024-03-01"',
    'author: Marco Fiorelli',
    `seoTitle: "Hardening photo ${index}"`,
    `metaDescription: "Photo number ${index} of the hardening test, used by a post so that the build has to decide what to publish of it."`,
    ...(use === 'draft' ? ['draft: true'] : []),
    '---',
    '',
    body,
    '',
  ].join('\n');
}

beforeAll(async () => {
  root = await copyProject('photos');
  await mkdir(join(root, 'static/images/hardening'), { recursive: true });
  for (const [index, photo] of photos.entries()) {
    const route = routeOf(photo, index);
    routes.push(route);
    await writeFile(join(root, 'static', route), await cameraPhoto(photo.format, 200 + index, 150, index + 1));
    if (photo.use !== 'none') await writeFile(join(root, 'pages/blog', `hardening-photo-${index}.md`), post(index, route, photo.use));
  }
  await new Promise<void>((done) => {
    const child = spawn(process.execPath, [join(root, 'bin/site.js'), 'build'], { cwd: root, env: { ...process.env, NO_COLOR: '1', SITE_BASE_URL: '' } });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (status) => {
      code = status;
      done();
    });
  });
  if (code !== 0) throw new Error(output);
  const out = join(root, 'dist');
  for (const entry of await readdir(out, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) dist[relative(out, join(entry.parentPath, entry.name))] = await readFile(join(entry.parentPath, entry.name));
  }
}, 300_000);

afterAll(async () => {
  printFigures('photos', figures);
  await removeCopy(root);
});

describe('photos with camera data under static/', () => {
  it('build, with a warning for each picture nothing published uses', () => {
    expect(code, output).toBe(0);
  });

  it('leave no EXIF, GPS, XMP or IPTC in any file of dist/', async () => {
    const leaks: string[] = [];
    for (const [path, bytes] of Object.entries(dist)) {
      const raster = rasterFormat(bytes) !== undefined;
      const data = raster ? await cameraData(bytes) : bytes.includes('PhoneCo') || bytes.includes('GPSLatitude') ? ['raw'] : [];
      if (data.length > 0) leaks.push(`${path}: ${data.join(', ')}`);
    }
    figures.leaked = leaks.length;
    expect(leaks).toEqual([]);
    expect(Object.keys(dist).length).toBeGreaterThan(100);
  });

  it.each(photos.map((photo, index) => [index, photo.format, photo.name, photo.use, photo] as const))(
    'photo %i (%s saved under its %s name, %s): published only as the pipeline made it',
    (index, _format, _name, use, photo) => {
      figures.cases++;
      const route = routes[index]!;
      const copied = dist[route.slice(1)];
      const warning = output.split('\n').find((line) => line.includes(`static${route}`) && line.includes('left out'));
      if (use === 'none' || use === 'draft') {
        expect(copied, route).toBeUndefined();
        if (!warning || !warning.startsWith(`static${route}:1:1 `)) figures.unlocated++;
        expect(warning, output).toMatch(/^static\/images\/hardening\/.+:1:1 {2}.*no published page uses/);
      } else if (use === 'plain-link') {
        // At its own address, for the link, in its own format, made again by the pipeline.
        expect(copied, route).toBeDefined();
        expect(rasterFormat(copied!)).toBe(photo.format);
        expect(warning).toBeUndefined();
      } else {
        // Named as an image: made into variants under assets/images/; the original is not published.
        expect(copied, route).toBeUndefined();
        expect(warning).toBeUndefined();
        const stem = `img-${String(index).padStart(4, '0')}-photo`;
        expect(Object.keys(dist).filter((path) => path.startsWith('assets/images/') && path.includes(stem)).length, stem).toBeGreaterThan(0);
      }
      expect(extname(route)).not.toBe('');
    },
  );
});
