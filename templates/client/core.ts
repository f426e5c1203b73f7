// What every enhancement shares: starting on its own, falling back to the
// section's no-script form when it fails, and analytics events.
//
// Each page loads one module script per enhancement, so a failure in one never
// stops another. Inside a script, `start` keeps each enhancement apart too.

declare global {
  interface Window {
    dataLayer: unknown[];
  }
}

/** Shown in a section that neither its script nor its no-script form can serve (spec §8). */
export const BROKEN = 'Something went wrong. Please refresh the page.';

/**
 * Runs one enhancement. If it throws: the error goes to the console, `restore`
 * puts the section back in its no-script form, and if that throws as well the
 * section says BROKEN.
 */
export function start(name: string, run: () => void, restore?: () => void, section?: Element | null): void {
  try {
    run();
  } catch (error) {
    fail(name, error, restore, section);
  }
}

/** `handler`, failing as `start` does: for event handlers of an enhancement that already started. */
export function guard<A extends unknown[]>(name: string, handler: (...args: A) => void, restore?: () => void, section?: Element | null) {
  return (...args: A) => start(name, () => handler(...args), restore, section);
}

function fail(name: string, error: unknown, restore?: () => void, section?: Element | null): void {
  console.error(`[${name}]`, error);
  try {
    restore?.();
  } catch (again) {
    console.error(`[${name}]`, again);
    if (section && !section.querySelector('[data-broken]')) {
      const message = document.createElement('p');
      message.className = 'oops';
      message.setAttribute('role', 'alert');
      message.setAttribute('data-broken', '');
      message.textContent = BROKEN;
      section.prepend(message);
    }
  }
}

/** Pushes an analytics event to window.dataLayer (a tag manager, when configured, reads it). */
export function track(event: Record<string, unknown>): void {
  (window.dataLayer = window.dataLayer || []).push(event);
}

/** Every element under `root` matching `selector`, as an array. */
export function all<E extends Element = HTMLElement>(selector: string, root: ParentNode = document): E[] {
  return [...root.querySelectorAll<E>(selector)];
}
