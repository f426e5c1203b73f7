// The allow-list for HTML from content: what the sanitiser keeps and removes, and what the rule names.
import { describe, expect, it } from 'vitest';
import { safeContentHtml, unsafeParts } from './content-html.ts';

describe('safeContentHtml', () => {
  it('keeps what Markdown writes (boolean attributes written short)', () => {
    const html = '<h2>Why</h2>\n<p>Panels <em>wear</em> <strong>out</strong>, see <a href="/contact" title="Us">us</a>.</p>\n<ul>\n<li><input checked="" disabled="" type="checkbox" /> done</li>\n</ul>\n<pre><code class="language-js">x &lt; 1</code></pre>\n<table>\n<thead>\n<tr>\n<th align="left">A</th>\n</tr>\n</thead>\n</table>\n<p><img src="/images/a.svg" alt="A panel" /></p>';
    expect(safeContentHtml(html)).toBe(html.replace('checked="" disabled=""', 'checked disabled'));
  });

  it.each([
    ['<script>window.__pwned=1</script><p>x</p>', '<p>x</p>'],
    ['<iframe srcdoc="<script>alert(1)</script>"></iframe>', ''],
    ['<style>body{display:none}</style>', ''],
    ['<meta http-equiv="refresh" content="0;url=https://evil.example">', ''],
    ['<base href="https://evil.example/">', ''],
    ['<form action="https://evil.example"><input name="card"></form>', ''],
    ['<object data="x.swf"></object><embed src="x.swf">', ''],
    ['<p onclick="steal()" style="color:red">hi</p>', '<p>hi</p>'],
    ['<img src="x" onerror="alert(1)">', '<img src="x" />'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<img src="data:image/svg+xml,<svg onload=alert(1)>">', '<img />'],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<a href="//evil.example/">x</a>', '<a>x</a>'],
  ])('removes what could run or restyle: %s', (input, output) => {
    expect(safeContentHtml(input)).toBe(output);
  });
});

describe('unsafeParts', () => {
  it('names each element and attribute outside the list, where it starts', () => {
    const html = '<p>ok</p><script>x</script><p onclick="y" class="z">t</p><input type="text">';
    expect(unsafeParts(html)).toEqual([
      { element: 'script', offset: 9 },
      { element: 'p', attribute: 'onclick', offset: 30 },
      { element: 'p', attribute: 'class', offset: 42 },
      { element: 'input', offset: html.indexOf('<input') },
    ]);
  });

  it('finds nothing in what a post may use', () => {
    expect(unsafeParts('<figure><img src="/a.png" alt="A" width="4" height="3"><figcaption>A</figcaption></figure><details><summary>More</summary><p>x</p></details>')).toEqual([]);
  });
});
