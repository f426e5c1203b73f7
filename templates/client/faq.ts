// The FAQ (spec §2, §4). Without script every question is a <details> in
// view, each answer a click away. With it, the list folds to its first
// `data-shown` questions (6) behind 'Show all FAQs' / 'Show fewer', and each
// question states aria-expanded.
import { all } from './core.ts';

export const SHOW_ALL = 'Show all FAQs';
export const SHOW_FEWER = 'Show fewer';

/** The toggle button that belongs to a [data-faq] list: the one in its section. */
function toggleOf(list: HTMLElement): HTMLButtonElement | null {
  return (list.closest('section') ?? list.parentElement)?.querySelector<HTMLButtonElement>('[data-faq-toggle]') ?? null;
}

export function faq(list: HTMLElement): void {
  const items = all<HTMLDetailsElement>('details', list);
  for (const item of items) {
    const summary = item.querySelector('summary');
    if (!summary) continue;
    const sync = () => summary.setAttribute('aria-expanded', String(item.open));
    sync();
    item.addEventListener('toggle', sync);
  }

  const shown = Number(list.dataset.shown) || 6;
  const toggle = toggleOf(list);
  if (!toggle || items.length <= shown) return;
  list.id ||= 'faq-list';
  toggle.setAttribute('aria-controls', list.id);
  const setAll = (open: boolean) => {
    items.forEach((item, i) => {
      if (i >= shown) item.hidden = !open;
    });
    toggle.setAttribute('aria-expanded', String(open));
    toggle.textContent = open ? SHOW_FEWER : SHOW_ALL;
  };
  toggle.addEventListener('click', () => setAll(toggle.getAttribute('aria-expanded') !== 'true'));
  setAll(false);
  toggle.hidden = false;
}

/** The no-script form: every question in view, no toggle. */
export function unfoldFaq(list: HTMLElement): void {
  for (const item of all<HTMLDetailsElement>('details', list)) item.hidden = false;
  const toggle = toggleOf(list);
  if (toggle) toggle.hidden = true;
}
