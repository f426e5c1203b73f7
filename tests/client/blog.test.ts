// @vitest-environment jsdom
// The blog list (spec §2, §4, §5) on the real /blog page: search on title or
// excerpt, category chips, 9 cards a page, page buttons only when there is
// more than one page, the empty message, page back to 1 when the category or
// search changes, and the state in the URL query (shared links, Back).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { blog, categorySlug, EMPTY, matches, queryOf, stateFromQuery, unfilterBlog } from '../../templates/client/blog.ts';
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

  it('shows every post; chips are links to /blog?category=<slug>; search is a GET form named q', () => {
    expect(cards()).toHaveLength(10);
    expect(shown()).toHaveLength(10);
    expect(chip('all').getAttribute('href')).toBe('/blog');
    expect(chip('smart-home').getAttribute('href')).toBe('/blog?category=smart-home');
    expect(search().name).toBe('q');
    expect(search().placeholder).toBe('Search articles...');
    expect(search().form!.method).toBe('get');
    expect(pager().hidden).toBe(true);
    expect(empty().hidden).toBe(true);
    expect(empty().textContent!.trim()).toBe(EMPTY);
  });

  it('gives each card the slug of its category name', () => {
    for (const card of cards()) {
      const name = card.querySelector('.chip-cat')!.textContent!;
      expect(card.dataset.category).toBe(categorySlug(name));
    }
  });
});

describe('blog list with script', () => {
  beforeEach(async () => {
    await openPage('/blog');
    blog(section());
  });

  it('shows the first 9 in stored order and page buttons 1 and 2, page 1 current', () => {
    expect(shown()).toEqual(cards().slice(0, 9));
    expect(pager().hidden).toBe(false);
    expect(pageButtons().map((b) => b.textContent)).toEqual(['1', '2']);
    expect(pageButtons()[0]!.getAttribute('aria-current')).toBe('page');
    expect(chip('all').getAttribute('aria-current')).toBe('true');
    expect(location.search).toBe('');
  });

  it('page 2 shows the tenth post and goes into the URL', () => {
    pageButtons()[1]!.click();
    expect(shown()).toEqual(cards().slice(9));
    expect(query().get('page')).toBe('2');
    expect(pageButtons()[1]!.getAttribute('aria-current')).toBe('page');
    expect(document.activeElement).toBe(pageButtons()[1]);
  });

  it('a category chip filters by the card’s category slug, with no page buttons for one page', () => {
    chip('smart-home').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    expect(shown()).toEqual(inCategory('smart-home'));
    expect(shown().length).toBeGreaterThan(0);
    expect(chip('smart-home').getAttribute('aria-current')).toBe('true');
    expect(chip('all').hasAttribute('aria-current')).toBe(false);
    expect(pager().hidden).toBe(true);
    expect(pageButtons()).toHaveLength(0);
    expect(query().get('category')).toBe('smart-home');
  });

  it('every chip shows exactly its category, and All shows everything again', () => {
    for (const slug of ['smart-home', 'outdoor', 'residential', 'safety', 'troubleshooting']) {
      chip(slug).click();
      expect(shown(), slug).toEqual(inCategory(slug));
    }
    chip('all').click();
    expect(shown()).toHaveLength(9);
    expect(location.search).toBe('');
  });

  it('changing the category returns to page 1', () => {
    pageButtons()[1]!.click();
    chip('safety').click();
    expect(query().get('page')).toBeNull();
    chip('all').click();
    expect(shown()).toEqual(cards().slice(0, 9));
  });

  it('search matches the title case-insensitively', () => {
    type('LUTRON');
    expect(titles()).toEqual(cards().filter((c) => /lutron/i.test(c.dataset.title!)).map((c) => c.dataset.title));
    expect(titles().length).toBeGreaterThan(0);
    expect(query().get('q')).toBe('LUTRON');
  });

  it('search matches the excerpt as well as the title', () => {
    const card = cards()[4]!;
    const word = card.dataset.excerpt!.split(/\s+/).find((w) => w.length > 8 && !card.dataset.title!.toLowerCase().includes(w.toLowerCase()))!;
    type(word.toUpperCase());
    expect(shown()).toContain(card);
    for (const c of shown()) expect(`${c.dataset.title} ${c.dataset.excerpt}`.toLowerCase()).toContain(word.toLowerCase());
  });

  it('search combines with the category', () => {
    chip('troubleshooting').click();
    type('breaker');
    expect(shown().length).toBeGreaterThan(0);
    for (const c of shown()) {
      expect(c.dataset.category).toBe('troubleshooting');
      expect(`${c.dataset.title} ${c.dataset.excerpt}`.toLowerCase()).toContain('breaker');
    }
    expect(query().get('category')).toBe('troubleshooting');
    expect(query().get('q')).toBe('breaker');
  });

  it('changing the search returns to page 1', () => {
    pageButtons()[1]!.click();
    type('e');
    expect(query().get('page')).toBeNull();
    expect(pageButtons()[0]?.getAttribute('aria-current') ?? 'page').toBe('page');
  });

  it('says "No articles found matching your search criteria." when nothing matches, with no page buttons', () => {
    type('zzzz-no-such-article');
    expect(shown()).toHaveLength(0);
    expect(empty().hidden).toBe(false);
    expect(empty().textContent!.trim()).toBe(EMPTY);
    expect(pager().hidden).toBe(true);
    type('');
    expect(empty().hidden).toBe(true);
    expect(shown()).toHaveLength(9);
  });

  it('the search form’s submit (Enter) filters without leaving the page', () => {
    search().value = 'panel';
    const submitted = search().form!.dispatchEvent(new Event('submit', { cancelable: true }));
    expect(submitted).toBe(false);
    expect(query().get('q')).toBe('panel');
    for (const c of shown()) expect(`${c.dataset.title} ${c.dataset.excerpt}`.toLowerCase()).toContain('panel');
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
    chip('safety').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true }));
    expect(prevented).toBe(false);
    expect(shown()).toHaveLength(9);
  });

  it('Back returns to the previous category and page', async () => {
    chip('outdoor').click();
    chip('safety').click();
    await back();
    expect(query().get('category')).toBe('outdoor');
    expect(shown()).toEqual(inCategory('outdoor'));
    expect(chip('outdoor').getAttribute('aria-current')).toBe('true');
    await back();
    expect(location.search).toBe('');
    expect(shown()).toHaveLength(9);
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
    expect(shown()).toHaveLength(9);
  });
});

describe('blog list opened from a shared URL', () => {
  it('applies category, search and page from the query on load', async () => {
    await openPage('/blog', '/blog?category=safety&q=GFCI');
    blog(section());
    expect(shown().length).toBeGreaterThan(0);
    for (const c of shown()) {
      expect(c.dataset.category).toBe('safety');
      expect(`${c.dataset.title} ${c.dataset.excerpt}`.toLowerCase()).toContain('gfci');
    }
    expect(search().value).toBe('GFCI');
    expect(chip('safety').getAttribute('aria-current')).toBe('true');
  });

  it('opens page 2 from ?page=2', async () => {
    await openPage('/blog', '/blog?page=2');
    blog(section());
    expect(shown()).toEqual(cards().slice(9));
    expect(pageButtons()[1]!.getAttribute('aria-current')).toBe('page');
  });

  it('shows the last page for a page number past the end', async () => {
    await openPage('/blog', '/blog?page=7');
    blog(section());
    expect(shown()).toEqual(cards().slice(9));
  });

  it('falls back to the no-script list: every card, no pages, no message', async () => {
    await openPage('/blog', '/blog?q=zzzz');
    blog(section());
    unfilterBlog(section());
    expect(shown()).toHaveLength(10);
    expect(pager().hidden).toBe(true);
    expect(empty().hidden).toBe(true);
  });
});
