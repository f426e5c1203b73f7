// @vitest-environment jsdom
// The contact page (spec §2, §7, §8): the emergency button's click_to_call
// event, and the locations map loaded when it nears the viewport, with
// 'Loading map...' meanwhile and 'Interactive map temporarily unavailable'
// when its chunk fails.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clickToCall, lazyMap, MAP_LOADING, MAP_UNAVAILABLE, type MapModule } from '../../templates/client/contact.ts';
import { renderMap } from '../../templates/client/map.ts';
import { places as servedPlaces, site } from '../helpers/content.ts';
import { FakeIntersectionObserver, openPage, useBuiltSite } from './site-pages.ts';

useBuiltSite();

const map = () => document.querySelector<HTMLElement>('[data-map]')!;
const status = () => map().querySelector<HTMLElement>('[data-map-status]')!;
const places = () => [...map().querySelector('template')!.content.querySelectorAll('a')];
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(async () => {
  window.dataLayer = [];
  FakeIntersectionObserver.install();
  await openPage('/contact');
});
afterEach(() => vi.restoreAllMocks());

describe('emergency call button', () => {
  it('pushes click_to_call with the phone number, category contact and label emergency', () => {
    clickToCall();
    const button = document.querySelector<HTMLAnchorElement>('[data-track="click-to-call"]')!;
    expect(button.getAttribute('href')).toBe(`tel:${site.phones.main.e164}`);
    // Keep jsdom from following tel:.
    button.addEventListener('click', (event) => event.preventDefault());
    button.click();
    expect(window.dataLayer).toEqual([{ event: 'click_to_call', phone_number: site.phones.main.e164, event_category: 'contact', event_label: 'emergency' }]);
  });

  it('pushes nothing for the other phone links', () => {
    clickToCall();
    for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href^="tel:"]:not([data-track])')) {
      link.addEventListener('click', (event) => event.preventDefault());
      link.click();
    }
    expect(window.dataLayer).toEqual([]);
  });
});

describe('locations map', () => {
  it('says "Loading map..." over empty frames and loads nothing until the map nears the viewport', async () => {
    const load = vi.fn(async (): Promise<MapModule> => ({ renderMap }));
    lazyMap(map(), load);
    await settle();
    expect(status().textContent!.trim()).toBe(MAP_LOADING);
    expect(status().hidden).toBe(false);
    const frames = [...map().querySelectorAll<HTMLElement>('[data-map-panel]')];
    expect(frames.map((f) => f.hidden)).toEqual([false, false]);
    expect(map().querySelectorAll('svg a')).toHaveLength(0);
    expect(load).not.toHaveBeenCalled();
    expect(FakeIntersectionObserver.all[0]!.options?.rootMargin).toMatch(/^\d+px/);
    FakeIntersectionObserver.report(map(), true);
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    // Seen again later: not loaded twice.
    FakeIntersectionObserver.report(map(), true);
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('lists every place of the service-area lists (the place pages’ collections:), as a link', () => {
    const listed = places().map((a) => [a.getAttribute('href'), a.textContent]);
    expect(listed).toEqual(servedPlaces.map((p) => [p.href, p.name]));
  });

  it('draws the site’s own SVG map: a linked marker for every place the template positions, and Toronto', async () => {
    const frames = [...map().querySelectorAll('svg')].map((svg) => svg.getAttribute('viewBox'));
    lazyMap(map(), async () => ({ renderMap }));
    FakeIntersectionObserver.report(map(), true);
    await settle();
    expect(status().hidden).toBe(true);
    const svgs = map().querySelectorAll('svg');
    expect(svgs).toHaveLength(2);
    // Drawn in frames of the same shape as the page's placeholders: nothing below moves.
    expect([...svgs].map((svg) => svg.getAttribute('viewBox'))).toEqual(frames);
    const markers = [...map().querySelectorAll('svg a')].map((a) => [a.getAttribute('href'), a.textContent]);
    // Every listed place has a position (its page's lat and lon) and a region the map draws.
    const positioned = places()
      .filter((a) => a.hasAttribute('data-map-at'))
      .map((a) => [a.getAttribute('href'), a.textContent]);
    expect(positioned.length).toBeGreaterThan(0);
    expect(markers.sort()).toEqual([...positioned, ['/toronto', 'Toronto']].sort());
    // Nothing from elsewhere: no third-party tiles or scripts.
    expect(map().innerHTML).not.toMatch(/https?:\/\//);
  });

  it('says "Interactive map temporarily unavailable" and lists the places when the chunk fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    lazyMap(map(), () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    FakeIntersectionObserver.report(map(), true);
    await settle();
    expect(status().textContent).toBe(MAP_UNAVAILABLE);
    expect(status().hidden).toBe(false);
    expect(warn).toHaveBeenCalled();
    const fallback = map().querySelector('[data-map-fallback]')!;
    expect(fallback.querySelectorAll('a')).toHaveLength(places().length);
    expect(map().querySelectorAll('svg a')).toHaveLength(0);
  });

  it('says the map is unavailable when drawing fails, leaving no half-drawn map', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    map().querySelector('template')!.remove();
    lazyMap(map(), async () => ({ renderMap }));
    FakeIntersectionObserver.report(map(), true);
    await settle();
    expect(status().textContent).toBe(MAP_UNAVAILABLE);
    expect(map().querySelectorAll('svg a')).toHaveLength(0);
  });

  it('loads at once where IntersectionObserver is missing', async () => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    const load = vi.fn(async (): Promise<MapModule> => ({ renderMap }));
    lazyMap(map(), load);
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('without script shows the places as links: the loading text and the frames stay hidden', async () => {
    expect(status().hidden).toBe(true);
    expect([...map().querySelectorAll<HTMLElement>('[data-map-panel]')].every((f) => f.hidden)).toBe(true);
    // jsdom runs scripts, so <noscript> holds its markup as text.
    const noscript = map().querySelector('noscript')!.textContent!;
    for (const a of places()) expect(noscript).toContain(`href="${a.getAttribute('href')}"`);
  });
});
