// The floating 'Request Service or Estimate' button (spec §2): in the HTML but
// hidden; shown once the visitor has scrolled 30% of the page while no lead
// form is in view. CSS hides it on mobile while the menu is open.
import { all } from './core.ts';

/** Share of the scrollable height after which the button appears (spec §9). */
export const SCROLL_THRESHOLD = 0.3;

/** How far down the page the visitor is, 0 to 1; 0 when the page does not scroll. */
export function scrollProgress(): number {
  const scrollable = document.documentElement.scrollHeight - innerHeight;
  return scrollable > 0 ? scrollY / scrollable : 0;
}

export function floatingButton(): void {
  const button = document.querySelector<HTMLElement>('[data-float-cta]');
  if (!button) return;
  const formsInView = new Set<Element>();
  let scrolled = false;
  const update = () => {
    button.hidden = !scrolled || formsInView.size > 0;
  };
  const measure = () => {
    scrolled = scrollProgress() >= SCROLL_THRESHOLD;
    update();
  };

  const forms = all('[data-lead-form]').map((form) => form.closest('section') ?? form);
  if (forms.length > 0 && typeof IntersectionObserver === 'function') {
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) formsInView.add(entry.target);
        else formsInView.delete(entry.target);
      }
      update();
    });
    for (const form of forms) observer.observe(form);
  }

  let queued = false;
  const onScroll = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      measure();
    });
  };
  addEventListener('scroll', onScroll, { passive: true });
  addEventListener('resize', onScroll, { passive: true });
  measure();
}
