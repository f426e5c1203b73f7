import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compileSchema } from '../validate/json-schema.ts';
import { parseYaml } from '../validate/yaml.ts';
import { cmsField, cmsFields } from './fields.ts';
import type { JsonSchema } from '../scaffold/schema-words.ts';

/** Whether the engine's validator takes `value` for a field of `schema`. */
function engineTakes(schema: object, value: unknown): boolean {
  const validator = compileSchema({ type: 'object', properties: { f: schema }, required: ['f'] });
  // The value itself, not a YAML text of it: a text written and read back may differ (trailing spaces in a block).
  return validator.validate('x.yaml', parseYaml('x.yaml', 'f: x\n'), { f: value }).diagnostics.length === 0;
}

/** Whether the browser editor's check (the field's pattern, compiled as Decap compiles it) takes `value`. */
function editorTakes(schema: JsonSchema, value: string): boolean {
  const field = cmsField('f', schema, true);
  return field.pattern === undefined || new RegExp(field.pattern[0]).test(value);
}

// Text as editors type it, and as they paste it: letters, spaces, line breaks, emoji (two UTF-16 units,
// one character to the engine), a lone half of one, and the characters patterns are made of.
const character = fc.constantFrom('a', 'Z', '7', ' ', '\n', '-', '/', ':', '😀', '\uD83D', 'é', '{', '}', '.', 'https://');
const text = fc.array(character, { maxLength: 14 }).map((parts) => parts.join(''));
const patterns = fc.constantFrom(
  undefined,
  '^\\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])$',
  '^https://\\S+$',
  '^/',
  'a',
  '^(/|https?://)',
  '^[^{}]*$',
  '^a|Z$',
);
const stringSchema = fc
  .record({
    minLength: fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }),
    extra: fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }),
    pattern: patterns,
  })
  .map(({ minLength, extra, pattern }) => ({
    type: 'string',
    ...(minLength !== undefined ? { minLength } : {}),
    ...(extra !== undefined ? { maxLength: (minLength ?? 0) + extra } : {}),
    ...(pattern !== undefined ? { pattern } : {}),
  }));

describe('the browser editor’s checks', () => {
  it('take a text exactly when the engine does: length in characters (an emoji is one), and the schema’s pattern anywhere in the text (generated)', () => {
    fc.assert(
      fc.property(stringSchema, text, (schema, value) => {
        expect(editorTakes(schema, value), `${JSON.stringify(schema)} ${JSON.stringify(value)}`).toBe(engineTakes(schema, value));
      }),
      { numRuns: 1500 },
    );
  });

  it('take a number of a list of allowed numbers exactly when the engine does, and keep it a number', () => {
    const schema = { anyOf: [301, 302, 307, 308].map((n) => ({ const: n, type: 'number' })) };
    const field = cmsField('status', schema, false);
    expect(field).toMatchObject({ widget: 'number', value_type: 'int', required: false });
    for (const n of [300, 301, 302, 303, 307, 308, 3010]) expect(new RegExp(field.pattern![0]).test(String(n)), String(n)).toBe(engineTakes(schema, n));
  });

  it('answer a long text at once, however many emoji it holds (no runaway backtracking)', () => {
    const field = cmsField('f', { type: 'string', minLength: 70, maxLength: 160 }, true);
    const started = performance.now();
    for (const value of ['😀'.repeat(5000), '😀a'.repeat(5000), 'a'.repeat(100_000) + '\uD83D']) new RegExp(field.pattern![0]).test(value);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('fields', () => {
  it('give each kind of schema its widget, in the order the schema writes them, required as it says', () => {
    const fields = cmsFields({
      type: 'object',
      required: ['template', 'title', 'photo', 'when', 'kind', 'tags', 'count', 'shown', 'parts', 'links', 'more'],
      properties: {
        template: { const: 'post', type: 'string' },
        title: { type: 'string', maxLength: 60 },
        photo: { type: 'string', contentMediaType: 'image/*', pattern: '^/images/' },
        when: { type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
        kind: { type: 'string', enum: ['a', 'b'] },
        tags: { type: 'array', items: { type: 'string', enum: ['x', 'y', 'z'] }, maxItems: 2 },
        count: { type: 'integer', minimum: 1, maximum: 9 },
        shown: { type: 'boolean' },
        parts: { type: 'object', properties: { name: { type: 'string' } } },
        links: { type: 'array', minItems: 1, items: { type: 'object', properties: { label: { type: 'string' }, to: { type: 'string' } } } },
        more: { type: 'array', items: { type: 'string', maxLength: 400 } },
        note: { type: 'string', maxLength: 300, description: 'what the note says' },
      },
    });
    expect(fields.map((f) => [f.name, f.widget, f.required ?? true])).toEqual([
      ['template', 'hidden', true],
      ['title', 'string', true],
      ['photo', 'image', true],
      ['when', 'datetime', true],
      ['kind', 'select', true],
      ['tags', 'select', true],
      ['count', 'number', true],
      ['shown', 'boolean', true],
      ['parts', 'object', true],
      ['links', 'list', true],
      ['more', 'list', true],
      ['note', 'text', false],
    ]);
    const byName = Object.fromEntries(fields.map((f) => [f.name, f]));
    expect(byName.template).toMatchObject({ default: 'post' });
    expect(byName.when).toMatchObject({ format: 'YYYY-MM-DD', time_format: false });
    expect(byName.tags).toMatchObject({ multiple: true, options: ['x', 'y', 'z'], max: 2 });
    expect(byName.count).toMatchObject({ value_type: 'int', min: 1, max: 9 });
    expect(byName.links).toMatchObject({ min: 1, summary: '{{fields.label}}' });
    expect(byName.links!.fields!.map((f) => f.name)).toEqual(['label', 'to']);
    expect(byName.more!.field).toMatchObject({ widget: 'text' });
    expect(byName.note!.hint).toBe('What the note says. Text, at most 300 characters.');
  });

  it('ask for nothing inside a group that may be left out, and fill nothing in there; a group with a default keeps its fields’ rules', () => {
    const group = { type: 'object', required: ['label'], properties: { label: { type: 'string' }, shown: { type: 'boolean', default: true } } };
    const [absent, filled] = cmsFields({ type: 'object', properties: { card: group, phones: { ...group, default: { label: 'x' } } } });
    expect(absent!.fields!.map((f) => [f.name, f.required, 'default' in f])).toEqual([
      ['label', false, false],
      ['shown', false, false],
    ]);
    expect(filled!.fields!.map((f) => [f.name, f.required ?? true, 'default' in f])).toEqual([
      ['label', true, false],
      ['shown', false, true],
    ]);
  });
});
