import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
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

  it('finds, for any schema and value, every string the schema marks as an image, in the order of a walk of all of it', () => {
    // What the schema says, looked at everywhere: the walk may leave out only what cannot hold an image.
    const every = (schema: unknown, value: unknown, path: (string | number)[], found: Map<string, unknown>): void => {
      const s = schema as Record<string, unknown> | undefined;
      if (!s || value === undefined || value === null) return;
      if (typeof s.contentMediaType === 'string' && s.contentMediaType.startsWith('image/') && typeof value === 'string') {
        found.set(JSON.stringify(path), { path: [...path], value });
        return;
      }
      for (const key of ['anyOf', 'oneOf', 'allOf']) if (Array.isArray(s[key])) for (const option of s[key] as unknown[]) every(option, value, path, found);
      if (Array.isArray(value)) return value.forEach((item, i) => every(s.items, item, [...path, i], found));
      if (typeof value === 'object')
        for (const [key, sub] of Object.entries((s.properties ?? {}) as object)) every(sub, (value as Record<string, unknown>)[key], [...path, key], found);
    };
    const { schema } = fc.letrec<{ schema: unknown }>((tie) => ({
      schema: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constantFrom(Image, Type.String(), Type.Integer()),
        fc
          .dictionary(fc.constantFrom('a', 'b', 'c'), tie('schema'), { maxKeys: 3, noNullPrototype: true })
          .map((properties) => ({ type: 'object', properties })),
        tie('schema').map((items) => ({ type: 'array', items })),
        fc.array(tie('schema'), { minLength: 1, maxLength: 3 }).map((anyOf) => ({ anyOf })),
      ),
    }));
    const { value } = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constantFrom('/images/a.jpg', 7, null),
        fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('value'), { maxKeys: 3, noNullPrototype: true }),
        fc.array(tie('value'), { maxLength: 3 }),
      ),
    }));
    fc.assert(
      fc.property(schema, value, (drawn, data) => {
        const found = new Map<string, unknown>();
        every(drawn, data, [], found);
        expect(imageFields(drawn as never, data)).toEqual([...found.values()]);
      }),
      { numRuns: 1000 },
    );
  });
});
