// topLevelPosition(): the line scan agrees with the parser wherever it answers, and leaves the rest to it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseYaml, splitFrontMatter } from './yaml.ts';
import { topLevelPosition } from './top-level.ts';

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
