// markdownTooDeep(): an article whose Markdown nests past the limit is refused once, at the line where it does.
import { describe, expect, it } from 'vitest';
import { markdownTooDeep } from './markdown-depth.ts';
import { articleEntry, siteModel } from '../../tests/helpers/unit.ts';
import { MAX_MARKDOWN_DEPTH } from '../validate/limits.ts';
import { LAZY_LINES } from '../html/markdown.ts';

const found = (body: string) => markdownTooDeep(siteModel({ pages: [articleEntry('a', { title: 'A' }, body)] })).map((d) => [d.code, d.line, d.severity]);

describe('markdownTooDeep', () => {
  it('refuses 1,500 levels of ** at their line (the body starts on line 6)', () => {
    expect(found(`Intro.\n\nText ${'**'.repeat(1500)}a${'**'.repeat(1500)}\n`)).toEqual([['markdown-too-deep', 8, 'error']]);
  });

  it('refuses strikethrough and emphasis nested past the limit, and accepts them at the limit', () => {
    expect(found(`${'~~a '.repeat(MAX_MARKDOWN_DEPTH + 5)}b${' a~~'.repeat(MAX_MARKDOWN_DEPTH + 5)}`)).toHaveLength(1);
    expect(found(`${'*'.repeat(MAX_MARKDOWN_DEPTH - 1)}a${'*'.repeat(MAX_MARKDOWN_DEPTH - 1)}`)).toEqual([]);
  });

  it('accepts a long paragraph of many emphasised words, which is not nesting', () => {
    expect(found('Some **bold** and *em* and ~~gone~~ words. '.repeat(2000))).toEqual([]);
  });
});

describe('markdownTooDeep on emphasis that never closes', () => {
  it('refuses a paragraph of *_a (every _ opens, none closes) at the line and column where reading stops', () => {
    const problems = markdownTooDeep(siteModel({ pages: [articleEntry('a', { title: 'A' }, `Intro.\n\n${'*_a'.repeat(30_000)}\n`)] }));
    expect(problems.map((d) => [d.code, d.line, d.column >= 1])).toEqual([['markdown-unclosed', 8, true]]);
  });

  it('accepts ordinary paragraphs with marks that do not close (2 * 3, snake_case, a lone ~)', () => {
    expect(found('Two * three is 6, snake_case_names stay, a ~ alone, and **bold** too. '.repeat(3000))).toEqual([]);
  });
});

describe('markdownTooDeep on list items that run on', () => {
  it('refuses a list item followed by more lines not indented under it than the limit, at the list', () => {
    const problems = markdownTooDeep(
      siteModel({ pages: [articleEntry('a', { title: 'A' }, `Intro.\n\n- item\n${'more text\n'.repeat(LAZY_LINES + 1)}\nAfter.\n`)] }),
    );
    expect(problems.map((d) => [d.code, d.line, d.column])).toEqual([['markdown-long-item', 8, 1]]);
  });

  it('accepts an item with a few such lines, and a long list of items', () => {
    expect(found(`- item\n${'more text\n'.repeat(50)}\n${'- another\n'.repeat(5000)}`)).toEqual([]);
  });
});
