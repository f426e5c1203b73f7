// topLevelPosition(): the line scan agrees with the parser wherever it answers, and leaves the rest to it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseYaml, splitFrontMatter } from './yaml.ts';
import { indexedPosition, isTopLevelIndex, topLevelIndex, topLevelPosition } from './top-level.ts';

function projectTexts(): { file: string; text: string }[] {
  const files = ['site.yaml', ...readdirSync('pages', { recursive: true, encoding: 'utf8' }).map((f) => join('pages', f))];
  return files.flatMap((file) => {
    if (!/\.(ya?ml|md)$/.test(file)) return [];
    const raw = readFileSync(file, 'utf8');
    const text = file.endsWith('.md') ? splitFrontMatter(raw)?.front : raw;
    return text === undefined ? [] : [{ file, text }];
  });
}

describe('topLevelPosition', () => {
  it('agrees with the parser on every top-level field of every content file', () => {
    let answered = 0;
    for (const { file, text } of projectTexts()) {
      const parsed = parseYaml(file, text);
      for (const key of Object.keys((parsed.data ?? {}) as object)) {
        const value = topLevelPosition(text, key);
        if (value) {
          answered++;
          expect([file, key, value]).toEqual([file, key, parsed.locate([key])]);
        }
        expect([file, key, topLevelPosition(text, key, 'key')]).toEqual([file, key, parsed.locateKey([], key)]);
      }
    }
    expect(answered).toBeGreaterThan(100);
  });

  it('answers only the plain one-line case', () => {
    expect(topLevelPosition('a: 1\ntitle: Hi there\n', 'title')).toEqual({ line: 2, column: 8 });
    expect(topLevelPosition('title:   "Hi"\r\n', 'title')).toEqual({ line: 1, column: 10 });
    expect(topLevelPosition('title:\n  Hi\n', 'title')).toBeUndefined();
    expect(topLevelPosition('title: # none\n', 'title')).toBeUndefined();
    expect(topLevelPosition('title: &a Hi\n', 'title')).toBeUndefined();
    expect(topLevelPosition('title: Hi\ntitle: Ho\n', 'title')).toBeUndefined();
    expect(topLevelPosition('  title: Hi\n', 'title')).toBeUndefined();
    expect(topLevelPosition('titles: Hi\n', 'title')).toBeUndefined();
    expect(topLevelPosition('"title": Hi\n', 'title')).toBeUndefined();
    expect(topLevelPosition('a.b: Hi\n', 'a.b')).toBeUndefined();
  });

  it('is what a cached text answers with, shifted like the parser', () => {
    const cache = new Map<string, unknown>();
    const store = { get: (t: string) => cache.get(t), set: (t: string, d: unknown) => void cache.set(t, d) };
    parseYaml('pages/blog/a.md', 'title: A\ndate: 2024-01-01\n', 1, store);
    const again = parseYaml('pages/blog/a.md', 'title: A\ndate: 2024-01-01\n', 1, store);
    expect(again.locate(['date'])).toEqual({ line: 3, column: 7 });
    expect(again.locateKey([], 'date')).toEqual({ line: 3, column: 1 });
  });
});

// A page file known without being read places its warnings from its text's top-level index: it must answer what
// the scan of the text answers, key by key, for texts of every shape a line can take.
describe('the top-level index', () => {
  const keys = ['title', 'template', 'a', 'a-b', 'a_b', '_x', 'Title', 'titles', '__proto__', 'constructor', 'a.b', '1st', ''];
  const pieces = fc.constantFrom(...keys, ' ', '\t', ':', ': ', ':\t', '  ', '#', '|', '>', '&a', '*a', '!t', '"', "'", 'x', 'é', '-', '[', '{');
  const ends = fc.constantFrom('\n', '\r\n', '\r', '\u2028', '');
  const line = fc.tuple(fc.array(pieces, { maxLength: 6 }), ends).map(([parts, end]) => parts.join('') + end);
  const text = fc.array(line, { maxLength: 12 }).map((lines) => lines.join(''));

  it('answers for every key and both places what the scan of the text answers', () => {
    fc.assert(
      fc.property(text, (t) => {
        const index = topLevelIndex(t);
        expect(isTopLevelIndex(index)).toBe(true);
        const named = index === '' ? [] : index.split(';').map((entry) => entry.split(',')[0]!);
        for (const key of [...keys, ...named]) {
          for (const at of ['value', 'key'] as const) expect([key, at, indexedPosition(index, key, at)]).toEqual([key, at, topLevelPosition(t, key, at)]);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('answers as the text does for every content file of the project', () => {
    for (const { text } of projectTexts()) {
      const index = topLevelIndex(text);
      for (const key of Object.keys((parseYaml('', text).data ?? {}) as object)) {
        expect(indexedPosition(index, key)).toEqual(topLevelPosition(text, key));
        expect(indexedPosition(index, key, 'key')).toEqual(topLevelPosition(text, key, 'key'));
      }
    }
  });
});
