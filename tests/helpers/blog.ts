// What the blog list should hold, from the posts' front matter in pages/blog/
// and pages/blog.yaml: the page size, the posts of each category, and words
// that narrow a search. The blog tests (jsdom and Chromium) choose their
// categories and search words here, so a new, changed or removed post moves
// the expectations with it instead of breaking them.
import { pageData, posts, type ContentPost } from './content.ts';
import { BLOG_CATEGORIES } from './spec.ts';

/** Cards a page once the script pages the list: pages/blog.yaml's pageSize, 9 by default (spec §9). */
export const PAGE_SIZE: number = pageData('/blog').pageSize ?? 9;

/** How many cards the first page shows. */
export const FIRST_PAGE = Math.min(posts.length, PAGE_SIZE);

/** How many pages the whole list fills. */
export const PAGES = Math.ceil(posts.length / PAGE_SIZE);

/** A category name as its chip slug (spec §5): lower-cased, spaces to hyphens. */
export const slugOf = (name: string) => name.toLowerCase().replace(/\s+/g, '-');

/** What a search looks in: title and excerpt, lower-cased. */
export const searchText = (post: { title: string; excerpt: string }) => `${post.title} ${post.excerpt}`.toLowerCase();

/** The posts of a category slug. */
export const postsIn = (slug: string): ContentPost[] => posts.filter((p) => slugOf(p.front.category) === slug);

/** The posts a search for `word` finds (title or excerpt, any case), within a category slug. */
export const postsMatching = (word: string, slug = 'all'): ContentPost[] =>
  posts.filter(
    (p) => (slug === 'all' || slugOf(p.front.category) === slug) && searchText(p.front as { title: string; excerpt: string }).includes(word.toLowerCase()),
  );

/** The chip slugs of the categories, All left out. */
export const categories = BLOG_CATEGORIES.map(([, slug]) => slug).filter((slug) => slug !== 'all');

/** The chip name of a slug. */
export const categoryName = (slug: string) => BLOG_CATEGORIES.find(([, s]) => s === slug)![0];

/** A category with posts, though not every post, and no more than a page of them: its chip narrows the list to one page. */
export const NARROW: string =
  categories.find((slug) => postsIn(slug).length > 0 && postsIn(slug).length < posts.length && postsIn(slug).length <= PAGE_SIZE) ??
  categories.find((slug) => postsIn(slug).length > 0)!;

/** Another category with posts (or any other), to go Back to. */
export const OTHER: string = categories.find((slug) => slug !== NARROW && postsIn(slug).length > 0) ?? categories.find((slug) => slug !== NARROW)!;

/**
 * A word of 5 letters or more in a post's title (or only in its excerpt) that
 * some post lacks, so that a search for it narrows the list.
 */
function wordOf(post: ContentPost, field: 'title' | 'excerpt'): string | undefined {
  const title = (post.front.title as string).toLowerCase();
  return (post.front[field] as string)
    .split(/[^A-Za-z0-9]+/)
    .find((word) => word.length >= 5 && postsMatching(word).length < posts.length && (field === 'title' || !title.includes(word.toLowerCase())));
}

/** A post and a word of its title that narrows a search. */
export const TITLE_POST = posts.find((p) => wordOf(p, 'title'))!;
export const TITLE_WORD = TITLE_POST && wordOf(TITLE_POST, 'title')!;

/** A post and a word of its excerpt, not of its title, that narrows a search. */
export const EXCERPT_POST = posts.find((p) => wordOf(p, 'excerpt'))!;
export const EXCERPT_WORD = EXCERPT_POST && wordOf(EXCERPT_POST, 'excerpt')!;
