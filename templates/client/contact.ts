// The contact page: the emergency call button's analytics event, and the
// locations map, whose code (map.ts) is a separate chunk fetched only when the
// map nears the viewport (spec §2, §7, §8).
import { track } from './core.ts';

export const MAP_LOADING = 'Loading map...';
export const MAP_UNAVAILABLE = 'Interactive map temporarily unavailable';

/** Pushes click_to_call when a [data-track="click-to-call"] link is clicked. */
export function clickToCall(root: ParentNode = document): void {
  for (const link of root.querySelectorAll<HTMLAnchorElement>('[data-track="click-to-call"]')) {
    link.addEventListener('click', () =>
      track({
        event: 'click_to_call',
        phone_number: link.getAttribute('href')?.replace(/^tel:/, '') ?? '',
        event_category: 'contact',
        event_label: link.dataset.label || 'emergency',
      }),
    );
  }
}

/** How the map's code arrives; a test passes its own. */
export type MapModule = { renderMap(container: HTMLElement): void };

/**
 * Loads and draws the map once `container` comes within 300px of the viewport
 * (at once where IntersectionObserver is missing). 'Loading map...' shows over
 * the empty frames meanwhile; if the chunk fails to load or to draw, it says
 * the map is unavailable and the place list the map would have drawn is added
 * below the frames.
 */
export function lazyMap(container: HTMLElement, load: () => Promise<MapModule> = () => import('./map.ts')): void {
  const status = container.querySelector<HTMLElement>('[data-map-status]');
  // The loading text and the empty frames are hidden without script (the <noscript> list stands in).
  for (const element of container.querySelectorAll<HTMLElement>('[data-map-status], [data-map-panel]')) element.hidden = false;
  const draw = () =>
    load()
      .then((module) => {
        module.renderMap(container);
        if (status) status.hidden = true;
      })
      .catch((error: unknown) => {
        console.warn('[map]', error);
        if (status) {
          status.textContent = MAP_UNAVAILABLE;
          status.hidden = false;
        }
        const places = container.querySelector<HTMLTemplateElement>('template[data-map-places]');
        if (places && !container.querySelector('[data-map-fallback]')) {
          const list = places.content.cloneNode(true) as DocumentFragment;
          list.firstElementChild?.setAttribute('data-map-fallback', '');
          container.append(list);
        }
      });
  if (typeof IntersectionObserver !== 'function') {
    void draw();
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      void draw();
    },
    { rootMargin: '300px 0px' },
  );
  observer.observe(container);
}
