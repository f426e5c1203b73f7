// One definition of a word for article counts and the content report.
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

describe('countWords on text that never closes what it opens', () => {
  // Before, each `<` read to the end of the text looking for its `>`: 400 kB of `<a` took 31 s.
  it.each(['<a', '](', '](x', '<a ](', '[](<'])('reads 400 kB of %j in well under a second', (unit) => {
    const text = unit.repeat(Math.ceil(400_000 / unit.length));
    const start = performance.now();
    const count = countWords(text);
    expect(performance.now() - start).toBeLessThan(1000);
    expect(count).toBe(unit.includes('x') || unit.includes('a') ? Math.ceil(400_000 / unit.length) : 0);
  });

  it('still leaves out a tag and a link target that close', () => {
    expect(countWords('one <a href="/x">two</a> [three](/four) five')).toBe(4);
  });
});
