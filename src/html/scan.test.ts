// scanHtml(): the URLs, inline blocks and inline attributes of a page, in one pass.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Parser } from 'htmlparser2';
import { scanHtml } from './scan.ts';
import { pageFacts, pathsOf, urlsOf } from './page-facts.ts';

describe('scanHtml', () => {
  it('finds quoted URL attributes, decoded, in order, srcset candidates last', () => {
    const scan = scanHtml(
      `<!DOCTYPE html><a href="/a?x=1&amp;y=2">A</a><img src='/b.png' srcset="/c.png 1x, /d.png 2x"><form action="/send"></form><div data-href="/e"></div><video poster="/f.jpg"></video>`,
    );
    expect(scan.urls).toEqual([
      { attribute: 'href', value: '/a?x=1&y=2' },
      { attribute: 'src', value: '/b.png' },
      { attribute: 'action', value: '/send' },
      { attribute: 'data-href', value: '/e' },
      { attribute: 'poster', value: '/f.jpg' },
      { attribute: 'srcset', value: '/c.png' },
      { attribute: 'srcset', value: '/d.png' },
    ]);
  });

  it('reads no tags inside comments, scripts or styles, nor URLs in text', () => {
    const scan = scanHtml(
      `<!-- <a href="/no"> --><p>href="/text"</p><script type="application/ld+json">{"a":"<a href=\\"/json\\">"}</script><style>a{b:c}</style><a href="/yes">`,
    );
    expect(scan.urls.map((u) => u.value)).toEqual(['/yes']);
    expect(scan.blocks.map((b) => [b.tag, b.text, b.attributes.get('type')])).toEqual([
      ['script', '{"a":"<a href=\\"/json\\">"}', 'application/ld+json'],
      ['style', 'a{b:c}', undefined],
    ]);
  });

  it('names style and event-handler attributes, whatever their case', () => {
    expect(scanHtml('<p style="x"><button ONCLICK="y" disabled>b</button><a data-on="z">').inlineAttributes).toEqual(['style', 'onclick']);
  });

  it('survives a page cut short', () => {
    expect(scanHtml('<a href="/a').urls.map((u) => u.value)).not.toContain('/a');
    expect(scanHtml('<script>never closed').blocks[0]!.text).toBe('never closed');
    expect(scanHtml('<').urls).toEqual([]);
  });
});

describe('scanHtml reads text as text', () => {
  it('finds no attribute in prose that reads like one, as the sanitiser writes it (quotes unescaped)', () => {
    const scan = scanHtml('<p>A sentence with href="/nowhere" and onclick="x()" and style="y" in prose.</p><a title="a href=\'/in-value\'" href="/real">r</a>');
    expect(scan.urls.map((u) => u.value)).toEqual(['/real']);
    expect(scan.inlineAttributes).toEqual([]);
  });

  it('reads the attributes a browser reads, for generated pages of tags, text and quotes', () => {
    const piece = fc.oneof(
      fc.constantFrom(
        '<a href="/a">',
        '</a>',
        '<img src="/i.png" alt="x">',
        '<p class="c" onclick="go()">',
        '</p>',
        '<span style="s">',
        ' href="/t" ',
        " onclick='x' ",
        'text',
        '"',
        "'",
        '&amp;',
        '<br>',
      ),
      fc.string({ unit: fc.constantFrom('a', ' ', '=', '"', "'", '/'), maxLength: 6 }).map((text) => text.replace(/[<>]/g, '')),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const html = pieces.join('');
        const wanted: string[] = [];
        const inline: string[] = [];
        const parser = new Parser(
          {
            onattribute(name, value, quote) {
              if (quote !== '"' && quote !== "'") return;
              if (name === 'href' || name === 'src') wanted.push(value);
              else if (name === 'style' || /^on[a-z]+$/.test(name)) inline.push(name);
            },
          },
          { decodeEntities: true, lowerCaseAttributeNames: true },
        );
        parser.end(html);
        const scan = scanHtml(html);
        // A tag cut short at the end of the piece is not a tag to the scanner, whose pages always close theirs.
        const closed = !/<[a-zA-Z][^>]*$/.test(html);
        if (closed) {
          expect(scan.urls.map((u) => u.value)).toEqual(wanted);
          expect(scan.inlineAttributes).toEqual(inline);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('scans a megabyte of unclosed tags and attribute-like text in linear time', () => {
    for (const unit of ['<a ', '<a "', ' href="x"', '<a title="', "<a b='"]) {
      const html = unit.repeat(Math.ceil(1_000_000 / unit.length));
      const start = performance.now();
      scanHtml(html);
      expect(performance.now() - start).toBeLessThan(1000);
    }
  });
});

describe('pageFacts', () => {
  it('keeps each URL once, and the site paths that links lead to', () => {
    const facts = pageFacts(
      '<a href="/b/">B</a><a href="/b/">again</a><img src="/c.png"><a href="//cdn.example/x">x</a><script>go()</script><style>p{}</style>',
    );
    expect(urlsOf(facts)).toEqual([
      { href: '/b/', path: 'href' },
      { href: '/c.png', path: 'src' },
      { href: '//cdn.example/x', path: 'href' },
    ]);
    expect([...pathsOf(facts)]).toEqual(['/b']);
    expect(facts.inline.scripts).toHaveLength(1);
    expect(facts.inline.styles).toHaveLength(1);
  });
});
