// unsafeHtml(): raw HTML in an article outside the allow-list, refused at its line and column.
import { describe, expect, it } from 'vitest';
import { unsafeHtml } from './unsafe-html.ts';
import { articleEntry, siteModel } from '../../tests/helpers/unit.ts';

const located = (body: string) =>
  unsafeHtml(siteModel({ pages: [articleEntry('a', { title: 'A', summary: 'S', date: '2024-01-01' }, body)] })).map((d) => [d.line, d.column, d.message]);

describe('unsafeHtml', () => {
  it('refuses a script block at its line (the body starts on line 6)', () => {
    expect(located('Intro.\n\n<script>window.__pwned=1</script>\n')).toEqual([[8, 1, '<script> is not allowed in Markdown: it runs script on the site']]);
  });

  it('refuses frames, styles, meta, base, forms, objects and embeds, each where it is written', () => {
    const body = [
      '<iframe srcdoc="x"></iframe>',
      '',
      '<style>body{}</style>',
      '',
      '<meta http-equiv="refresh" content="0">',
      '',
      '<base href="/">',
      '',
      '<form><input></form>',
      '',
      '<object></object>',
      '',
      '<embed src="x">',
      '',
    ].join('\n');
    expect(located(body).map(([line, , message]) => [line, String(message).split(':')[0]])).toEqual(
      [
        [6, '<iframe> is not allowed in Markdown'],
        [8, '<style> is not allowed in Markdown'],
        [10, '<meta> is not allowed in Markdown'],
        [12, '<base> is not allowed in Markdown'],
        [14, '<form> is not allowed in Markdown'],
        [14, '<input> is not allowed in Markdown'],
        [16, '<object> is not allowed in Markdown'],
        [18, '<embed> is not allowed in Markdown'],
      ].map(([line, m]) => [line, String(m).split(':')[0]]),
    );
  });

  it('refuses event handlers and style attributes inline in a paragraph, at the attribute', () => {
    expect(located('Text with <span onclick="steal()">a span</span> and <b style="color:red">bold</b>.')).toEqual([
      [6, 17, 'the onclick= attribute of <span> is not allowed in Markdown: it runs script'],
      [6, 56, 'the style= attribute of <b> is not allowed in Markdown: it restyles the page'],
    ]);
  });

  it('accepts Markdown and the HTML an article may use', () => {
    expect(located('## Heading\n\n<figure><img src="/a.png" alt="A"><figcaption>A</figcaption></figure>\n\n- [x] done\n')).toEqual([]);
  });
});

describe('unsafeHtml wherever Markdown holds HTML', () => {
  it('refuses HTML in a table cell, a quote, a list item and a heading at its line and column', () => {
    const body = [
      '| a | b |',
      '|---|---|',
      '| x | <iframe src="x"></iframe> |',
      '',
      '> quoted <span onclick="x()">a</span>',
      '',
      '- item',
      '  more <b style="c">b</b>',
      '',
      '### Head <script>x</script>',
      '',
    ].join('\n');
    expect(located(body).map(([line, column, message]) => [line, column, String(message).split(':')[0]])).toEqual([
      [8, 7, '<iframe> is not allowed in Markdown'],
      [10, 16, 'the onclick= attribute of <span> is not allowed in Markdown'],
      [13, 11, 'the style= attribute of <b> is not allowed in Markdown'],
      [15, 10, '<script> is not allowed in Markdown'],
    ]);
  });
});

describe('unsafeHtml on HTML nested past the limit', () => {
  it('refuses 200,000 nested elements once, at the tag that passes the limit, in linear time', () => {
    const start = performance.now();
    const problems = located(`Intro.\n\n${'<div>'.repeat(200_000)}\n`);
    expect(performance.now() - start).toBeLessThan(2000);
    expect(problems.map(([line, column]) => [line, column])).toEqual([[8, 1 + 5 * 100]]);
  });

  it('accepts HTML nested a few levels, and many elements side by side', () => {
    expect(located(`<details><summary>More</summary><div><p>x</p></div></details>\n\n${'<span>a</span> '.repeat(10_000)}\n`)).toEqual([]);
  });
});
