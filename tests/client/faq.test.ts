// @vitest-environment jsdom
// The FAQ (spec §2, §4) on the real home page: every question of
// pages/index.yaml (11 in the spec), the first `shown` of them (6) folded out,
// 'Show all FAQs' / 'Show fewer', each answer opening and closing, aria-expanded.
// Should the home page's FAQ ever be too short to fold, the first page whose
// FAQ folds stands in for it.
import { beforeEach, describe, expect, it } from 'vitest';
import { faq, SHOW_ALL, SHOW_FEWER, unfoldFaq } from '../../templates/client/faq.ts';
import { expand, foldingFaq, squash } from '../helpers/content.ts';
import { openPage, useBuiltSite } from './site-pages.ts';

useBuiltSite();

const list = () => document.querySelector<HTMLElement>('[data-faq]')!;
const items = () => [...list().querySelectorAll<HTMLDetailsElement>('details')];
const visible = () => items().filter((d) => !d.hidden);
const toggle = () => document.querySelector<HTMLButtonElement>('[data-faq-toggle]')!;
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

const { route: ROUTE, ...data } = foldingFaq();
/** Every question of the page's data, and how many show before "Show all FAQs". */
const ALL = data.items.length;
const SHOWN = data.shown;

beforeEach(() => openPage(ROUTE));

describe('FAQ without script', () => {
  it('has every question in the page, each a <details> with its answer, and the toggle hidden', () => {
    expect(items()).toHaveLength(ALL);
    expect(visible()).toHaveLength(ALL);
    items().forEach((item, i) => {
      expect(squash(item.querySelector('summary')!.textContent!)).toBe(squash(expand(data.items[i]!.question, ROUTE)));
      expect(item.querySelector('summary + p')!.textContent!.trim().length).toBeGreaterThan(0);
    });
    expect(toggle().hidden).toBe(true);
  });
});

describe('FAQ with script', () => {
  it('shows the first few and a visible "Show all FAQs" button, collapsed', () => {
    faq(list());
    expect(visible()).toEqual(items().slice(0, SHOWN));
    expect(toggle().hidden).toBe(false);
    expect(toggle().textContent).toBe(SHOW_ALL);
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(toggle().getAttribute('aria-controls')).toBe(list().id);
  });

  it('"Show all FAQs" shows all and becomes "Show fewer"; that folds back', () => {
    faq(list());
    toggle().click();
    expect(visible()).toHaveLength(ALL);
    expect(toggle().textContent).toBe(SHOW_FEWER);
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    toggle().click();
    expect(visible()).toEqual(items().slice(0, SHOWN));
    expect(toggle().textContent).toBe(SHOW_ALL);
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
  });

  it('each answer expands and collapses on a click of its question, which states aria-expanded', async () => {
    faq(list());
    const item = items()[2]!;
    const question = item.querySelector('summary')!;
    expect(question.getAttribute('aria-expanded')).toBe('false');
    question.click();
    await nextTask();
    expect(item.open).toBe(true);
    expect(question.getAttribute('aria-expanded')).toBe('true');
    question.click();
    await nextTask();
    expect(item.open).toBe(false);
    expect(question.getAttribute('aria-expanded')).toBe('false');
  });

  it('answers open independently of one another', async () => {
    faq(list());
    items()[0]!.querySelector('summary')!.click();
    items()[1]!.querySelector('summary')!.click();
    await nextTask();
    expect(items().filter((d) => d.open)).toHaveLength(2);
  });

  it('does not fold a list no longer than its shown count', () => {
    const keep = Math.max(1, SHOWN - 2);
    for (const item of items().slice(keep)) item.remove();
    faq(list());
    expect(visible()).toHaveLength(keep);
    expect(toggle().hidden).toBe(true);
  });

  it('falls back to the no-script form: every question shown, no toggle', () => {
    faq(list());
    unfoldFaq(list());
    expect(visible()).toHaveLength(ALL);
    expect(toggle().hidden).toBe(true);
  });
});
