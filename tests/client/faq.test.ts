// @vitest-environment jsdom
// The FAQ (spec §2, §4) on the real home page: 11 questions, the first 6 shown,
// 'Show all FAQs' / 'Show fewer', each answer opening and closing, aria-expanded.
import { beforeEach, describe, expect, it } from 'vitest';
import { faq, SHOW_ALL, SHOW_FEWER, unfoldFaq } from '../../templates/client/faq.ts';
import { openPage, useBuiltSite } from './site-pages.ts';

useBuiltSite();

const list = () => document.querySelector<HTMLElement>('[data-faq]')!;
const items = () => [...list().querySelectorAll<HTMLDetailsElement>('details')];
const visible = () => items().filter((d) => !d.hidden);
const toggle = () => document.querySelector<HTMLButtonElement>('[data-faq-toggle]')!;
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => openPage('/'));

describe('FAQ without script', () => {
  it('has every question in the page, each a <details> with its answer, and the toggle hidden', () => {
    expect(items()).toHaveLength(11);
    expect(visible()).toHaveLength(11);
    for (const item of items()) expect(item.querySelector('summary + p')?.textContent?.trim()).toBeTruthy();
    expect(toggle().hidden).toBe(true);
  });
});

describe('FAQ with script', () => {
  it('shows the first 6 and a visible "Show all FAQs" button, collapsed', () => {
    faq(list());
    expect(visible()).toEqual(items().slice(0, 6));
    expect(toggle().hidden).toBe(false);
    expect(toggle().textContent).toBe(SHOW_ALL);
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(toggle().getAttribute('aria-controls')).toBe(list().id);
  });

  it('"Show all FAQs" shows all 11 and becomes "Show fewer"; that folds back to 6', () => {
    faq(list());
    toggle().click();
    expect(visible()).toHaveLength(11);
    expect(toggle().textContent).toBe(SHOW_FEWER);
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    toggle().click();
    expect(visible()).toHaveLength(6);
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
    for (const item of items().slice(4)) item.remove();
    faq(list());
    expect(visible()).toHaveLength(4);
    expect(toggle().hidden).toBe(true);
  });

  it('falls back to the no-script form: every question shown, no toggle', () => {
    faq(list());
    unfoldFaq(list());
    expect(visible()).toHaveLength(11);
    expect(toggle().hidden).toBe(true);
  });
});
