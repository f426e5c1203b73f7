// markdownDepth(): how deeply an article nests quotes and lists, and where.
import { describe, expect, it } from 'vitest';
import { markdownDepth } from './limits.ts';

describe('markdownDepth', () => {
  it('counts quotes and list markers that open a line, and list indentation', () => {
    expect(markdownDepth('Text\n\n> quote\n> > nested\n')).toEqual({ depth: 2, line: 4 });
    expect(markdownDepth('- a\n  - b\n    - c\n')).toEqual({ depth: 3, line: 3 });
    expect(markdownDepth('>>>> four\n')).toEqual({ depth: 4, line: 1 });
    expect(markdownDepth('1. one\n   2. two\n')).toEqual({ depth: 2, line: 2 });
  });

  it('reads the thousands of levels that would exhaust the renderer', () => {
    expect(markdownDepth(`Intro\n${'>'.repeat(2000)} deep\n`)).toEqual({ depth: 2000, line: 2 });
    expect(markdownDepth(`${'- '.repeat(2000)}deep\n`).depth).toBe(2000);
  });

  it('leaves alone indented text, rules and fenced code', () => {
    expect(markdownDepth(`${' '.repeat(60)}indented text\n* * *\n`).depth).toBe(3);
    expect(markdownDepth('```\n' + '> '.repeat(100) + '\n```\n').depth).toBe(0);
    expect(markdownDepth('-- not a list\n').depth).toBe(0);
  });
});
