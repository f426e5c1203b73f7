// The blog's Atom feed: where it is and what it is called, once for the theme
// (which has the engine write it) and for the blog pages (which link it).
import type { Feed } from 'trn-site/theme';
import type { Site } from '../site.schema.ts';

export function blogFeed(site: Site): Feed {
  return {
    path: `${site.links.blog}/feed.xml`,
    title: `${site.business.name} blog`,
    author: site.business.name,
    list: site.links.blog,
    headline: 'title',
    summary: 'excerpt',
    date: 'publishDate',
  };
}
