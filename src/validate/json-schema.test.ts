// compileSchema(): schema problems as one located diagnostic each, in words an editor understands; editorSchema() and formatPath().
import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compileSchema, copyValue, editorSchema, formatPath } from './json-schema.ts';
import { parseYaml } from './yaml.ts';

const schema = Type.Object(
  {
    heading: Type.String({ minLength: 1 }),
    count: Type.Integer({ default: 0 }),
    status: Type.Union([Type.Literal(301), Type.Literal(302)], { default: 301 }),
    links: Type.Array(
      Type.Object({ label: Type.String(), href: Type.String({ pattern: '^/', description: 'a path starting with "/"' }) }, { additionalProperties: false }),
      { default: [] },
    ),
  },
  { additionalProperties: false },
);
const validator = compileSchema(schema);

function check(text: string) {
  const parsed = parseYaml('pages/a.yaml', text);
  return validator.validate('pages/a.yaml', parsed);
}
const summary = (r: ReturnType<typeof check>) => r.diagnostics.map((d) => [d.line, d.column, d.path, d.message, d.hint]);

describe('compileSchema', () => {
  it('fills defaults and reports nothing for a valid document', () => {
    expect(check('heading: Hi\n')).toEqual({ value: { heading: 'Hi', count: 0, status: 301, links: [] }, diagnostics: [] });
  });

  it('makes a misspelt required field one "did you mean" at the misspelt key', () => {
    expect(summary(check('count: 1\nheadng: Hi\n'))).toEqual([[2, 1, 'headng', 'unknown field "headng"', 'did you mean "heading"?']]);
  });

  it('reports an unknown field with the allowed ones when nothing is near it', () => {
    expect(summary(check('heading: Hi\nzzz: 1\n'))).toEqual([[2, 1, 'zzz', 'unknown field "zzz"', 'allowed fields: heading, count, status, links']]);
  });

  it('reports a missing field at its map, with what is expected', () => {
    expect(summary(check('links:\n  - label: Home\n'))).toEqual([
      [1, 1, 'heading', 'missing required field "heading"', 'expected text'],
      [2, 5, 'links[0].href', 'missing required field "href"', 'expected a path starting with "/"'],
    ]);
  });

  it('words type, length, pattern and union problems for people', () => {
    expect(summary(check('heading: ""\ncount: many\nstatus: 303\nlinks:\n  - label: Home\n    href: home\n'))).toEqual([
      [1, 10, 'heading', 'must not be empty', undefined],
      [2, 8, 'count', 'must be a whole number', undefined],
      [3, 9, 'status', 'must be one of: 301, 302', undefined],
      [6, 11, 'links[0].href', 'does not have the expected form', 'expected a path starting with "/"'],
    ]);
  });

  it('says what to write when undoing a slip of typing makes the value match (a missing leading zero)', () => {
    const clock = compileSchema(Type.Object({ opens: Type.String({ pattern: '^(?:[01]\\d|2[0-3]):[0-5]\\d$', description: '24-hour time, e.g. 07:00.' }) }));
    const result = clock.validate('site.yaml', parseYaml('site.yaml', 'opens: 7:30\n'));
    expect(result.diagnostics.map((d) => [d.line, d.column, d.message, d.hint])).toEqual([
      [1, 8, '"7:30" does not have the expected form', 'write "07:30" (expected 24-hour time, e.g. 07:00.)'],
    ]);
  });

  it('does not change the parsed value it checks', () => {
    const parsed = parseYaml('pages/a.yaml', 'heading: Hi\n');
    validator.validate('pages/a.yaml', parsed);
    expect(parsed.data).toEqual({ heading: 'Hi' });
  });

  it('changes no value it checks or validates, whatever the schema holds defaults in (none, deep, a field named default)', () => {
    // Schemas of objects, lists, unions and leaves, a default anywhere or nowhere; values with fields there or missing.
    const { schema: schemaArb } = fc.letrec<{ schema: object; leaf: object }>((tie) => ({
      leaf: fc.oneof(
        fc.constant({ type: 'string' }),
        fc.constant({ type: 'string', default: 'd' }),
        fc.constant({ type: 'integer', default: 1 }),
        fc.constant({ type: 'boolean' }),
      ),
      schema: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        tie('leaf'),
        fc.record({
          type: fc.constant('object'),
          properties: fc.dictionary(fc.constantFrom('a', 'b', 'default'), tie('schema'), { maxKeys: 3, noNullPrototype: true }),
        }),
        fc.record({ type: fc.constant('object'), properties: fc.record({ a: tie('schema') }), default: fc.constant({}) }),
        fc.record({ type: fc.constant('array'), items: tie('schema') }),
        fc.record({ anyOf: fc.array(tie('schema'), { minLength: 1, maxLength: 2 }) }),
      ),
    }));
    const { value: valueArb } = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constantFrom('x', 3, true, null),
        fc.dictionary(fc.constantFrom('a', 'b', 'default'), tie('value'), { maxKeys: 3, noNullPrototype: true }),
        fc.array(tie('value'), { maxLength: 3 }),
      ),
    }));
    fc.assert(
      fc.property(schemaArb, valueArb, (drawn, value) => {
        const parsed = { ...parseYaml('pages/a.yaml', '{}\n'), data: value };
        const before = structuredClone(value);
        const validator = compileSchema(drawn);
        const { value: filled, diagnostics } = validator.validate('pages/a.yaml', parsed);
        expect(value).toStrictEqual(before);
        // Checking alone finds the same problems, and changes nothing either.
        expect(validator.check('pages/a.yaml', parsed)).toEqual(diagnostics);
        expect(value).toStrictEqual(before);
        // What validate gives back is the caller's to keep: never the value itself.
        if (value !== null && typeof value === 'object') expect(filled).not.toBe(value);
      }),
      { numRuns: 400 },
    );
  });
});

describe('copyValue', () => {
  it('copies a value read from YAML as structuredClone does, sharing nothing with it', () => {
    const value = parseYaml('a.yaml', 'title: T\nlist:\n  - { n: 1, ok: true, none: null }\n  - [x, 2.5]\nempty: {}\n').data;
    const copy = copyValue(value);
    expect(copy).toStrictEqual(structuredClone(value));
    (copy as { list: { n: number }[] }).list[0]!.n = 9;
    expect((value as { list: { n: number }[] }).list[0]!.n).toBe(1);
  });

  it('keeps a key named __proto__ as a key of its own, not as the prototype', () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as object;
    const copy = copyValue(value) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__', 'a']);
    expect(copy).toStrictEqual(structuredClone(value));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('editorSchema', () => {
  it('does not require what has a default, at any depth', () => {
    const relaxed = editorSchema(schema) as { required: string[]; properties: { links: { items: { required: string[] } } } };
    expect(relaxed.required).toEqual(['heading']);
    expect(relaxed.properties.links.items.required).toEqual(['label', 'href']);
    expect('required' in (editorSchema(Type.Object({ a: Type.String({ default: 'x' }) })) as object)).toBe(false);
  });
});

describe('formatPath', () => {
  it.each([
    [[], ''],
    [['services', 2, 'href'], 'services[2].href'],
    [[0, 'a'], '[0].a'],
    [['phones', 'toronto-east', 'display'], 'phones.toronto-east.display'],
    [['a b', 'c'], '["a b"].c'],
  ] as const)('%j → %s', (path, text) => {
    expect(formatPath(path)).toBe(text);
  });
});
