// An Atom feed of a collection's members, for feed readers: newest first, each
// with its title, address, date and summary. Only published pages reach the
// model, so drafts and scheduled pages stay out of it as they stay out of the site.
import type { Member } from '../contracts/member.ts';
import type { Feed } from '../contracts/theme.ts';
import { compareText } from '../contracts/diagnostics.ts';
import { canonicalUrl } from '../url.ts';
import { UnwritableValue } from './unwritable.ts';
import { xmlText } from './xml.ts';

/** What a feed says about itself, and where its entries' fields are. */
export type FeedSettings = Feed;

/** The entries of a feed, newest first (by `date`), then by route. */
export function feedOrder(members: readonly Member[], date: string): Member[] {
  const day = (member: Member) => String(member.data[date] ?? '');
  return [...members].sort((a, b) => compareText(day(b), day(a)) || compareText(a.route, b.route));
}

export function atomFeed(baseUrl: string, members: readonly Member[], settings: FeedSettings): string {
  const file = settings.path.slice(1);
  const text = (what: string, value: string) => xmlText(file, what, value);
  const field = (member: Member, name: string) => String(member.data[name] ?? '');
  const entries = feedOrder(members, settings.date);
  // A date is written as it is inside a timestamp, so it must be one: validation holds dates to YYYY-MM-DD.
  const stamp = (date: string) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new UnwritableValue(file, "an entry's date", date);
    return `${date}T00:00:00Z`;
  };
  const dates = entries.map((entry) => field(entry, settings.date)).sort();
  const updated = dates.at(-1) ?? '1970-01-01';
  const self = canonicalUrl(baseUrl, settings.path);
  const written = entries.map((entry) => {
    const url = text("an entry's address", canonicalUrl(baseUrl, entry.route));
    return [
      '  <entry>',
      `    <title>${text("an entry's headline", field(entry, settings.headline))}</title>`,
      `    <id>${url}</id>`,
      `    <link rel="alternate" type="text/html" href="${url}"/>`,
      `    <published>${stamp(field(entry, settings.date))}</published>`,
      `    <updated>${stamp(field(entry, settings.date))}</updated>`,
      `    <summary>${text("an entry's summary", field(entry, settings.summary))}</summary>`,
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
    ...written,
    '</feed>',
    '',
  ].join('\n');
}
