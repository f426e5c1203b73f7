// @vitest-environment jsdom
// The floating 'Request Service or Estimate' button (spec §2): shown once the
// visitor has scrolled 30% of the page while no lead form is in view.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { floatingButton, SCROLL_THRESHOLD } from '../../templates/client/float.ts';
import { FakeIntersectionObserver, openPage, useBuiltSite } from './site-pages.ts';

useBuiltSite();

const button = () => document.querySelector<HTMLAnchorElement>('[data-float-cta]')!;
const formSection = () => document.querySelector('[data-lead-form]')!.closest('section')!;

/** Scrolls jsdom's window (which lays nothing out) to `share` of a 5,000px page in a 1,000px window. */
function scrollTo(share: number) {
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 5000 });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 1000 });
  Object.defineProperty(window, 'scrollY', { configurable: true, value: share * 4000 });
  window.dispatchEvent(new Event('scroll'));
  vi.advanceTimersToNextFrame();
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
  FakeIntersectionObserver.install();
});
afterEach(() => vi.useRealTimers());

describe('floating button', () => {
  it('is in the HTML, hidden, and goes to the form', async () => {
    await openPage('/');
    expect(button().hidden).toBe(true);
    expect(button().getAttribute('href')).toBe('#estimate');
    expect(button().textContent).toBe('Request Service or Estimate');
  });

  it('stays hidden before 30% of the page and shows from 30% on, the form out of view', async () => {
    await openPage('/');
    floatingButton();
    FakeIntersectionObserver.report(formSection(), false);
    scrollTo(SCROLL_THRESHOLD - 0.01);
    expect(button().hidden).toBe(true);
    scrollTo(SCROLL_THRESHOLD);
    expect(button().hidden).toBe(false);
    scrollTo(0.1);
    expect(button().hidden).toBe(true);
  });

  it('hides while the form is in view, however far the visitor has scrolled', async () => {
    await openPage('/about');
    floatingButton();
    scrollTo(0.8);
    expect(button().hidden).toBe(false);
    FakeIntersectionObserver.report(formSection(), true);
    expect(button().hidden).toBe(true);
    FakeIntersectionObserver.report(formSection(), false);
    expect(button().hidden).toBe(false);
  });

  it('watches every form of a page with two (the Toronto hub)', async () => {
    await openPage('/toronto');
    floatingButton();
    const sections = [...document.querySelectorAll('[data-lead-form]')].map((f) => f.closest('section')!);
    expect(sections).toHaveLength(2);
    scrollTo(0.9);
    FakeIntersectionObserver.report(sections[1]!, true);
    expect(button().hidden).toBe(true);
  });

  it('on a page without a form it goes to the contact page form and shows after 30%', async () => {
    await openPage('/blog');
    expect(button().getAttribute('href')).toBe('/contact#estimate');
    floatingButton();
    scrollTo(0.5);
    expect(button().hidden).toBe(false);
  });

  it('never shows on a page too short to scroll', async () => {
    await openPage('/thank-you');
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 600 });
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 1000 });
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
    floatingButton();
    expect(button().hidden).toBe(true);
  });
});
