// rasterFormat(): a picture is told by its bytes, whatever its name; strippedCopy(): the same picture without its camera data.
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cameraData, cameraPhoto, type PhotoFormat } from '../../tests/helpers/camera-photo.ts';
import { makeTempFolder, removeFolder } from '../../tests/helpers/unit.ts';
import { rasterFormat, rasterKind, strippedCopy, withEmbeddedStripped } from './raster.ts';

const FORMATS: PhotoFormat[] = ['jpeg', 'png', 'webp', 'avif', 'tiff'];

let cache: string;
beforeAll(async () => {
  cache = await makeTempFolder();
});
afterAll(async () => {
  await removeFolder(cache);
});

describe('rasterFormat', () => {
  it.each(FORMATS)('tells a %s photo by its bytes', async (format) => {
    expect(rasterFormat(await cameraPhoto(format, 32, 24))).toBe(format);
  });

  it('tells a GIF, and an ISO media file by its picture brands, not a video’s', async () => {
    expect(
      rasterFormat(
        await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
          .gif()
          .toBuffer(),
      ),
    ).toBe('gif');
    const ftyp = (major: string, ...compatible: string[]) =>
      Buffer.concat([Buffer.from([0, 0, 0, 16 + 4 * compatible.length]), Buffer.from(`ftyp${major}\0\0\0\0${compatible.join('')}`, 'latin1')]);
    expect(rasterFormat(ftyp('heic', 'mif1', 'heic'))).toBe('heif');
    expect(rasterFormat(ftyp('mif1', 'avif'))).toBe('avif');
    expect(rasterFormat(ftyp('isom', 'mp42', 'avc1'))).toBeUndefined();
  });

  it('finds no picture in text, SVG or any bytes without a picture’s signature', () => {
    expect(rasterFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>'))).toBeUndefined();
    fc.assert(
      fc.property(fc.string({ maxLength: 64 }), (text) => {
        // Printable text cannot start with a picture's binary signature (every signature has a byte that is not text, or needs one at offset 4-12).
        const bytes = Buffer.from(text.replace(/[^\x20-\x7e]/g, ''), 'latin1');
        expect(rasterFormat(bytes)).toBeUndefined();
      }),
    );
  });
});

describe('rasterKind', () => {
  it('takes a file named like a picture for one even when its bytes say nothing, and goes by the bytes first', async () => {
    expect(rasterKind('/images/cut-short.JPG', Buffer.from([0, 1, 2]))).toBe('unknown');
    expect(rasterKind('/images/IMG_0001.HEIC', Buffer.from('garbage'))).toBe('unknown');
    expect(rasterKind('/notes.txt', await cameraPhoto('png', 8, 8))).toBe('png');
    expect(rasterKind('/notes.txt', Buffer.from('text'))).toBeUndefined();
    expect(rasterKind('/favicon.svg', Buffer.from('<svg/>'))).toBeUndefined();
  });
});

describe('strippedCopy', () => {
  it.each(FORMATS)('encodes a %s photo again in its own format, upright, with no EXIF, GPS or XMP left', async (format) => {
    const photo = await cameraPhoto(format, 64, 48);
    // TIFF keeps its EXIF in its own directory, which sharp reports only through the GPS and XMP it finds.
    expect(await cameraData(photo)).toEqual(expect.arrayContaining(format === 'tiff' ? ['GPS', 'XMP'] : ['EXIF', 'GPS', 'XMP']));
    const copy = await strippedCopy(photo, format, cache);
    if (!copy.ok) throw new Error(copy.reason);
    expect(rasterFormat(copy.contents)).toBe(format);
    expect(await cameraData(copy.contents)).toEqual([]);
    const meta = await sharp(copy.contents).metadata();
    expect([meta.width, meta.height]).toEqual([64, 48]);
    // A second time it comes from the cache, the same bytes.
    expect(await strippedCopy(photo, format, cache)).toEqual(copy);
  });

  it('keeps every frame of an animated GIF', async () => {
    const frame = (colour: string) =>
      sharp({ create: { width: 8, height: 8, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const animated = await sharp(await Promise.all(['#f00', '#0f0', '#00f'].map(frame)), { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(3);
    const copy = await strippedCopy(animated, 'gif', cache);
    if (!copy.ok) throw new Error(copy.reason);
    expect(rasterFormat(copy.contents)).toBe('gif');
    expect((await sharp(copy.contents).metadata()).pages).toBe(3);
  });

  it('turns a sideways photo upright before its orientation tag goes', async () => {
    const sideways = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#08f' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect((await sharp(sideways).metadata()).orientation).toBe(6);
    const copy = await strippedCopy(sideways, 'jpeg', cache);
    if (!copy.ok) throw new Error(copy.reason);
    const meta = await sharp(copy.contents).metadata();
    expect([meta.width, meta.height, meta.orientation ?? 1]).toEqual([20, 40, 1]);
  });

  it('refuses a HEIC or JPEG XL file, which browsers do not show, and bytes that are no picture, saying why', async () => {
    expect(await strippedCopy(Buffer.from('x'), 'heif', cache)).toMatchObject({ ok: false, reason: expect.stringContaining('not one browsers show') });
    expect(await strippedCopy(Buffer.from('x'), 'unknown', cache)).toMatchObject({ ok: false, reason: expect.stringContaining('not a picture in any format') });
    expect(await strippedCopy(Buffer.from([0xff, 0xd8, 0xff, 0, 1, 2]), 'jpeg', cache)).toMatchObject({ ok: false });
  });
});

describe('withEmbeddedStripped', () => {
  it('cleans every photo a drawing or stylesheet carries as a data: URI, and leaves the rest of the text byte for byte', async () => {
    const cases = fc.sample(
      fc.record({
        format: fc.constantFrom<PhotoFormat>('jpeg', 'png', 'webp'),
        media: fc.constantFrom('image/jpeg', 'image/png', 'application/octet-stream', 'image/jpeg;charset=utf-8', ''),
        wrap: fc.constantFrom(0, 60, 76),
        quote: fc.constantFrom('"', "'", ')'),
        count: fc.integer({ min: 1, max: 3 }),
      }),
      { numRuns: 12, seed: 3 },
    );
    for (const c of cases) {
      const photos = await Promise.all(Array.from({ length: c.count }, (_, i) => cameraPhoto(c.format, 20 + i, 16, i + 1)));
      const uri = (photo: Buffer) => {
        const base64 = photo.toString('base64');
        const body = c.wrap ? base64.replace(new RegExp(`.{1,${c.wrap}}`, 'g'), '$&\n') : base64;
        return `data:${c.media};base64,${body}`;
      };
      const text = `<svg xmlns="http://www.w3.org/2000/svg">é${photos.map((p) => `<image href=${c.quote}${uri(p)}${c.quote}/>`).join('\n')}<text>data:;base64,aGk=</text></svg>`;
      const result = await withEmbeddedStripped(Buffer.from(text), cache);
      expect(result?.ok, JSON.stringify(c)).toBe(true);
      const cleaned = Buffer.from((result as { contents: Buffer }).contents).toString('utf8');
      const payloads = [...cleaned.matchAll(/;base64,([A-Za-z0-9+/=]+)/g)].map((m) => Buffer.from(m[1]!, 'base64'));
      // Each photo is still there, in its format, with no camera data; the text around it is as it was.
      expect(payloads.filter((p) => rasterFormat(p) === c.format)).toHaveLength(c.count);
      for (const p of payloads) expect(await cameraData(p)).toEqual([]);
      expect(cleaned.replace(/;base64,[A-Za-z0-9+/=\s]+/g, ';base64,X')).toBe(text.replace(/;base64,[A-Za-z0-9+/=\s]+/g, ';base64,X'));
    }
  });

  it('says nothing of a file with no photo inside, and refuses one whose photo cannot be read', async () => {
    expect(await withEmbeddedStripped(Buffer.from('<svg><path d="M0 0"/></svg>'), cache)).toBeUndefined();
    expect(
      await withEmbeddedStripped(Buffer.from(`a{b:url(data:font/woff2;base64,${Buffer.from('wOF2 not a picture').toString('base64')})}`), cache),
    ).toBeUndefined();
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('not the rest of a JPEG')]).toString('base64');
    const result = await withEmbeddedStripped(Buffer.from(`<svg><image href="data:image/jpeg;base64,${broken}"/></svg>`), cache);
    expect(result?.ok).toBe(false);
  });

  it('reads a long run of letters after data: in time linear in its length', async () => {
    const started = performance.now();
    const run = 'a'.repeat(200_000);
    expect(await withEmbeddedStripped(Buffer.from(`data:${run}/${run};${run}=${run};${run} ;base64,!`), cache)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
