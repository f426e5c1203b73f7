// @vitest-environment jsdom
// The blog list (spec §2, §4, §5) on the real /blog page: search on title or
// excerpt, category chips, a page size of cards a page (pages/blog.yaml, 9 by
// default), page buttons only when there is more than one page, the empty
// message, page back to 1 when the category or search changes, and the state
// in the URL query (shared links, Back). What the list holds is read from the
// posts' front matter in pages/blog/, so a new or changed post moves the
// expectations with it; paging is tested on the real list grown to a known size.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { blog, categorySlug, EMPTY, matches, queryOf, stateFromQuery, unfilterBlog } from '../../templates/client/blog.ts';
import { posts } from '../helpers/content.ts';
import { BLOG_CATEGORIES } from '../helpers/spec.ts';
import {
  categories,
  EXCERPT_POST,
  EXCERPT_WORD,
  FIRST_PAGE,
  NARROW,
  OTHER,
  PAGE_SIZE,
  postsIn,
  postsMatching,
  searchText,
  TITLE_POST,
  TITLE_WORD,
} from '../helpers/blog.ts';
import { openPage, useBuiltSite } from './site-pages.ts';

useBuiltSite();

const section = () => document.querySelector<HTMLElement>('[data-blog]')!;
const cards = () => [...section().querySelectorAll<HTMLElement>('[data-post]')];
const shown = () => cards().filter((c) => !c.hidden);
const titles = () => shown().map((c) => c.dataset.title);
const search = () => section().querySelector<HTMLInputElement>('[data-blog-search]')!;
const chip = (slug: string) => section().querySelector<HTMLAnchorElement>(`[data-category-chip="${slug}"]`)!;
const pager = () => section().querySelector<HTMLElement>('[data-pagination]')!;
const pageButtons = () => [...pager().querySelectorAll<HTMLButtonElement>('button')];
const empty = () => section().querySelector<HTMLElement>('[data-blog-empty]')!;
const query = () => new URLSearchParams(location.search);

function type(text: string) {
  search().value = text;
  search().dispatchEvent(new Event('input', { bubbles: true }));
}
function inCategory(slug: string) {
  return cards().filter((c) => c.dataset.category === slug);
}
/** popstate after history.back(), which jsdom fires asynchronously. */
function back(): Promise<void> {
  return new Promise((resolve) => {
    addEventListener('popstate', () => setTimeout(resolve, 0), { once: true });
    history.back();
  });
}

const text = searchText;
const narrow = NARROW;
const other = OTHER;
const titleWordPost = TITLE_POST;
const excerptWordPost = EXCERPT_POST;
/** The titles of the cards a search for `word` finds, in the order of the cards. */
const matching = (word: string, slug = 'all') =>
  cards()
    .filter(
      (c) => (slug === 'all' || c.dataset.category === slug) && text({ title: c.dataset.title!, excerpt: c.dataset.excerpt! }).includes(word.toLowerCase()),
    )
    .map((c) => c.dataset.title);

/**
 * Grows the real list to `count` cards with copies of its own (each titled
 * apart), before the script starts, so paging is tested on a known number of
 * pages whatever number of posts the blog has.
 */
function growTo(count: number) {
  const list = section().querySelector('[data-post-list]')!;
  const originals = cards();
  for (let i = originals.length; i < count; i++) {
    const copy = originals[i % originals.length]!.cloneNode(true) as HTMLElement;
    copy.dataset.title = `${copy.dataset.title} (copy ${i})`;
    list.append(copy);
  }
  for (const extra of cards().slice(count)) extra.remove();
}

describe('what the tests derive from pages/blog', () => {
  it('has posts, a title word and an excerpt word that narrow the search, and a category with fewer posts than all', () => {
    expect(posts.length).toBeGreaterThan(0);
    expect(TITLE_WORD).toBeTypeOf('string');
    expect(EXCERPT_WORD).toBeTypeOf('string');
    expect(postsIn(narrow).length).toBeGreaterThan(0);
  });
});

describe('rules as functions', () => {
  it('slugs a category name: lower-cased, spaces to hyphens', () => {
    expect(categorySlug('Smart Home')).toBe('smart-home');
    expect(categorySlug('Troubleshooting')).toBe('troubleshooting');
  });

  it('matches title or excerpt, case-insensitively, within the category', () => {
    const post = { category: 'Smart Home', title: 'Lutron lighting', excerpt: 'Dimmers and shades' };
    expect(matches(post, { category: 'all', q: '' })).toBe(true);
    expect(matches(post, { category: 'smart-home', q: 'LUTRON' })).toBe(true);
    expect(matches(post, { category: 'smart-home', q: 'shades' })).toBe(true);
    expect(matches(post, { category: 'smart-home', q: '  dimmers ' })).toBe(true);
    expect(matches(post, { category: 'safety', q: 'lutron' })).toBe(false);
    expect(matches(post, { category: 'all', q: 'panel' })).toBe(false);
  });

  it('reads and writes the URL query, defaults left out', () => {
    expect(stateFromQuery('')).toEqual({ category: 'all', q: '', page: 1 });
    expect(stateFromQuery('?category=Smart%20Home&q=led&page=2')).toEqual({ category: 'smart-home', q: 'led', page: 2 });
    expect(stateFromQuery('?page=-3')).toEqual({ category: 'all', q: '', page: 1 });
    expect(stateFromQuery('?page=abc').page).toBe(1);
    expect(queryOf({ category: 'all', q: '', page: 1 })).toBe('');
    expect(queryOf({ category: 'safety', q: 'gfci outlet', page: 2 })).toBe('?category=safety&q=gfci+outlet&page=2');
  });
});

describe('blog list without script', () => {
  beforeEach(() => openPage('/blog'));

  it('shows a card for every post of pages/blog; chips are links to /blog?category=<slug>; search is a GET form named q', () => {
    expect(
      cards()
        .map((c) => c.dataset.title)
        .sort(),
    ).toEqual(posts.map((p) => p.front.title).sort());
    expect(shown()).toHaveLength(posts.length);
    expect(section().dataset.pageSize).toBe(String(PAGE_SIZE));
    expect([...section().querySelectorAll<HTMLAnchorElement>('[data-category-chip]')].map((a) => [a.textContent, a.dataset.categoryChip])).toEqual(
      BLOG_CATEGORIES,
    );
    expect(chip('all').getAttribute('href')).toBe('/blog');
    for (const slug of categories) expect(chip(slug).getAttribute('href')).toBe(`/blog?category=${slug}`);
    expect(search().name).toBe('q');
    expect(search().placeholder).toBe('Search articles...');
    expect(search().form!.method).toBe('get');
    expect(pager().hidden).toBe(true);
    expect(empty().hidden).toBe(true);
    expect(empty().textContent!.trim()).toBe(EMPTY);
  });

  it('gives each card the slug of its post’s category and the post’s excerpt', () => {
    for (const card of cards()) {
      const post = posts.find((p) => p.front.title === card.dataset.title)!;
      expect(card.querySelector('.chip-cat')!.textContent).toBe(post.front.category);
      expect(card.dataset.category).toBe(categorySlug(post.front.category));
      expect(card.dataset.excerpt).toBe(post.front.excerpt);
    }
  });
});

describe('blog list with script', () => {
  beforeEach(async () => {
    await openPage('/blog');
    blog(section());
  });

  it('shows the first page in stored order, with page buttons only when the posts fill more than one page', () => {
    expect(shown()).toEqual(cards().slice(0, FIRST_PAGE));
    const pages = Math.ceil(posts.length / PAGE_SIZE);
    expect(pager().hidden).toBe(pages <= 1);
    expect(pageButtons().map((b) => b.textContent)).toEqual(pages > 1 ? Array.from({ length: pages }, (_, i) => String(i + 1)) : []);
    if (pages > 1) expect(pageButtons()[0]!.getAttribute('aria-current')).toBe('page');
    expect(chip('all').getAttribute('aria-current')).toBe('true');
    expect(location.search).toBe('');
  });

  it('a category chip filters by the card’s category slug, with no page buttons for one page', () => {
    chip(narrow).dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    expect(shown()).toEqual(inCategory(narrow));
    expect(
      shown()
        .map((c) => c.dataset.title)
        .sort(),
    ).toEqual(
      postsIn(narrow)
        .map((p) => p.front.title)
        .sort(),
    );
    expect(chip(narrow).getAttribute('aria-current')).toBe('true');
    expect(chip('all').hasAttribute('aria-current')).toBe(false);
    expect(pager().hidden).toBe(true);
    expect(pageButtons()).toHaveLength(0);
    expect(query().get('category')).toBe(narrow);
  });

  it('every chip shows exactly the posts of its category, and All shows the first page again', () => {
    for (const slug of categories) {
      chip(slug).click();
      const titlesIn = postsIn(slug).map((p) => p.front.title);
      expect(shown(), slug).toHaveLength(Math.min(titlesIn.length, PAGE_SIZE));
      for (const title of titles()) expect(titlesIn, slug).toContain(title);
      expect(
        shown().every((c) => c.dataset.category === slug),
        slug,
      ).toBe(true);
      expect(empty().hidden, slug).toBe(postsIn(slug).length > 0);
    }
    chip('all').click();
    expect(shown()).toEqual(cards().slice(0, FIRST_PAGE));
    expect(location.search).toBe('');
  });

  it('search matches the title case-insensitively', () => {
    type(TITLE_WORD.toUpperCase());
    expect(titles()).toEqual(matching(TITLE_WORD));
    const found = postsMatching(TITLE_WORD).map((p) => p.front.title);
    expect(titles()).toHaveLength(Math.min(found.length, PAGE_SIZE));
    for (const title of titles()) expect(found).toContain(title);
    expect(titles()).toContain(titleWordPost.front.title);
    expect(titles().length).toBeLessThan(posts.length);
    expect(query().get('q')).toBe(TITLE_WORD.toUpperCase());
  });

  it('search matches the excerpt as well as the title', () => {
    type(EXCERPT_WORD.toUpperCase());
    expect(titles()).toContain(excerptWordPost.front.title);
    expect(titles()).toEqual(matching(EXCERPT_WORD));
    for (const c of shown()) expect(text({ title: c.dataset.title!, excerpt: c.dataset.excerpt! })).toContain(EXCERPT_WORD.toLowerCase());
  });

  it('search combines with the category', () => {
    const post = titleWordPost;
    const slug = categorySlug(post.front.category);
    chip(slug).click();
    type(TITLE_WORD);
    expect(titles()).toContain(post.front.title);
    expect(titles()).toEqual(matching(TITLE_WORD, slug));
    for (const c of shown()) expect(c.dataset.category).toBe(slug);
    expect(query().get('category')).toBe(slug);
    expect(query().get('q')).toBe(TITLE_WORD);
  });

  it('says "No articles found matching your search criteria." when nothing matches, with no page buttons', () => {
    type('zzzz-no-such-article');
    expect(shown()).toHaveLength(0);
    expect(empty().hidden).toBe(false);
    expect(empty().textContent!.trim()).toBe(EMPTY);
    expect(pager().hidden).toBe(true);
    type('');
    expect(empty().hidden).toBe(true);
    expect(shown()).toHaveLength(FIRST_PAGE);
  });

  it('the search form’s submit (Enter) filters without leaving the page', () => {
    search().value = TITLE_WORD;
    const submitted = search().form!.dispatchEvent(new Event('submit', { cancelable: true }));
    expect(submitted).toBe(false);
    expect(query().get('q')).toBe(TITLE_WORD);
    expect(titles()).toEqual(matching(TITLE_WORD));
  });

  it('leaves a chip clicked with a modifier key to the browser (a new tab)', () => {
    let prevented: boolean | undefined;
    // Note what the blog script decided, then keep jsdom from trying to navigate.
    document.addEventListener(
      'click',
      (event) => {
        prevented = event.defaultPrevented;
        event.preventDefault();
      },
      { once: true },
    );
    chip(narrow).dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true }));
    expect(prevented).toBe(false);
    expect(shown()).toEqual(cards().slice(0, FIRST_PAGE));
    expect(location.search).toBe('');
  });

  it('Back returns to the previous category', async () => {
    chip(other).click();
    chip(narrow).click();
    await back();
    expect(query().get('category')).toBe(other);
    expect(shown()).toEqual(inCategory(other).slice(0, PAGE_SIZE));
    expect(chip(other).getAttribute('aria-current')).toBe('true');
    await back();
    expect(location.search).toBe('');
    expect(shown()).toEqual(cards().slice(0, FIRST_PAGE));
  });

  it('typing a search adds one history entry, not one per letter', async () => {
    const push = vi.spyOn(history, 'pushState');
    const replace = vi.spyOn(history, 'replaceState');
    type('s');
    type('sm');
    type('smart');
    expect(push).toHaveBeenCalledTimes(1);
    expect(replace).toHaveBeenCalledTimes(2);
    vi.restoreAllMocks();
    await back();
    expect(search().value).toBe('');
    expect(shown()).toEqual(cards().slice(0, FIRST_PAGE));
  });
});

describe('paging, on the list grown to two full pages and one card more', () => {
  const COUNT = 2 * PAGE_SIZE + 1;
  const open = async (url = '/blog') => {
    await openPage('/blog', url);
    growTo(COUNT);
    blog(section());
  };

  it('shows the first page and buttons 1, 2 and 3, page 1 current', async () => {
    await open();
    expect(cards()).toHaveLength(COUNT);
    expect(shown()).toEqual(cards().slice(0, PAGE_SIZE));
    expect(pager().hidden).toBe(false);
    expect(pageButtons().map((b) => b.textContent)).toEqual(['1', '2', '3']);
    expect(pageButtons()[0]!.getAttribute('aria-current')).toBe('page');
  });

  it('page 2 shows the next page of cards and goes into the URL; page 3 the last card', async () => {
    await open();
    pageButtons()[1]!.click();
    expect(shown()).toEqual(cards().slice(PAGE_SIZE, 2 * PAGE_SIZE));
    expect(query().get('page')).toBe('2');
    expect(pageButtons()[1]!.getAttribute('aria-current')).toBe('page');
    expect(document.activeElement).toBe(pageButtons()[1]);
    pageButtons()[2]!.click();
    expect(shown()).toEqual(cards().slice(2 * PAGE_SIZE));
    expect(query().get('page')).toBe('3');
  });

  it('changing the category returns to page 1', async () => {
    await open();
    pageButtons()[1]!.click();
    chip(narrow).click();
    expect(query().get('page')).toBeNull();
    chip('all').click();
    expect(shown()).toEqual(cards().slice(0, PAGE_SIZE));
  });

  it('changing the search returns to page 1', async () => {
    await open();
    pageButtons()[1]!.click();
    type('e');
    expect(query().get('page')).toBeNull();
    expect(pageButtons()[0]?.getAttribute('aria-current') ?? 'page').toBe('page');
    expect(shown()[0]).toBe(cards().find((c) => text({ title: c.dataset.title!, excerpt: c.dataset.excerpt! }).includes('e')));
  });

  it('Back returns to the previous page', async () => {
    await open();
    pageButtons()[1]!.click();
    pageButtons()[2]!.click();
    await back();
    expect(query().get('page')).toBe('2');
    expect(shown()).toEqual(cards().slice(PAGE_SIZE, 2 * PAGE_SIZE));
  });

  it('opens page 2 from ?page=2', async () => {
    await open('/blog?page=2');
    expect(shown()).toEqual(cards().slice(PAGE_SIZE, 2 * PAGE_SIZE));
    expect(pageButtons()[1]!.getAttribute('aria-current')).toBe('page');
  });

  it('shows the last page for a page number past the end', async () => {
    await open('/blog?page=7');
    expect(shown()).toEqual(cards().slice(2 * PAGE_SIZE));
    expect(pageButtons()[2]!.getAttribute('aria-current')).toBe('page');
  });
});

describe('blog list opened from a shared URL', () => {
  it('applies category and search from the query on load', async () => {
    const slug = categorySlug(titleWordPost.front.category);
    await openPage('/blog', `/blog?category=${slug}&q=${encodeURIComponent(TITLE_WORD)}`);
    blog(section());
    expect(titles()).toContain(titleWordPost.front.title);
    expect(titles()).toEqual(matching(TITLE_WORD, slug));
    expect(search().value).toBe(TITLE_WORD);
    expect(chip(slug).getAttribute('aria-current')).toBe('true');
  });

  it('falls back to the no-script list: every card, no pages, no message', async () => {
    await openPage('/blog', '/blog?q=zzzz');
    blog(section());
    expect(shown()).toHaveLength(0);
    unfilterBlog(section());
    expect(shown()).toHaveLength(posts.length);
    expect(pager().hidden).toBe(true);
    expect(empty().hidden).toBe(true);
  });
});
