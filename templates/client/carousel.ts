// The testimonial carousel (spec §2, §4). Without script the reviews are a
// row that scrolls sideways. With it, one review at a time (the others stacked
// in the same place, hidden and inert, so the height never changes), advancing
// every data-interval ms (5000) and looping; paused while the pointer is over
// it, while focus is inside it, while the tab is hidden and whenever the
// visitor prefers reduced motion. Previous/next buttons; a live region names
// the review shown, and is quiet while the carousel plays on its own.
import { all } from './core.ts';

/** The class that switches the row to one review at a time. */
export const ON = 'car-on';

export function carousel(box: HTMLElement): void {
  const slides = all('[data-slide]', box);
  const count = slides.length;
  if (count < 2) return;
  const row = box.querySelector('ul');
  const controls = box.querySelector<HTMLElement>('[data-carousel-controls]');
  const status = box.querySelector<HTMLElement>('[data-carousel-status]');
  const delay = Number(box.dataset.interval) || 5000;
  const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

  let index = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let hovered = false;
  let focused = false;

  const playing = () => !hovered && !focused && !reducedMotion.matches && !document.hidden;
  const schedule = () => {
    clearTimeout(timer);
    const play = playing();
    status?.setAttribute('aria-live', play ? 'off' : 'polite');
    if (play) timer = setTimeout(() => show(index + 1), delay);
  };
  const show = (i: number) => {
    index = (i + count) % count;
    slides.forEach((slide, k) => slide.toggleAttribute('inert', k !== index));
    if (status) status.textContent = `Review ${index + 1} of ${count}`;
    schedule();
  };

  box.querySelector('[data-carousel-prev]')?.addEventListener('click', () => show(index - 1));
  box.querySelector('[data-carousel-next]')?.addEventListener('click', () => show(index + 1));
  box.addEventListener('mouseenter', () => {
    hovered = true;
    schedule();
  });
  box.addEventListener('mouseleave', () => {
    hovered = false;
    schedule();
  });
  box.addEventListener('focusin', () => {
    focused = true;
    schedule();
  });
  box.addEventListener('focusout', (event) => {
    if (box.contains(event.relatedTarget as Node | null)) return;
    focused = false;
    schedule();
  });
  reducedMotion.addEventListener?.('change', schedule);
  document.addEventListener('visibilitychange', schedule);

  // One review at a time: the row no longer scrolls, so it leaves the tab order.
  row?.removeAttribute('tabindex');
  row?.setAttribute('aria-label', 'Reviews');
  box.classList.add(ON);
  if (controls) controls.hidden = false;
  show(0);
}

/** The no-script form: the scrolling row, every review in it. */
export function uncarousel(box: HTMLElement): void {
  box.classList.remove(ON);
  for (const slide of all('[data-slide]', box)) slide.removeAttribute('inert');
  box.querySelector('ul')?.setAttribute('tabindex', '0');
  const controls = box.querySelector<HTMLElement>('[data-carousel-controls]');
  if (controls) controls.hidden = true;
}
