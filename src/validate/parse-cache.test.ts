// createParseCache(): values by the hash of their text, and which entries a run saves.
import { createHash } from 'node:crypto';
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
});
