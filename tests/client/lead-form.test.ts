// @vitest-environment jsdom
// The lead form (spec §4, §7; DECISIONS "Forms") on the real home and contact
// pages: Sending state, double submit, honeypot, the attribution fields, the
// form_submit event, and failures around the lead that must not stop it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leadForm, SENDING } from '../../templates/client/lead-form.ts';
import { STORAGE_KEY } from '../../templates/client/attribution.ts';
import { baseUrl, site } from '../helpers/content.ts';
import { openPage, useBuiltSite } from './site-pages.ts';

useBuiltSite();

let submit: ReturnType<typeof vi.spyOn>;
let posted: Record<string, string>[];

beforeEach(() => {
  localStorage.clear();
  window.dataLayer = [];
  posted = [];
  // jsdom cannot navigate: record what the native post would send instead.
  submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    posted.push(Object.fromEntries(new FormData(this) as unknown as Iterable<[string, string]>));
  });
});
afterEach(() => vi.restoreAllMocks());

function form(): HTMLFormElement {
  return document.querySelector<HTMLFormElement>('form[data-lead-form]')!;
}
function button(): HTMLButtonElement {
  return form().querySelector('button[type="submit"]')!;
}
function fill(values: Record<string, string> = { name: 'Ada Lovelace', phone: '416-555-0123', message: 'Panel upgrade to 200A' }) {
  for (const [name, value] of Object.entries(values)) (form().elements.namedItem(name) as HTMLInputElement).value = value;
}
function field(name: string): string {
  return (form().elements.namedItem(name) as HTMLInputElement).value;
}

describe('lead form on the home page', () => {
  beforeEach(() => openPage('/', '/?utm_source=x&utm_medium=y&gclid=z'));

  it('without script: posts natively to the form service with empty attribution fields', () => {
    expect(form().method).toBe('post');
    expect(form().action).toBe(site.form.action.replace('{email}', site.leadsEmail));
    for (const name of ['gclid', 'utm_source', 'calculated_source', 'ga_client_id']) expect(field(name)).toBe('');
    expect(field('_captcha')).toBe('false');
    expect(field('_next')).toBe(baseUrl + site.form.next);
  });

  it('sets _next to this origin’s /thank-you as soon as it starts', () => {
    leadForm(form());
    expect(field('_next')).toBe(`${location.origin}/thank-you`);
  });

  it('a submit goes to Sending, fills the extras, pushes form_submit and posts once natively', () => {
    leadForm(form());
    const label = button().textContent;
    fill();
    form().requestSubmit();
    expect(button().disabled).toBe(true);
    expect(button().textContent).toBe(SENDING);
    expect(label).not.toBe(SENDING);
    expect(submit).toHaveBeenCalledTimes(1);
    expect(posted[0]).toMatchObject({
      name: 'Ada Lovelace',
      phone: '416-555-0123',
      message: 'Panel upgrade to 200A',
      website: '',
      _captcha: 'false',
      _next: `${location.origin}/thank-you`,
      page_source_url: location.href,
      page_source_title: document.title,
      gclid: 'z',
      utm_source: 'x',
      utm_medium: 'y',
      utm_campaign: '',
      utm_term: '',
      utm_content: '',
      referrer: '',
      ga_client_id: '',
      calculated_source: 'Google Ads',
    });
    expect(posted[0]!._subject).toBe(site.form.subject);
    expect(window.dataLayer).toEqual([
      expect.objectContaining({ event: 'form_submit', form_name: 'homepage_contact_form', gclid: 'z', utm_source: 'x', calculated_source: 'Google Ads' }),
    ]);
    // The visitor's words stay out of analytics.
    expect(JSON.stringify(window.dataLayer)).not.toContain('Ada');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY)!)).toMatchObject({ utm_source: 'x', gclid: 'z' });
  });

  it('ignores a submit while Sending: one post, one event', () => {
    leadForm(form());
    fill();
    form().requestSubmit();
    form().requestSubmit();
    form().dispatchEvent(new Event('submit', { cancelable: true, bubbles: true }));
    expect(submit).toHaveBeenCalledTimes(1);
    expect(window.dataLayer).toHaveLength(1);
  });

  it('leaves validation to the browser: a required field left empty posts nothing', () => {
    leadForm(form());
    fill({ name: 'Ada', phone: '', message: 'x' });
    form().requestSubmit();
    expect(submit).not.toHaveBeenCalled();
    expect(button().disabled).toBe(false);
  });

  it('with the honeypot filled posts nothing and goes to /thank-you', () => {
    const navigate = vi.fn();
    leadForm(form(), navigate);
    fill({ name: 'Bot', phone: '1', message: 'spam', website: 'http://spam.example' });
    form().requestSubmit();
    expect(submit).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith(`${location.origin}/thank-you`);
    expect(window.dataLayer).toEqual([]);
  });

  it('when the event cannot be pushed (a broken tag manager): logs it and posts on that click, extras filled', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    window.dataLayer = {
      push: () => {
        throw new Error('broken data layer');
      },
    } as unknown as unknown[];
    leadForm(form());
    fill();
    form().requestSubmit();
    expect(error).toHaveBeenCalledTimes(1);
    expect(submit).toHaveBeenCalledTimes(1);
    expect(posted[0]).toMatchObject({ name: 'Ada Lovelace', message: 'Panel upgrade to 200A', utm_source: 'x', utm_medium: 'y', gclid: 'z' });
    expect(button().textContent).toBe(SENDING);
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });

  it('when the extras cannot be worked out: logs it and posts on that click with the page’s own values', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    // The visit cannot be read, as when a script on the page has broken URLSearchParams.
    vi.stubGlobal(
      'URLSearchParams',
      class {
        constructor() {
          throw new Error('broken URLSearchParams');
        }
      },
    );
    try {
      leadForm(form());
      fill();
      form().requestSubmit();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(error).toHaveBeenCalled();
    expect(submit).toHaveBeenCalledTimes(1);
    // Without the extras, the page's own values from the HTML: its canonical URL and title.
    const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')!.getAttribute('href');
    expect(canonical).toMatch(/^https?:\/\//);
    expect(posted[0]).toMatchObject({
      name: 'Ada Lovelace',
      gclid: '',
      utm_source: '',
      calculated_source: '',
      page_source_url: canonical,
      page_source_title: document.title,
    });
    expect(window.dataLayer).toEqual([expect.objectContaining({ event: 'form_submit' })]);
  });

  it('with storage blocked (private mode, a strict browser): posts once on the first click', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const blocked = () => {
      throw new DOMException('storage is blocked', 'SecurityError');
    };
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(blocked);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(blocked);
    leadForm(form());
    fill();
    form().requestSubmit();
    expect(submit).toHaveBeenCalledTimes(1);
    expect(posted[0]).toMatchObject({ name: 'Ada Lovelace', message: 'Panel upgrade to 200A' });
  });

  it('is usable again when the visitor comes back through the back-forward cache', () => {
    leadForm(form());
    fill();
    form().requestSubmit();
    expect(button().disabled).toBe(true);
    const back = new Event('pageshow') as PageTransitionEvent;
    Object.defineProperty(back, 'persisted', { value: true });
    window.dispatchEvent(back);
    expect(button().disabled).toBe(false);
  });
});

describe('lead form elsewhere', () => {
  it('is global_contact_form on the contact page, attributed from the stored record', async () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ utm_source: 'newsletter', utm_medium: 'email', timestamp: Date.now() }));
    await openPage('/contact');
    leadForm(form());
    fill();
    form().requestSubmit();
    expect(window.dataLayer[0]).toMatchObject({ event: 'form_submit', form_name: 'global_contact_form', calculated_source: 'newsletter / email' });
    expect(posted[0]).toMatchObject({ utm_source: 'newsletter', utm_medium: 'email', calculated_source: 'newsletter / email' });
  });

  it('each of two forms on a page (the Toronto hub) works on its own', async () => {
    await openPage('/toronto');
    const forms = [...document.querySelectorAll<HTMLFormElement>('form[data-lead-form]')];
    expect(forms).toHaveLength(2);
    for (const f of forms) leadForm(f);
    for (const [name, value] of Object.entries({ name: 'B', phone: '2', message: 'second form' }))
      (forms[1]!.elements.namedItem(name) as HTMLInputElement).value = value;
    forms[1]!.requestSubmit();
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ message: 'second form', calculated_source: 'Direct / Unknown' });
    expect(forms[0]!.querySelector('button')!.disabled).toBe(false);
  });
});
