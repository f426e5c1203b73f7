// The Atom feed of the posts, from literal posts.
import { describe, expect, it } from 'vitest';
import { atomFeed, type FeedSettings } from './feed.ts';
import { extras } from './index.ts';
import { postEntry, siteModel } from '../test-support.ts';

const settings: FeedSettings = { path: '/blog/feed.xml', title: 'Tiny & Co blog', author: 'Tiny & Co', list: '/blog', date: 'date', summary: 'summary', headline: 'title' };
const posts = [
  postEntry('newer', { title: 'Panels <200 A>', summary: 'Why & when', date: '2024-02-01' }),
  postEntry('older', { title: 'Older', summary: 'S', date: '2024-01-01' }),
];

describe('atomFeed', () => {
  it('lists every post given, newest entry date as the feed’s, text escaped', () => {
    expect(atomFeed('https://www.example.com', posts, settings)).toBe(
      [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<feed xmlns="http://www.w3.org/2005/Atom">',
        '  <title>Tiny &amp; Co blog</title>',
        '  <id>https://www.example.com/blog/feed.xml</id>',
        '  <link rel="self" type="application/atom+xml" href="https://www.example.com/blog/feed.xml"/>',
        '  <link rel="alternate" type="text/html" href="https://www.example.com/blog"/>',
        '  <updated>2024-02-01T00:00:00Z</updated>',
        '  <author><name>Tiny &amp; Co</name></author>',
        '  <entry>',
        '    <title>Panels &lt;200 A&gt;</title>',
        '    <id>https://www.example.com/blog/newer</id>',
        '    <link rel="alternate" type="text/html" href="https://www.example.com/blog/newer"/>',
        '    <published>2024-02-01T00:00:00Z</published>',
        '    <updated>2024-02-01T00:00:00Z</updated>',
        '    <summary>Why &amp; when</summary>',
        '  </entry>',
        '  <entry>',
        '    <title>Older</title>',
        '    <id>https://www.example.com/blog/older</id>',
        '    <link rel="alternate" type="text/html" href="https://www.example.com/blog/older"/>',
        '    <published>2024-01-01T00:00:00Z</published>',
        '    <updated>2024-01-01T00:00:00Z</updated>',
        '    <summary>S</summary>',
        '  </entry>',
        '</feed>',
        '',
      ].join('\n'),
    );
  });

  it('is written by extras at its path when the theme asks for one, and not otherwise', () => {
    const model = siteModel({ posts });
    expect(extras(model, [], { policy: {}, feed: settings }).map((f) => f.path)).toContain('blog/feed.xml');
    expect(extras(model, [], { policy: {} }).map((f) => f.path)).not.toContain('blog/feed.xml');
  });
});
