// scanHtml(): the URLs, inline blocks and inline attributes of a page, in one pass.
import { describe, expect, it } from 'vitest';
import { scanHtml } from './scan.ts';
import { pageFacts, pathsOf, urlsOf } from './page-facts.ts';

describe('scanHtml', () => {
  it('finds quoted URL attributes, decoded, in order, srcset candidates last', () => {
    const scan = scanHtml(`<!DOCTYPE html><a href="/a?x=1&amp;y=2">A</a><img src='/b.png' srcset="/c.png 1x, /d.png 2x"><form action="/send"></form><div data-href="/e"></div><video poster="/f.jpg"></video>`);
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
    const scan = scanHtml(`<!-- <a href="/no"> --><p>href="/text"</p><script type="application/ld+json">{"a":"<a href=\\"/json\\">"}</script><style>a{b:c}</style><a href="/yes">`);
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

describe('pageFacts', () => {
  it('keeps each URL once, and the site paths that links lead to', () => {
    const facts = pageFacts('<a href="/b/">B</a><a href="/b/">again</a><img src="/c.png"><a href="//cdn.example/x">x</a><script>go()</script><style>p{}</style>');
    expect(urlsOf(facts)).toEqual([{ href: '/b/', path: 'href' }, { href: '/c.png', path: 'src' }, { href: '//cdn.example/x', path: 'href' }]);
    expect([...pathsOf(facts)]).toEqual(['/b']);
    expect(facts.inline.scripts).toHaveLength(1);
    expect(facts.inline.styles).toHaveLength(1);
  });
});
