import { describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { Ajv } from 'ajv';
import { editorSchema } from '../validate/json-schema.ts';
import { isPlaceholder, itemCount, PLACEHOLDER_MARK, placeholderValue } from './placeholder.ts';

const valid = (schema: object, value: unknown) => new Ajv({ strict: false }).validate(editorSchema(schema), value);

describe('placeholderValue', () => {
  it('marks text and keeps it within its limits', () => {
    expect(placeholderValue({ type: 'string' }, 'heading')).toBe('TODO: heading');
    expect(placeholderValue({ type: 'string', maxLength: 10 }, 'metaDescription')).toBe('TODO: meta');
    const long = placeholderValue({ type: 'string', minLength: 70, maxLength: 160 }, 'description') as string;
    expect(long.startsWith('TODO: description. Replace this placeholder')).toBe(true);
    expect(long.length).toBeGreaterThanOrEqual(70);
    expect(long.length).toBeLessThanOrEqual(160);
  });

  it('meets a pattern the marked text cannot, spelling the mark where the pattern allows a word', () => {
    expect(placeholderValue({ type: 'string', pattern: '^\\+[1-9]\\d{7,14}$' }, 'e164')).toBe('+10000000');
    expect(placeholderValue({ type: 'string', pattern: '^/(?:[a-z0-9-]+(?:/[a-z0-9-]+)*)?$' }, 'href')).toBe('/todo');
    // Marked text that the pattern allows stays marked text.
    expect(placeholderValue({ type: 'string', pattern: '^[^{}]+$' }, 'label')).toBe('TODO: label');
  });

  it('gives marked text when no valid text can be found, so the check points at it', () => {
    expect(placeholderValue({ type: 'string', pattern: '^(?=x)y$' }, 'odd')).toBe('TODO: odd');
  });

  it('takes the default, the first allowed value, the lowest number in range', () => {
    expect(placeholderValue({ type: 'string', default: 'Mon-Fri' }, 'days')).toBe('Mon-Fri');
    expect(placeholderValue({ type: 'string', enum: ['north', 'south'] }, 'region')).toBe('north');
    expect(placeholderValue({ anyOf: [{ const: 301 }, { const: 302 }] }, 'status')).toBe(301);
    expect(placeholderValue({ type: 'number', minimum: 42.5, maximum: 45 }, 'lat')).toBe(42.5);
    expect(placeholderValue({ type: 'number', minimum: -81, maximum: -78 }, 'lon')).toBe(-78);
    expect(placeholderValue({ type: 'integer', exclusiveMinimum: 0 }, 'count')).toBe(1);
    expect(placeholderValue({ type: 'boolean' }, 'on')).toBe(false);
  });

  it('fills a map with its required fields and a list with the items it must have, at least one', () => {
    const schema = Type.Object({
      heading: Type.String({ minLength: 1 }),
      intro: Type.Optional(Type.String()),
      shown: Type.Integer({ default: 6 }),
      items: Type.Array(Type.Object({ q: Type.String(), a: Type.String() }), { minItems: 2 }),
      tags: Type.Array(Type.String()),
    });
    const value = placeholderValue(editorSchema(schema), 'faq');
    expect(value).toEqual({
      heading: 'TODO: heading',
      items: [
        { q: 'TODO: q', a: 'TODO: a' },
        { q: 'TODO: q', a: 'TODO: a' },
      ],
      tags: ['TODO: tags'],
    });
    expect(valid(schema, value)).toBe(true);
  });

  it('counts items: the minimum, at least one, at most the maximum', () => {
    expect(itemCount({ type: 'array' })).toBe(1);
    expect(itemCount({ type: 'array', minItems: 3 })).toBe(3);
    expect(itemCount({ type: 'array', maxItems: 0 })).toBe(0);
  });
});

describe('isPlaceholder', () => {
  it('is text that starts with the mark', () => {
    expect(PLACEHOLDER_MARK).toBe('TODO:');
    expect(isPlaceholder('TODO: heading')).toBe(true);
    expect(isPlaceholder('  TODO: heading')).toBe(true);
    expect(isPlaceholder('Nothing TODO: here')).toBe(false);
    expect(isPlaceholder('/todo')).toBe(false);
  });
});
