// An Atom feed of the posts, for feed readers: newest first, each with its
// title, address, date and summary. Only published posts reach the model, so
// drafts and scheduled posts stay out of it as they stay out of the pages.
import type { PostEntry } from '../contracts/model.ts';
import { canonicalUrl } from '../url.ts';
import { escapeXml } from './xml.ts';

/** What a feed says about itself, and where its entries' fields are. */
export interface FeedSettings {
  /** Its public path, e.g. `/blog/feed.xml`. */
  path: string;
  /** The feed's title, e.g. the blog's name. */
  title: string;
  /** Who writes it: the business's name. */
  author: string;
  /** The page that lists the posts, e.g. `/blog`: the feed's alternate link. */
  list: string;
  /** Front-matter field with a post's publish date (YYYY-MM-DD). */
  date: string;
  /** Front-matter field with a post's summary. */
  summary: string;
  /** Front-matter field with a post's headline. */
  headline: string;
}

export function atomFeed(baseUrl: string, posts: readonly PostEntry[], settings: FeedSettings): string {
  const field = (post: PostEntry, name: string) => String(post.front[name] ?? '');
  const stamp = (date: string) => `${date}T00:00:00Z`;
  const dates = posts.map((post) => field(post, settings.date)).sort();
  const updated = dates.at(-1) ?? '1970-01-01';
  const self = canonicalUrl(baseUrl, settings.path);
  const entries = posts.map((post) => {
    const url = canonicalUrl(baseUrl, post.route);
    return [
      '  <entry>',
      `    <title>${escapeXml(field(post, settings.headline))}</title>`,
      `    <id>${escapeXml(url)}</id>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      `    <published>${stamp(field(post, settings.date))}</published>`,
      `    <updated>${stamp(field(post, settings.date))}</updated>`,
      `    <summary>${escapeXml(field(post, settings.summary))}</summary>`,
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <title>${escapeXml(settings.title)}</title>`,
    `  <id>${escapeXml(self)}</id>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(self)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(canonicalUrl(baseUrl, settings.list))}"/>`,
    `  <updated>${stamp(updated)}</updated>`,
    `  <author><name>${escapeXml(settings.author)}</name></author>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
