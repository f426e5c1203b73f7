import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { imageFields } from './fields.ts';

const Image = Type.String({ contentMediaType: 'image/*' });

describe('imageFields', () => {
  it('finds the values of fields marked as images, in objects, lists and alternatives, with their paths', () => {
    const schema = Type.Object({
      title: Type.String(),
      hero: Type.Optional(Type.Object({ image: Image, alt: Type.String() })),
      gallery: Type.Array(Type.Object({ src: Image })),
      either: Type.Union([Type.Object({ photo: Image }), Type.Object({ text: Type.String() })]),
    });
    const data = {
      title: '/images/not-an-image-field.jpg',
      hero: { image: '/images/a.jpg', alt: 'A' },
      gallery: [{ src: '/images/b.png' }, { src: '/images/c.webp' }],
      either: { photo: '/images/d.avif' },
    };
    expect(imageFields(schema, data)).toEqual([
      { path: ['hero', 'image'], value: '/images/a.jpg' },
      { path: ['gallery', 0, 'src'], value: '/images/b.png' },
      { path: ['gallery', 1, 'src'], value: '/images/c.webp' },
      { path: ['either', 'photo'], value: '/images/d.avif' },
    ]);
  });

  it('finds nothing where the content leaves an optional image out or gives something else', () => {
    const schema = Type.Object({ hero: Type.Optional(Image), list: Type.Array(Image) });
    expect(imageFields(schema, {})).toEqual([]);
    expect(imageFields(schema, { hero: 42, list: 'x' })).toEqual([]);
  });
});
