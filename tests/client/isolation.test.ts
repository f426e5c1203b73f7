// @vitest-environment jsdom
// Each enhancement starts on its own (DECISIONS "Behaviour"): one that fails
// leaves its section in its no-script form, and where even that fails the
// section says 'Something went wrong. Please refresh the page.' Also the
// entries as pages load them, and the 404 page's console log.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BROKEN, guard, start } from '../../templates/client/core.ts';
import { STORAGE_KEY } from '../../templates/client/attribution.ts';
import { FakeIntersectionObserver, openPage, stubMatchMedia, useBuiltSite } from './site-pages.ts';

useBuiltSite();

let error: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  FakeIntersectionObserver.install();
  stubMatchMedia();
  error = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('start', () => {
  it('runs an enhancement; a failure is logged and its section restored, without a message', () => {
    document.body.innerHTML = '<section id="s"></section>';
    const restore = vi.fn();
    start(
      'a',
      () => {
        throw new Error('boom');
      },
      restore,
      document.getElementById('s'),
    );
    start('b', () => document.body.setAttribute('data-b', ''));
    expect(error).toHaveBeenCalledWith('[a]', expect.any(Error));
    expect(restore).toHaveBeenCalled();
    expect(document.body.hasAttribute('data-b')).toBe(true);
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });

  it('shows "Something went wrong. Please refresh the page." once when the section cannot be restored', () => {
    document.body.innerHTML = '<section id="s"><p>content</p></section>';
    const section = document.getElementById('s')!;
    const fail = () => {
      throw new Error('boom');
    };
    start('a', fail, fail, section);
    guard('a', fail, fail, section)();
    const alerts = section.querySelectorAll('[role="alert"]');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.textContent).toBe(BROKEN);
  });
});

describe('entries as the pages load them', () => {
  it('site: the menu failing does not stop the floating button or the attribution', async () => {
    await openPage('/', '/?utm_source=x&utm_medium=y');
    // The menu is the first thing the entry starts: make it throw as it reads its navigation.
    Object.defineProperty(document.querySelector('[data-menu]')!, 'id', {
      get() {
        throw new Error('menu broken');
      },
    });
    await import('../../templates/client/entry/site.ts');
    expect(error).toHaveBeenCalledWith('[menu]', expect.any(Error));
    expect(FakeIntersectionObserver.all.length).toBeGreaterThan(0);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY)!)).toMatchObject({ utm_source: 'x', utm_medium: 'y' });
  });

  it('faq: a broken list is put back in its no-script form', async () => {
    await openPage('/');
    const list = document.querySelector<HTMLElement>('[data-faq]')!;
    // The toggle throws as the script sets it up.
    const toggle = document.querySelector<HTMLButtonElement>('[data-faq-toggle]')!;
    toggle.setAttribute = () => {
      throw new Error('faq broken');
    };
    await import('../../templates/client/entry/faq.ts');
    expect(error).toHaveBeenCalledWith('[faq]', expect.any(Error));
    expect([...list.querySelectorAll('details')].every((d) => !d.hidden)).toBe(true);
    expect(toggle.hidden).toBe(true);
  });

  it('form, faq and site together on the home page enhance each their own part', async () => {
    await openPage('/');
    await import('../../templates/client/entry/site.ts');
    await import('../../templates/client/entry/form.ts');
    await import('../../templates/client/entry/faq.ts');
    expect(document.querySelector('[data-menu-toggle]')!.tagName).toBe('BUTTON');
    expect(document.querySelector<HTMLInputElement>('input[name="_next"]')!.value).toBe(`${location.origin}/thank-you`);
    expect(document.querySelector<HTMLButtonElement>('[data-faq-toggle]')!.hidden).toBe(false);
    expect(error).not.toHaveBeenCalled();
  });

  it('every page loads the entries of the behaviours its markup has, and no other', async () => {
    const scripts = async (route: string) => {
      await openPage(route);
      return [...document.querySelectorAll<HTMLScriptElement>('script[type="module"]')].map((s) =>
        s.getAttribute('src')!.replace(/^\/assets\/|-[A-Z0-9]+\.js$/g, ''),
      );
    };
    /** The entry each behaviour's markup needs; site (menu, floating button, attribution) goes on every page, first. */
    const needed = () => [
      'site',
      ...(document.querySelector('form[data-lead-form]') ? ['form'] : []),
      ...(document.querySelector('[data-faq]') ? ['faq'] : []),
      ...(document.querySelector('[data-carousel]') ? ['carousel'] : []),
      ...(document.querySelector('[data-blog]') ? ['blog'] : []),
      ...(document.querySelector('[data-map]') ? ['contact'] : []),
    ];
    for (const route of ['/', '/contact', '/blog', '/residential/panel-upgrades', '/toronto', '/thank-you']) {
      const loaded = await scripts(route);
      expect(loaded[0], route).toBe('site');
      expect([...loaded].sort(), route).toEqual(needed().sort());
    }
    // Whatever the content, these pages have these behaviours (spec §2).
    expect(await scripts('/contact')).toEqual(expect.arrayContaining(['form', 'contact']));
    expect(await scripts('/blog')).toEqual(expect.arrayContaining(['blog']));
    expect(await scripts('/residential/panel-upgrades')).toEqual(expect.arrayContaining(['carousel']));
    expect(await scripts('/404')).toEqual(['site', 'not-found']);
  });
});

describe('404 page', () => {
  it('logs the requested path to the console', async () => {
    await openPage('/404', '/no/such/page?x=1');
    await import('../../templates/client/entry/not-found.ts');
    expect(error).toHaveBeenCalledWith(expect.stringContaining('/no/such/page?x=1'));
  });
});
