// markdownTokens(): marked's reading of Markdown, bounded in time and depth; markdownPlaces(): where tokens are written.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Lexer, marked, type Token } from 'marked';
import { eachToken, isTooDeep, markdownPlaces, markdownTokens, trimmedUrl } from './markdown.ts';
import { MAX_MARKDOWN_DEPTH } from '../validate/limits.ts';

const html = (markdown: string) => marked.parser(markdownTokens(markdown));

describe('markdownTokens', () => {
  it('reads what marked reads, for ordinary Markdown', () => {
    const text =
      '# Title\n\nSome *em*, **strong**, ~~del~~, `code`, [a link](/x "t"), ![an image](/i.png), <https://example.org>, www.example.org/path), mail@example.org.\n\n> quote\n\n- a\n  - b\n\n| a | b |\n|---|---|\n| [c](/c) | <b>d</b> |\n';
    expect(html(text)).toBe(marked.parse(text, { async: false, gfm: true }));
  });

  it('keeps emphasis nested past the limit as text, marks where, and never overflows the stack', () => {
    const deep = '**'.repeat(1500) + 'a' + '**'.repeat(1500);
    const tokens = markdownTokens(deep);
    const flat: Token[] = [];
    eachToken(tokens, (token) => {
      if (isTooDeep(token)) flat.push(token);
    });
    expect(flat).toHaveLength(1);
    expect(() => marked.parser(tokens)).not.toThrow();
    expect(() => new Lexer({ gfm: true }).lex(deep)).toThrow(RangeError);
  });

  it.each([
    ['emphasis', (n: number) => `${'*'.repeat(n)}a${'*'.repeat(n)}`],
    ['strikethrough', (n: number) => `${'~~a '.repeat(n)}b${' a~~'.repeat(n)}`],
    ['quotes', (n: number) => `${'> '.repeat(n)}a`],
    ['lists', (n: number) => Array.from({ length: n }, (_, i) => `${'  '.repeat(i)}- a`).join('\n')],
  ])('nests %s up to the limit as marked does, and no deeper', (_, make) => {
    const within = markdownTokens(make(MAX_MARKDOWN_DEPTH - 2));
    let flat = 0;
    eachToken(within, (token) => void (flat += isTooDeep(token) ? 1 : 0));
    expect(flat).toBe(0);
    const past = markdownTokens(make(4 * MAX_MARKDOWN_DEPTH));
    eachToken(past, (token) => void (flat += isTooDeep(token) ? 1 : 0));
    expect(flat).toBeGreaterThan(0);
  });

  it.each(['*a', '_a', '**a', '~a', '._', '*_a', '_a*', '~a_', '*a_ ', '\\*a', 'www.a)', 'a@a.', '<a ', '`a``', '[a](', '&a'])(
    'reads 200 kB of %j in time linear in its length',
    (unit) => {
      // Before, `*a` took 1.3 s for 100 kB and 19 s for 400 kB: four times the time for twice the text.
      // The least of three readings: a collection or another process landing in one reading is not the text's cost.
      const time = (size: number) => {
        const text = unit.repeat(Math.ceil(size / unit.length));
        let least = Infinity;
        for (let run = 0; run < 3; run++) {
          const start = process.cpuUsage();
          markdownTokens(text);
          const used = process.cpuUsage(start);
          least = Math.min(least, (used.user + used.system) / 1000);
        }
        return least;
      };
      time(20_000);
      const small = time(50_000);
      const large = time(200_000);
      expect(large).toBeLessThan(Math.max(8 * small, 400));
    },
  );
});

describe('trimmedUrl', () => {
  it('trims as marked does, and a URL with a long tail to trim in one pass', () => {
    expect(trimmedUrl('www.example.org/a.')).toBe('www.example.org/a');
    expect(trimmedUrl('www.example.org/a?q=1&hl;')).toBe('www.example.org/a?q=1');
    expect(trimmedUrl('www.example.org/a!?)')).toBe('www.example.org/a');
    const start = performance.now();
    expect(trimmedUrl('www.example.org/a' + ')'.repeat(200_000))).toBe('www.example.org/a');
    expect(trimmedUrl('www.example.org/a' + '.,'.repeat(100_000))).toBe('www.example.org/a');
    expect(performance.now() - start).toBeLessThan(1000);
  });

  it('agrees with marked on generated URLs', () => {
    const url = fc
      .string({ unit: fc.constantFrom('a', '/', '.', ',', '(', ')', '&', ';', '?', '!', '_', '~', '*', ':', '"', "'", '1'), maxLength: 12 })
      .map((tail) => `www.example.org/${tail}`);
    fc.assert(
      fc.property(url, (written) => {
        const ours = markdownTokens(written);
        const theirs = new Lexer({ gfm: true }).lex(written);
        expect(JSON.stringify(ours)).toBe(JSON.stringify(theirs));
      }),
      { numRuns: 500 },
    );
  });
});

describe('markdownPlaces', () => {
  const placeOf = (body: string, type: string, which = 0) => {
    const tokens = markdownTokens(body);
    const found: Token[] = [];
    eachToken(tokens, (token) => {
      if (token.type === type) found.push(token);
    });
    return markdownPlaces(body, 1, tokens).of(found[which]!);
  };

  it('places a token in a table cell, a quote, a list item, a heading and a link text at its line and column', () => {
    expect(placeOf('Intro.\n\n| a | b |\n|---|---|\n| x | [c](/c) |\n', 'link')).toEqual({ line: 5, column: 7 });
    expect(placeOf('Intro.\n\n> one\n> two [c](/c)\n', 'link')).toEqual({ line: 4, column: 7 });
    expect(placeOf('- one\n- two\n  more <b>x</b>\n', 'html')).toEqual({ line: 3, column: 8 });
    expect(placeOf('Text.\n\n### Head ![i](/i.png)\n', 'image')).toEqual({ line: 3, column: 10 });
    expect(placeOf('[see ![i](/i.png) here](/x)\n', 'image')).toEqual({ line: 1, column: 6 });
  });

  it('places a later line of a token held in a quote on that line, after the markers', () => {
    const body = 'Intro.\n\n> <div>\n> <span onclick="x">a</span>\n> </div>\n';
    const tokens = markdownTokens(body);
    let block: Token | undefined;
    eachToken(tokens, (token) => {
      if (token.type === 'html') block ??= token;
    });
    expect(markdownPlaces(body, 1, tokens).of(block!, block!.raw.indexOf('onclick'))).toEqual({ line: 4, column: 9 });
  });

  it('places every link of generated Markdown where its target is written', () => {
    const piece = fc.constantFrom('text ', '*em* ', '\n', '\n\n', '> ', '- ', '| a | b |\n|---|---|\n| ', ' | ', '# ', '`code` ', '[x](/L) ', '![i](/L) ');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 25 }), (pieces) => {
        let n = 0;
        const body = pieces.map((p) => p.replace('/L', () => `/l${n++}`)).join('');
        const tokens = markdownTokens(body);
        const places = markdownPlaces(body, 1, tokens);
        const lines = body.split('\n');
        eachToken(tokens, (token) => {
          if (token.type !== 'link' && token.type !== 'image') return;
          const { line, column } = places.of(token);
          expect(lines[line - 1]!.slice(column - 1)).toMatch(/^!?\[/);
        });
      }),
      { numRuns: 300 },
    );
  });
});
