// One definition of a word for post counts and the content report.
import { describe, expect, it } from 'vitest';
import { countWords, words } from './words.ts';

describe('words', () => {
  it.each([
    ["Toronto's knob-and-tube, 100 A!", ["toronto's", 'knob', 'and', 'tube', '100', 'a']],
    ['A 3.5 kW load on 1,000 ft. of wire', ['a', '3.5', 'kw', 'load', 'on', '1,000', 'ft', 'of', 'wire']],
    ['O’Neill said: "don’t."', ['o’neill', 'said', 'don’t']],
    ['end. Next', ['end', 'next']],
    ['', []],
  ])('%j', (text, expected) => {
    expect(words(text)).toEqual(expected);
  });
});

describe('countWords in Markdown', () => {
  it('leaves out link targets, markup and tags', () => {
    expect(countWords('## Panel [upgrade guide](/residential/panel-upgrades) <em>now</em> **today**')).toBe(5);
  });
});
