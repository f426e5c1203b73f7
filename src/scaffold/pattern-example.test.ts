import { describe, expect, it } from 'vitest';
import { patternExample } from './pattern-example.ts';

describe('patternExample', () => {
  it.each([
    ['^\\+[1-9]\\d{7,14}$', '+10000000'],
    ['^[A-Z]\\d[A-Z] \\d[A-Z]\\d$', 'A0A 0A0'],
    ['^(?:[01]\\d|2[0-3]):[0-5]\\d$', '00:00'],
    ['^\\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])$', '0000-01-01'],
    ['^/(?:[a-z0-9-]+(?:/[a-z0-9-]+)*)?$', '/'],
    ['^/images/[a-z0-9/-]+\\.(?:png|jpe?g)$', '/images/a.png'],
    ['^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$', 'a@a.aa'],
    ['^GTM-[A-Z0-9]{4,12}$', 'GTM-AAAA'],
    ['^https://\\S+$', 'https://a'],
    ['^[^{}]+$', 'a'],
    ['^[\\]]$', ']'],
    ['^\\d{7}$', '0000000'],
    ['^(/|https?://)', '/'],
    ['^x+?y*$', 'x'],
  ])('%s → %s', (pattern, example) => {
    expect(patternExample(pattern)).toBe(example);
  });

  it.each([
    ['^/(?:[a-z0-9-]+(?:/[a-z0-9-]+)*)?$', '/todo'],
    ['^/images/[a-z0-9/-]+\\.(?:svg|png|jpe?g|webp|avif)$', '/images/todo.svg'],
    ['^https://\\S+$', 'https://todo'],
    ['^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$', 'todo@a.aa'],
    ['^[^{}]+$', 'todo'],
    ['^[a-z]{2,3}$', 'aa'],
    ['^GTM-[A-Z0-9]{4,12}$', 'GTM-AAAA'],
    ['^\\+[1-9]\\d{7,14}$', '+10000000'],
  ])('%s spells the word where it can: %s', (pattern, example) => {
    expect(patternExample(pattern, 'todo')).toBe(example);
  });

  it('gives nothing for patterns beyond the plain syntax, rather than a wrong example', () => {
    expect(patternExample('^(?=a)b$')).toBeUndefined();
    expect(patternExample('^(a)\\1$')).toBeUndefined();
    expect(patternExample('^\\bword$')).toBeUndefined();
    expect(patternExample('^[^\\s\\S]$')).toBeUndefined();
    expect(patternExample('^(unclosed$')).toBeUndefined();
  });

  it('gives nothing when its reading does not match, e.g. an alternative the first branch cannot satisfy', () => {
    // The first alternative ("a") is tried alone; the anchors then refuse it.
    expect(patternExample('^(?:a|b)c$')).toBe('ac');
    expect(patternExample('^a$|^b{2}$')).toBe('a');
  });
});
