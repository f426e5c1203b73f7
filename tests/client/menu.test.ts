// @vitest-environment jsdom
// The mobile menu and the navigation dropdowns on the real home page: the
// no-script link becomes a button with aria-expanded; open and close; Escape
// closes and returns focus; one dropdown open at a time; a click elsewhere or
// tabbing away closes a dropdown.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { menu, MENU_OPEN } from '../../templates/client/menu.ts';
import { openPage, stubMatchMedia, useBuiltSite } from './site-pages.ts';

useBuiltSite();

const toggle = () => document.querySelector<HTMLElement>('[data-menu-toggle]')!;
const nav = () => document.querySelector<HTMLElement>('[data-menu]')!;
const dropdowns = () => [...nav().querySelectorAll<HTMLDetailsElement>('details')];
const escape = () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));

beforeEach(async () => {
  stubMatchMedia();
  await openPage('/');
});
// Each test starts the menu again on a fresh page: leave the old one closed so its document listeners stay idle.
afterEach(() => {
  for (const d of dropdowns()) d.open = false;
  if (toggle().getAttribute('aria-expanded') === 'true') toggle().click();
});

describe('menu without script', () => {
  it('is a link to #menu, the navigation with every dropdown as <details>', () => {
    expect(toggle().tagName).toBe('A');
    expect(toggle().getAttribute('href')).toBe('#menu');
    expect(nav().id).toBe('menu');
    expect(dropdowns().length).toBe(5);
  });
});

describe('menu with script', () => {
  it('turns the link into a button, collapsed, controlling the navigation', () => {
    menu();
    expect(toggle().tagName).toBe('BUTTON');
    expect(toggle().getAttribute('type')).toBe('button');
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(toggle().getAttribute('aria-controls')).toBe('menu');
    expect(toggle().textContent).toContain('Menu');
  });

  it('opens and closes on click, marking <html> while open', () => {
    menu();
    toggle().click();
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(nav().classList.contains('open')).toBe(true);
    expect(document.documentElement.hasAttribute(MENU_OPEN)).toBe(true);
    toggle().click();
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(nav().classList.contains('open')).toBe(false);
    expect(document.documentElement.hasAttribute(MENU_OPEN)).toBe(false);
  });

  it('closes on Escape and returns focus to the button', () => {
    menu();
    toggle().click();
    nav().querySelector('a')!.focus();
    escape();
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle());
  });

  it('Escape closes an open dropdown first, focusing its summary, and the menu on the next press', () => {
    menu();
    toggle().click();
    const dd = dropdowns()[1]!;
    dd.open = true;
    dd.querySelector('a')!.focus();
    escape();
    expect(dd.open).toBe(false);
    expect(document.activeElement).toBe(dd.querySelector('summary'));
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    escape();
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps one dropdown open at a time (keyboard or touch opens them as <details>)', async () => {
    menu();
    const [first, second] = dropdowns();
    first!.querySelector('summary')!.click();
    await new Promise((r) => setTimeout(r, 0));
    expect(first!.open).toBe(true);
    second!.querySelector('summary')!.click();
    await new Promise((r) => setTimeout(r, 0));
    expect(second!.open).toBe(true);
    expect(first!.open).toBe(false);
  });

  it('closes an open dropdown on a click elsewhere and when focus leaves it', () => {
    menu();
    const dd = dropdowns()[0]!;
    dd.open = true;
    document.querySelector('main')!.click();
    expect(dd.open).toBe(false);
    dd.open = true;
    dd.querySelector('a')!.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: dropdowns()[1]!.querySelector('summary') }));
    expect(dd.open).toBe(false);
  });

  it('opens at once when the page was reached through the no-script #menu link', async () => {
    await openPage('/', '/#menu');
    menu();
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    toggle().click();
  });
});
