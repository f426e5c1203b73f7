// defaultsPatch / withDefaults: the defaults a schema filled in, kept and put back on a copy of the parsed value,
// must give the value validation gave, key order included, and never touch the parsed value.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadTheme } from '../load/theme.ts';
import { load } from '../load/load.ts';
import { copyValue } from './json-schema.ts';
import { defaultsPatch, isDefaultsPatch, withDefaults } from './defaults-patch.ts';
import { compileValidators } from './validate.ts';
import { parseYaml } from './yaml.ts';

/** A value as YAML gives one: maps (`__proto__` among their keys), lists, text, numbers, booleans, null. */
const yamlValue = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, fc.string({ maxLength: 4 }), fc.integer(), fc.boolean(), fc.constant(null), tie('list'), tie('map')),
  list: fc.array(tie('value'), { maxLength: 3 }),
  map: fc.dictionary(fc.constantFrom('a', 'b', 'c', '__proto__', '0'), tie('value'), { maxKeys: 3 }).map((map) => copyValue(map)),
})).value;

/** `value` with keys added after each map's own, as a schema's defaults are: the additions' places picked by `picks`. */
function withAdditions(value: unknown, picks: readonly boolean[], added: readonly unknown[]): unknown {
  let turn = 0;
  const visit = (at: unknown): unknown => {
    if (Array.isArray(at)) return at.map(visit);
    if (typeof at !== 'object' || at === null) return at;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(at))
      Object.defineProperty(out, key, { value: visit((at as Record<string, unknown>)[key]), enumerable: true, writable: true, configurable: true });
    if (picks[turn++ % Math.max(picks.length, 1)]) for (const [i, extra] of added.entries()) out[`default${i}`] = copyValue(extra);
    return out;
  };
  return visit(value);
}

const same = (a: unknown, b: unknown) => expect(JSON.stringify([a])).toBe(JSON.stringify([b]));

describe('defaults kept as a patch', () => {
  it('put back on a copy, give the value with its additions, key order included, and leave the value as it was (generated)', () => {
    fc.assert(
      fc.property(yamlValue, fc.array(fc.boolean(), { maxLength: 5 }), fc.array(yamlValue, { maxLength: 2 }), (value, picks, added) => {
        const before = JSON.stringify([value]);
        const checked = withAdditions(value, picks, added);
        const patch = defaultsPatch(value, checked);
        expect(patch).toBeDefined();
        expect(isDefaultsPatch(JSON.parse(JSON.stringify(patch)))).toBe(true);
        const put = withDefaults(value, JSON.parse(JSON.stringify(patch)));
        same(put, checked);
        expect(Object.keys(Object(put))).toEqual(Object.keys(Object(checked)));
        expect(JSON.stringify([value])).toBe(before);
        if (typeof value === 'object' && value !== null) expect(put).not.toBe(value);
      }),
      { numRuns: 500 },
    );
  });

  it('are no patch for a value changed otherwise than by additions (generated)', () => {
    fc.assert(
      fc.property(yamlValue, yamlValue, (value, other) => {
        fc.pre(JSON.stringify([value]) !== JSON.stringify([other]));
        const patch = defaultsPatch(value, other);
        // Only a value that holds all of another's keys first, each the same, can be made from it by additions.
        if (patch) same(withDefaults(value, patch), other);
      }),
      { numRuns: 500 },
    );
    expect(defaultsPatch({ a: 1 }, { a: 2 })).toBeUndefined();
    expect(defaultsPatch({ a: 1, b: 2 }, { b: 2, a: 1 })).toBeUndefined();
    expect(defaultsPatch([1], [2])).toBeUndefined();
    expect(defaultsPatch({ a: [] }, { a: {} })).toBeUndefined();
  });

  it('do not fit a value they were not made from', () => {
    expect(withDefaults({ a: 1 }, [[['a'], 2]])).toBeUndefined();
    expect(withDefaults({ a: 1 }, [[['b', 'c'], 2]])).toBeUndefined();
    expect(withDefaults({ a: 'x' }, [[['a', 'c'], 2]])).toBeUndefined();
    expect(isDefaultsPatch([[[], 1]])).toBe(false);
    expect(isDefaultsPatch([[['a', 1], 1]])).toBe(false);
  });

  it("are what the theme's schemas fill in on every page of the project", async () => {
    const theme = await loadTheme('.');
    const validators = compileValidators(theme);
    const content = await load('.');
    let checked = 0;
    for (const source of content.pages.filter((page) => page.file.endsWith('.yaml'))) {
      const parsed = parseYaml(source.file, source.text);
      const validator = validators.templates.get(String((parsed.data as { template?: unknown } | undefined)?.template));
      if (!validator) continue;
      const before = JSON.stringify(parsed.data);
      const { value, diagnostics } = validator.validate(source.file, parsed);
      if (diagnostics.length > 0) continue;
      const patch = defaultsPatch(parsed.data, value);
      expect([source.file, patch !== undefined]).toEqual([source.file, true]);
      same(withDefaults(parsed.data, patch!), value);
      expect(JSON.stringify(parsed.data)).toBe(before);
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });
});
