// unknownPlaceholders(): a {name} the theme does not fill in, refused where it is written.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unknownPlaceholders } from './unknown-placeholders.ts';
import { pageEntry, articleEntry, siteModel } from '../../tests/helpers/unit.ts';

const KNOWN = ['phone', 'since'];

describe('unknownPlaceholders', () => {
  it('names each unknown placeholder of page data at its field, and says which names there are', () => {
    const model = siteModel({ pages: [pageEntry('/a', { title: 'Call {phone} since {since}', cards: [{ text: 'We are {nowhere}' }] })] });
    expect(unknownPlaceholders(model, KNOWN).map((d) => [d.code, d.file, d.path, d.message, d.hint])).toEqual([
      [
        'placeholder-unknown',
        'pages/a.yaml',
        'cards[0].text',
        '{nowhere} is not a placeholder this site fills in',
        'write one of {phone}, {since}, or leave out the braces if the text is meant as it is',
      ],
    ]);
  });

  it('checks nothing for a theme that declares no names', () => {
    expect(unknownPlaceholders(siteModel({ pages: [pageEntry('/a', { title: '{anything}' })] }), undefined)).toEqual([]);
  });

  it('finds an unknown name in an article body at its line and column, in text, tables, quotes, link titles and raw HTML, never in code', () => {
    // The body starts on line 6 of the file (see articleEntry).
    const body = [
      'Call {phone} today.',
      '',
      '| a | b |',
      '| - | - |',
      '| x | {cell} |',
      '',
      '> quoted {quote}',
      '',
      '[us](/about "about {title}")',
      '',
      '<span title="{attr}">x</span>',
      '',
      'in `code {code}` and:',
      '',
      '```',
      '{fenced}',
      '```',
    ].join('\n');
    const found = unknownPlaceholders(siteModel({ pages: [articleEntry('p', { title: 'T' }, body)] }), KNOWN);
    expect(found.map((d) => [d.message.split(' ')[0], d.line, d.column])).toEqual([
      ['{cell}', 10, 7],
      ['{quote}', 12, 10],
      ['{title}', 14, 20],
      ['{attr}', 16, 14],
    ]);
  });

  it('places a generated unknown name wherever it is written in prose', () => {
    const word = fc.stringMatching(/^[a-z]{1,8}$/);
    fc.assert(
      fc.property(fc.array(fc.array(word, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 8 }), fc.nat(), fc.nat(), (lines, atLine, atWord) => {
        const paragraphs = lines.map((words) => words.join(' '));
        const row = atLine % paragraphs.length;
        const words = lines[row]!;
        const at = atWord % (words.length + 1);
        paragraphs[row] = [...words.slice(0, at), '{unknown}', ...words.slice(at)].join(' ');
        const column = [...words.slice(0, at), ''].join(' ').length + 1;
        const found = unknownPlaceholders(siteModel({ pages: [articleEntry('p', { title: 'T' }, paragraphs.join('\n\n'))] }), KNOWN);
        expect(found.map((d) => [d.line, d.column])).toEqual([[6 + 2 * row, column]]);
      }),
      { numRuns: 300 },
    );
  });
});
