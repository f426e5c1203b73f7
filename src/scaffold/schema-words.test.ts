import { describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { editorSchema } from '../validate/json-schema.ts';
import { allowedValues, fieldsOf, kindOf, limitsOf, nameAsWords, showValue } from './schema-words.ts';

describe('fieldsOf', () => {
  it('lists fields in order, a field with a default being optional in an editor schema', () => {
    const schema = editorSchema(Type.Object({ a: Type.String(), b: Type.Optional(Type.String()), c: Type.Boolean({ default: false }) }));
    expect(fieldsOf(schema).map((f) => [f.name, f.required])).toEqual([
      ['a', true],
      ['b', false],
      ['c', false],
    ]);
  });
});

describe('kindOf', () => {
  it.each([
    [{ type: 'string' }, 'text'],
    [{ type: 'integer' }, 'whole number'],
    [{ type: 'boolean' }, 'true or false'],
    [{ type: 'object', properties: {} }, 'map'],
    [{ type: 'array', items: { type: 'string' } }, 'list of text'],
    [{ type: 'array', items: { type: 'object' } }, 'list of maps'],
    [{ anyOf: [{ const: 301 }, { const: 302 }] }, 'number'],
    [{ type: ['string', 'null'] }, 'text or empty'],
    [{}, 'any value'],
  ])('%j is %s', (schema, kind) => {
    expect(kindOf(schema)).toBe(kind);
  });
});

describe('limitsOf', () => {
  it.each([
    [{ type: 'string', minLength: 70, maxLength: 160 }, ['70–160 characters']],
    [{ type: 'string', minLength: 1, maxLength: 60 }, ['at most 60 characters']],
    [{ type: 'string', minLength: 1 }, ['not empty']],
    [{ type: 'string', minLength: 3 }, ['at least 3 characters']],
    [{ type: 'string', minLength: 7, maxLength: 7 }, ['exactly 7 characters']],
    [{ type: 'array', minItems: 1 }, ['at least 1 item']],
    [{ type: 'array', minItems: 2, maxItems: 6, uniqueItems: true }, ['2–6 items', 'no item twice']],
    [{ type: 'number', minimum: 42.5, maximum: 45 }, ['from 42.5 to 45']],
    [{ type: 'integer', exclusiveMinimum: 0 }, ['at least 0 (limits excluded)']],
    [{ type: 'string' }, []],
  ])('%j → %j', (schema, limits) => {
    expect(limitsOf(schema)).toEqual(limits);
  });
});

describe('allowedValues', () => {
  it('reads an enum, a constant and a union of constants', () => {
    expect(allowedValues({ enum: ['a', 'b'] })).toEqual(['a', 'b']);
    expect(allowedValues({ const: 'home' })).toEqual(['home']);
    expect(allowedValues({ anyOf: [{ const: 301 }, { const: 302 }] })).toEqual([301, 302]);
    expect(allowedValues({ anyOf: [{ const: 1 }, { type: 'string' }] })).toBeUndefined();
  });
});

describe('words', () => {
  it('names fields and values as an editor reads them', () => {
    expect(nameAsWords('metaDescription')).toBe('meta description');
    expect(nameAsWords('thank-you')).toBe('thank you');
    expect(showValue('grid')).toBe('grid');
    expect(showValue(301)).toBe('301');
    expect(showValue({ a: 1 })).toBe('{"a":1}');
  });
});
