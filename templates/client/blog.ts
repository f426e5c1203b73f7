// The blog list (spec §2, §4, §5; DECISIONS "Behaviour"). Every card is in
// the HTML, the chips are links to /blog?category=<slug> and the search box is
// a GET form, so without script the list shows every post. With it, the list
// is filtered by category and search text and paged by data-page-size (9);
// the state lives in the URL query (?category=, ?q=, ?page=) so results can
// be shared and the back button works.
import { all } from './core.ts';

export const EMPTY = 'No articles found matching your search criteria.';

/** What the list shows. */
export interface BlogState {
  /** Chip slug; 'all' for every category. */
  category: string;
  /** Search text as typed. */
  q: string;
  /** 1-based page number. */
  page: number;
}

/** A category name or slug as a chip slug: lower-cased, spaces to hyphens (spec §5). */
export function categorySlug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}

/** The state in a query string; missing or bad values give the defaults. */
export function stateFromQuery(search: string): BlogState {
  const params = new URLSearchParams(search);
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    category: categorySlug(params.get('category') ?? '') || 'all',
    q: params.get('q') ?? '',
    page: page >= 1 ? page : 1,
  };
}

/** The query string of a state ('' for the defaults); defaults are left out. */
export function queryOf(state: BlogState): string {
  const params = new URLSearchParams();
  if (state.category !== 'all') params.set('category', state.category);
  if (state.q.trim()) params.set('q', state.q);
  if (state.page > 1) params.set('page', String(state.page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** What a card is matched on. */
export interface PostFacts {
  category: string;
  title: string;
  excerpt: string;
}

/** Whether a post is in the category and, case-insensitively, has the search text in its title or excerpt. */
export function matches(post: PostFacts, state: Pick<BlogState, 'category' | 'q'>): boolean {
  if (state.category !== 'all' && categorySlug(post.category) !== state.category) return false;
  const q = state.q.trim().toLowerCase();
  return !q || post.title.toLowerCase().includes(q) || post.excerpt.toLowerCase().includes(q);
}

/** The page to show: the asked one, within 1..pages. */
function clampPage(page: number, pages: number): number {
  return Math.min(Math.max(1, page), Math.max(1, pages));
}

export function blog(section: HTMLElement): void {
  const list = section.querySelector<HTMLElement>('[data-post-list]');
  const cards = all('[data-post]', section);
  const search = section.querySelector<HTMLInputElement>('[data-blog-search]');
  const chips = all<HTMLAnchorElement>('[data-category-chip]', section);
  const empty = section.querySelector<HTMLElement>('[data-blog-empty]');
  const pager = section.querySelector<HTMLElement>('[data-pagination]');
  const size = Number(section.dataset.pageSize) || 9;
  const facts = (card: HTMLElement): PostFacts => ({
    category: card.dataset.category ?? '',
    title: card.dataset.title ?? '',
    excerpt: card.dataset.excerpt ?? '',
  });

  let state = stateFromQuery(location.search);

  const render = () => {
    const found = cards.filter((card) => matches(facts(card), state));
    const pages = Math.ceil(found.length / size);
    state.page = clampPage(state.page, pages);
    const first = (state.page - 1) * size;
    const visible = new Set(found.slice(first, first + size));
    for (const card of cards) card.hidden = !visible.has(card);
    if (empty) empty.hidden = found.length > 0;
    for (const chip of chips) {
      if (chip.dataset.categoryChip === state.category) chip.setAttribute('aria-current', 'true');
      else chip.removeAttribute('aria-current');
    }
    if (search && search.value !== state.q) search.value = state.q;
    if (pager) renderPager(pager, pages);
  };

  const renderPager = (nav: HTMLElement, pages: number) => {
    nav.hidden = pages <= 1;
    nav.replaceChildren();
    if (pages <= 1) return;
    for (let n = 1; n <= pages; n++) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'btn btn-outline';
      button.textContent = String(n);
      button.setAttribute('aria-label', `Page ${n}`);
      button.dataset.page = String(n);
      if (n === state.page) button.setAttribute('aria-current', 'page');
      nav.append(button);
    }
  };

  /** Applies a change, recording it in the URL: a new history entry, or the current one replaced. */
  const go = (change: Partial<BlogState>, entry: 'push' | 'replace') => {
    state = { ...state, ...change };
    render();
    const url = location.pathname + queryOf(state) + location.hash;
    if (entry === 'push' && url !== location.pathname + location.search + location.hash) history.pushState(null, '', url);
    else history.replaceState(null, '', url);
  };

  /** True while the visitor types a search whose history entry already exists. */
  let typing = false;

  for (const chip of chips) {
    chip.addEventListener('click', (event) => {
      if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      typing = false;
      go({ category: chip.dataset.categoryChip ?? 'all', page: 1 }, 'push');
    });
  }

  // The first keystroke of a search adds a history entry, the next ones replace it:
  // Back leaves the search rather than undoing it letter by letter.
  search?.addEventListener('input', () => {
    go({ q: search.value, page: 1 }, typing ? 'replace' : 'push');
    typing = true;
  });
  search?.form?.addEventListener('submit', (event) => {
    event.preventDefault();
    go({ q: search.value, page: 1 }, 'replace');
  });

  pager?.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('button[data-page]');
    if (!button) return;
    typing = false;
    go({ page: Number(button.dataset.page) }, 'push');
    pager.querySelector<HTMLButtonElement>(`[data-page="${state.page}"]`)?.focus({ preventScroll: true });
    if (list && list.getBoundingClientRect().top < 0) list.scrollIntoView({ block: 'start' });
  });

  addEventListener('popstate', () => {
    typing = false;
    state = stateFromQuery(location.search);
    render();
  });

  render();
}

/** The no-script form: every card, no pages, no message. */
export function unfilterBlog(section: HTMLElement): void {
  for (const card of all('[data-post]', section)) card.hidden = false;
  for (const selector of ['[data-blog-empty]', '[data-pagination]']) {
    const element = section.querySelector<HTMLElement>(selector);
    if (element) element.hidden = true;
  }
}
