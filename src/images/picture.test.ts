import { describe, expect, it } from 'vitest';
import { heightAt, nameStem, pictureOf, plannedVariants, widthsFor } from './picture.ts';

describe('widthsFor', () => {
  it('makes every width up to 1600 from a large photo, and never one wider than the source', () => {
    expect(widthsFor(4000)).toEqual([400, 800, 1200, 1600]);
    expect(widthsFor(1600)).toEqual([400, 800, 1200, 1600]);
    expect(widthsFor(1000)).toEqual([400, 800, 1000]);
    expect(widthsFor(800)).toEqual([400, 800]);
    expect(widthsFor(240)).toEqual([240]);
  });
});

describe('nameStem', () => {
  it('cleans what a phone or camera calls a file', () => {
    expect(nameStem('/images/blog/IMG_2041 Heated Floor.JPG')).toBe('img-2041-heated-floor');
    expect(nameStem('/images/Câble électrique (2).jpeg')).toBe('cable-electrique-2');
    expect(nameStem('/images/.jpg')).toBe('image');
    expect(nameStem('/images/日本.png')).toBe('image');
    expect(nameStem(`/images/${'long '.repeat(20)}.jpg`)).toMatch(/^[a-z-]{1,40}$/);
  });
});

describe('plannedVariants and pictureOf', () => {
  it('names each width and format by the content hash, and lists them modern formats first', () => {
    const variants = plannedVariants('panel', 'abc123', 1000, false);
    expect(variants.map((v) => v.path)).toEqual([
      'assets/images/panel-abc123-400.avif',
      'assets/images/panel-abc123-800.avif',
      'assets/images/panel-abc123-1000.avif',
      'assets/images/panel-abc123-400.webp',
      'assets/images/panel-abc123-800.webp',
      'assets/images/panel-abc123-1000.webp',
      'assets/images/panel-abc123-400.jpg',
      'assets/images/panel-abc123-800.jpg',
      'assets/images/panel-abc123-1000.jpg',
    ]);
    expect(pictureOf(variants, { width: 1000, height: 750 })).toEqual({
      src: '/assets/images/panel-abc123-1000.jpg',
      width: 1000,
      height: 750,
      type: 'image/jpeg',
      srcset: '/assets/images/panel-abc123-400.jpg 400w, /assets/images/panel-abc123-800.jpg 800w, /assets/images/panel-abc123-1000.jpg 1000w',
      sources: [
        {
          type: 'image/avif',
          srcset: '/assets/images/panel-abc123-400.avif 400w, /assets/images/panel-abc123-800.avif 800w, /assets/images/panel-abc123-1000.avif 1000w',
        },
        {
          type: 'image/webp',
          srcset: '/assets/images/panel-abc123-400.webp 400w, /assets/images/panel-abc123-800.webp 800w, /assets/images/panel-abc123-1000.webp 1000w',
        },
      ],
    });
  });

  it('falls back to PNG for a picture with transparency, and keeps the aspect at the largest width', () => {
    const variants = plannedVariants('logo', 'f00', 4000, true);
    const picture = pictureOf(variants, { width: 4000, height: 3000 });
    expect(picture).toMatchObject({ src: '/assets/images/logo-f00-1600.png', width: 1600, height: 1200, type: 'image/png' });
    expect(heightAt(400, { width: 4032, height: 3024 })).toBe(300);
  });
});
