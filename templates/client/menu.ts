// Mobile menu and navigation dropdowns.
//
// Without this script the "Menu" link jumps to #menu, which CSS shows with
// :target, and each dropdown is a plain <details>. The script swaps the link
// for a real button with aria-expanded, closes the menu and dropdowns on
// Escape (returning focus to what opened them) and on a click elsewhere, and
// keeps at most one dropdown open.
const link = document.querySelector<HTMLAnchorElement>('[data-menu-toggle]');
const menu = document.querySelector<HTMLElement>('[data-menu]');

if (link && menu) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = link.className;
  button.innerHTML = link.innerHTML;
  button.setAttribute('aria-controls', menu.id);
  button.setAttribute('aria-expanded', 'false');
  link.replaceWith(button);

  const isOpen = () => button.getAttribute('aria-expanded') === 'true';
  const setOpen = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    menu.classList.toggle('open', open);
    // Lets other enhancements (the floating estimate button) step aside while the menu is open.
    document.documentElement.toggleAttribute('data-menu-open', open);
  };
  const dropdowns = () => [...menu.querySelectorAll<HTMLDetailsElement>('details')];

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

  // `toggle` does not bubble, so listen while it is captured on the way down.
  menu.addEventListener(
    'toggle',
    (event) => {
      const opened = event.target as HTMLDetailsElement;
      if (opened.open) for (const d of dropdowns()) if (d !== opened) d.open = false;
    },
    true,
  );

  matchMedia('(min-width: 768px)').addEventListener('change', (event) => {
    if (event.matches) setOpen(false);
  });
}

export {};
