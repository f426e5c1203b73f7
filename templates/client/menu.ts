// Mobile menu and navigation dropdowns.
//
// Without this script the "Menu" link jumps to #menu, which CSS shows with
// :target, and each dropdown is a plain <details>. The script swaps the link
// for a real button with aria-expanded, closes the menu and dropdowns on
// Escape (returning focus to what opened them), closes a dropdown on a click
// or tab elsewhere, and keeps at most one dropdown open.
import { all } from './core.ts';

/** Set on <html> while the mobile menu is open: CSS hides the floating button then. */
export const MENU_OPEN = 'data-menu-open';

export function menu(): void {
  const link = document.querySelector<HTMLAnchorElement>('[data-menu-toggle]');
  const nav = document.querySelector<HTMLElement>('[data-menu]');
  if (!link || !nav) return;

  const button = document.createElement('button');
  button.type = 'button';
  button.className = link.className;
  button.innerHTML = link.innerHTML;
  button.setAttribute('aria-controls', nav.id);
  button.setAttribute('data-menu-toggle', '');

  const isOpen = () => button.getAttribute('aria-expanded') === 'true';
  const setOpen = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    nav.classList.toggle('open', open);
    document.documentElement.toggleAttribute(MENU_OPEN, open);
  };
  const dropdowns = () => all<HTMLDetailsElement>('details', nav);

  // A visitor who tapped the no-script link before this ran finds the menu open.
  setOpen(location.hash === `#${nav.id}`);
  link.replaceWith(button);

  button.addEventListener('click', () => setOpen(!isOpen()));

  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const open = dropdowns().find((d) => d.open);
    if (open) {
      open.open = false;
      open.querySelector('summary')?.focus();
    } else if (isOpen()) {
      setOpen(false);
      button.focus();
    }
  });

  document.addEventListener('click', (event) => {
    const target = event.target as Node;
    for (const d of dropdowns()) if (d.open && !d.contains(target)) d.open = false;
  });

  // Tabbing out of an open dropdown closes it, so it never covers the page.
  nav.addEventListener('focusout', (event) => {
    const to = event.relatedTarget as Node | null;
    for (const d of dropdowns()) if (d.open && to && !d.contains(to)) d.open = false;
  });

  // `toggle` does not bubble, so listen while it is captured on the way down.
  nav.addEventListener(
    'toggle',
    (event) => {
      const opened = event.target as HTMLDetailsElement;
      if (opened.open) for (const d of dropdowns()) if (d !== opened) d.open = false;
    },
    true,
  );

  matchMedia('(min-width: 768px)').addEventListener?.('change', (event) => {
    if (event.matches) setOpen(false);
  });
}
