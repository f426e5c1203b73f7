// An Atom feed of the posts, for feed readers: newest first, each with its
// title, address, date and summary. Only published posts reach the model, so
// drafts and scheduled posts stay out of it as they stay out of the pages.
import type { PostEntry } from '../contracts/model.ts';
import { canonicalUrl } from '../url.ts';
import { UnwritableValue } from './unwritable.ts';
import { xmlText } from './xml.ts';

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
  const file = settings.path.slice(1);
  const text = (what: string, value: string) => xmlText(file, what, value);
  const field = (post: PostEntry, name: string) => String(post.front[name] ?? '');
  // A date is written as it is inside a timestamp, so it must be one: validation holds dates to YYYY-MM-DD.
  const stamp = (date: string) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new UnwritableValue(file, "a post's date", date);
    return `${date}T00:00:00Z`;
  };
  const dates = posts.map((post) => field(post, settings.date)).sort();
  const updated = dates.at(-1) ?? '1970-01-01';
  const self = canonicalUrl(baseUrl, settings.path);
  const entries = posts.map((post) => {
    const url = text("a post's address", canonicalUrl(baseUrl, post.route));
    return [
      '  <entry>',
      `    <title>${text("a post's headline", field(post, settings.headline))}</title>`,
      `    <id>${url}</id>`,
      `    <link rel="alternate" type="text/html" href="${url}"/>`,
      `    <published>${stamp(field(post, settings.date))}</published>`,
      `    <updated>${stamp(field(post, settings.date))}</updated>`,
      `    <summary>${text("a post's summary", field(post, settings.summary))}</summary>`,
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <title>${text("the feed's title", settings.title)}</title>`,
    `  <id>${text("the feed's address", self)}</id>`,
    `  <link rel="self" type="application/atom+xml" href="${text("the feed's address", self)}"/>`,
    `  <link rel="alternate" type="text/html" href="${text("the list's address", canonicalUrl(baseUrl, settings.list))}"/>`,
    `  <updated>${stamp(updated)}</updated>`,
    `  <author><name>${text("the feed's author", settings.author)}</name></author>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
