// linksInMarkdown(): every link of an article's Markdown, wherever it is held, at the line and column of its target.
import { describe, expect, it } from 'vitest';
import { linksInMarkdown } from './link-sources.ts';

describe('linksInMarkdown wherever Markdown holds a link', () => {
  it('finds links and images in table cells, quotes, list items and headings at their targets', () => {
    const body = [
      '| a | b |',
      '|---|---|',
      '| [x](/in-table) | ![](/images/none.png) |',
      '',
      '> more [q](/in-quote) text',
      '',
      '- item',
      '  continued [l](/in-list)',
      '',
      '### Heading [h](/in-heading)',
      '',
    ].join('\n');
    expect(linksInMarkdown('pages/blog/a.md', body, 6).map((l) => [l.href, l.alt, l.position()])).toEqual([
      ['/in-table', undefined, { line: 8, column: 7 }],
      ['/images/none.png', '', { line: 8, column: 24 }],
      ['/in-quote', undefined, { line: 10, column: 12 }],
      ['/in-list', undefined, { line: 13, column: 17 }],
      ['/in-heading', undefined, { line: 15, column: 17 }],
    ]);
  });

  it('reads raw HTML as HTML: an attribute is a link, text that reads like one is not', () => {
    const body = 'Intro.\n\n<div>\nSee href="/text-only" here.\n<a href="/real">r</a>\n</div>\n';
    expect(linksInMarkdown('pages/blog/a.md', body, 1).map((l) => [l.href, l.position()])).toEqual([['/real', { line: 5, column: 10 }]]);
  });
});
