// rasterFormat(): a picture is told by its bytes, whatever its name; strippedCopy(): the same picture without its camera data.
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cameraData, cameraPhoto, type PhotoFormat } from '../../tests/helpers/camera-photo.ts';
import { makeTempFolder, removeFolder } from '../test-support.ts';
import { rasterFormat, rasterKind, strippedCopy } from './raster.ts';

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
    expect(rasterFormat(await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } }).gif().toBuffer())).toBe('gif');
    const ftyp = (major: string, ...compatible: string[]) => Buffer.concat([Buffer.from([0, 0, 0, 16 + 4 * compatible.length]), Buffer.from(`ftyp${major}\0\0\0\0${compatible.join('')}`, 'latin1')]);
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
    const frame = (colour: string) => sharp({ create: { width: 8, height: 8, channels: 3, background: colour } }).png().toBuffer();
    const animated = await sharp(await Promise.all(['#f00', '#0f0', '#00f'].map(frame)), { join: { animated: true } }).gif().toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(3);
    const copy = await strippedCopy(animated, 'gif', cache);
    if (!copy.ok) throw new Error(copy.reason);
    expect(rasterFormat(copy.contents)).toBe('gif');
    expect((await sharp(copy.contents).metadata()).pages).toBe(3);
  });

  it('turns a sideways photo upright before its orientation tag goes', async () => {
    const sideways = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#08f' } }).withMetadata({ orientation: 6 }).jpeg().toBuffer();
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
