// createParseCache(): values by the hash of their text, and which entries a run saves.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createParseCache } from './parse-cache.ts';

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

describe('createParseCache', () => {
  it('finds a value stored by an earlier run under the SHA-1 of its text', () => {
    const cache = createParseCache({ [sha1('a: 1\n')]: { a: 1 } });
    expect(cache.get('a: 1\n')).toEqual({ a: 1 });
    expect(cache.get('a: 2\n')).toBeUndefined();
  });

  it('reports no changes when a run used exactly the earlier entries', () => {
    const cache = createParseCache({ [sha1('a: 1\n')]: { a: 1 } });
    cache.get('a: 1\n');
    expect(cache.changes()).toBeNull();
  });

  it('keeps only the entries this run used, plus what it added', () => {
    const cache = createParseCache({ [sha1('old: 1\n')]: { old: 1 }, [sha1('kept: 1\n')]: { kept: 1 } });
    cache.get('kept: 1\n');
    cache.set('new: 1\n', { new: 1 });
    expect(cache.changes()).toEqual({ [sha1('kept: 1\n')]: { kept: 1 }, [sha1('new: 1\n')]: { new: 1 } });
  });

  it('reports a change when an earlier entry was not used', () => {
    const cache = createParseCache({ [sha1('gone: 1\n')]: { gone: 1 } });
    expect(cache.changes()).toEqual({});
  });

  it('keeps out a value JSON cannot carry, so the next run reads 1e999 as this one did', () => {
    const cache = createParseCache({});
    cache.set('price: 1e999\n', { price: Infinity });
    cache.set('price: .nan\n', { price: NaN });
    cache.set('price: -0\n', { price: -0 });
    cache.set('list: [-.inf]\n', { list: [-Infinity] });
    expect(cache.get('price: 1e999\n')).toBeUndefined();
    expect(cache.changes()).toBeNull();
  });

  it('saves only what comes back from JSON as it went in', () => {
    // Values of the kinds YAML reads into, numbers of every kind among them.
    const value = fc.letrec((tie) => ({
      leaf: fc.oneof(fc.string(), fc.boolean(), fc.constant(null), fc.double(), fc.integer(), fc.constantFrom(Infinity, -Infinity, NaN, -0, 0)),
      node: fc.oneof({ depthSize: 'small' }, tie('leaf'), fc.array(tie('node'), { maxLength: 3 }), fc.dictionary(fc.string(), tie('node'), { maxKeys: 3 })),
    })).node;
    fc.assert(
      fc.property(value, (data) => {
        const cache = createParseCache({});
        cache.set('text', data);
        const saved = cache.changes() ?? {};
        const next = createParseCache(JSON.parse(JSON.stringify(saved)) as Record<string, unknown>);
        const again = next.get('text');
        // Either the next run reads the text itself, or it finds exactly the value this run read.
        if (again !== undefined) expect(again).toStrictEqual(data);
      }),
      { numRuns: 2000 },
    );
  });
});
