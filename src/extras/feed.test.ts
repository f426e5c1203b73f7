// The Atom feed of a collection, from literal members.
import { describe, expect, it } from 'vitest';
import { atomFeed, type FeedSettings } from './feed.ts';
import { extras } from './index.ts';
import { articleEntry, siteModel } from '../../tests/helpers/unit.ts';
import { collectMembers } from '../collections/members.ts';
import type { Member } from '../contracts/member.ts';

const settings: FeedSettings = {
  path: '/blog/feed.xml',
  title: 'Tiny & Co blog',
  author: 'Tiny & Co',
  list: '/blog',
  date: 'date',
  summary: 'summary',
  headline: 'title',
};
const entries = [
  articleEntry('older', { title: 'Older', summary: 'S', date: '2024-01-01' }),
  articleEntry('newer', { title: 'Panels <200 A>', summary: 'Why & when', date: '2024-02-01' }),
];
const articles = collectMembers(entries, { articles: { template: 'article', description: 'The articles.' } }).articles!;

describe('atomFeed', () => {
  it('lists every member given, newest first, the newest entry date as the feed’s, text escaped', () => {
    expect(atomFeed('https://www.example.com', articles, settings)).toBe(
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

  it('orders members of one day by route, whatever order they come in', () => {
    const member = (route: string): Member => ({ route, title: route, data: { title: route, summary: 'S', date: '2024-03-01' }, status: 'published' });
    const ids = (text: string) => [...text.matchAll(/<id>https:\/\/www\.example\.com(\/blog\/[a-z]+)<\/id>/g)].map((m) => m[1]);
    expect(ids(atomFeed('https://www.example.com', [member('/blog/b'), ...articles, member('/blog/a')], settings))).toEqual([
      '/blog/a',
      '/blog/b',
      '/blog/newer',
      '/blog/older',
    ]);
  });

  it('is written by extras at its path when the theme asks for one, and not otherwise', () => {
    const model = siteModel({ pages: entries });
    expect(extras(model, [], { policy: {}, feeds: [{ settings, members: articles }] }).map((f) => f.path)).toContain('blog/feed.xml');
    expect(extras(model, [], { policy: {} }).map((f) => f.path)).not.toContain('blog/feed.xml');
  });
});
