// @vitest-environment jsdom
// The testimonial carousel of the panel-upgrade page (spec §2, §4): the
// entries of its page (three in the spec), one at a time, 5,000 ms each,
// looping; paused on hover, on focus and under prefers-reduced-motion;
// previous/next; a live region. The number of entries is read from
// pages/residential/panel-upgrades.yaml.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { carousel, ON, uncarousel } from '../../templates/client/carousel.ts';
import { pageData } from '../helpers/content.ts';
import { openPage, stubMatchMedia, useBuiltSite } from './site-pages.ts';

useBuiltSite();

const box = () => document.querySelector<HTMLElement>('[data-carousel]')!;
const slides = () => [...box().querySelectorAll<HTMLElement>('[data-slide]')];
const current = () => slides().findIndex((s) => !s.hasAttribute('inert'));
const status = () => box().querySelector<HTMLElement>('[data-carousel-status]')!;
const next = () => box().querySelector<HTMLButtonElement>('[data-carousel-next]')!;
const prev = () => box().querySelector<HTMLButtonElement>('[data-carousel-prev]')!;

/** How many reviews the page's data gives its carousel. */
const REVIEWS = (pageData('/residential/panel-upgrades').testimonials.items as unknown[]).length;

beforeEach(async () => {
  vi.useFakeTimers();
  stubMatchMedia();
  await openPage('/residential/panel-upgrades');
});
afterEach(() => {
  uncarousel(box());
  vi.clearAllTimers();
  vi.useRealTimers();
});

describe('carousel without script', () => {
  it('is a row of every review of the page, all readable, controls hidden', () => {
    expect(REVIEWS).toBeGreaterThan(1);
    expect(slides()).toHaveLength(REVIEWS);
    expect(slides().every((s) => !s.hasAttribute('inert') && !s.hidden)).toBe(true);
    expect(box().querySelector<HTMLElement>('[data-carousel-controls]')!.hidden).toBe(true);
    expect(box().dataset.interval).toBe('5000');
  });
});

describe('carousel with script', () => {
  it('shows the first review, the others inert, and reveals the controls', () => {
    carousel(box());
    expect(box().classList.contains(ON)).toBe(true);
    expect(current()).toBe(0);
    expect(slides().filter((s) => s.hasAttribute('inert'))).toHaveLength(REVIEWS - 1);
    expect(box().querySelector<HTMLElement>('[data-carousel-controls]')!.hidden).toBe(false);
    expect(status().textContent).toBe(`Review 1 of ${REVIEWS}`);
  });

  it('advances every 5,000 ms and loops', () => {
    carousel(box());
    vi.advanceTimersByTime(4999);
    expect(current()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(current()).toBe(1);
    for (let i = 2; i < REVIEWS; i++) {
      vi.advanceTimersByTime(5000);
      expect(current()).toBe(i);
    }
    vi.advanceTimersByTime(5000);
    expect(current()).toBe(0);
  });

  it('keeps the live region quiet while playing on its own', () => {
    carousel(box());
    expect(status().getAttribute('aria-live')).toBe('off');
  });

  it('pauses while the pointer is over it and resumes a full interval after it leaves', () => {
    carousel(box());
    box().dispatchEvent(new MouseEvent('mouseenter'));
    vi.advanceTimersByTime(20_000);
    expect(current()).toBe(0);
    expect(status().getAttribute('aria-live')).toBe('polite');
    box().dispatchEvent(new MouseEvent('mouseleave'));
    vi.advanceTimersByTime(4999);
    expect(current()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(current()).toBe(1);
  });

  it('pauses while focus is inside it', () => {
    carousel(box());
    next().focus();
    vi.advanceTimersByTime(20_000);
    expect(current()).toBe(0);
    next().blur();
    vi.advanceTimersByTime(5000);
    expect(current()).toBe(1);
  });

  it('does not play under prefers-reduced-motion, but the buttons still work', () => {
    stubMatchMedia((query) => query.includes('prefers-reduced-motion: reduce'));
    carousel(box());
    vi.advanceTimersByTime(20_000);
    expect(current()).toBe(0);
    next().click();
    expect(current()).toBe(1);
    vi.advanceTimersByTime(20_000);
    expect(current()).toBe(1);
  });

  it('previous and next move one review, looping both ways, and the live region names it', () => {
    carousel(box());
    next().focus();
    prev().click();
    expect(current()).toBe(REVIEWS - 1);
    expect(status().textContent).toBe(`Review ${REVIEWS} of ${REVIEWS}`);
    expect(status().getAttribute('aria-live')).toBe('polite');
    next().click();
    expect(current()).toBe(0);
    next().click();
    expect(current()).toBe(1);
    expect(status().textContent).toBe(`Review 2 of ${REVIEWS}`);
  });

  it('falls back to the no-script row', () => {
    carousel(box());
    uncarousel(box());
    expect(box().classList.contains(ON)).toBe(false);
    expect(slides().every((s) => !s.hasAttribute('inert'))).toBe(true);
  });
});
