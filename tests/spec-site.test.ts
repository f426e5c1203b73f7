// The built site against the specification: routes, phones, search metadata,
// structured data and the texts the spec names. Built in memory once.
import { beforeAll, describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import { build, type BuildResult } from '../src/build.ts';
import { GTA_CITIES, PHONES, SPEC_ROUTES, TORONTO_AREAS } from './helpers/spec.ts';

let result: BuildResult;
const documents = new Map<string, Document>();

beforeAll(async () => {
  result = await build({ root: '.', write: false });
  for (const page of result.pages) documents.set(page.route, new JSDOM(page.html).window.document);
}, 60_000);

const doc = (route: string) => {
  const found = documents.get(route);
  if (!found) throw new Error(`no page at ${route}`);
  return found;
};
const pageRoutes = () => result.pages.filter((p) => p.route !== '/404').map((p) => p.route);
const text = (route: string) => doc(route).body.textContent!.replace(/\s+/g, ' ');

describe('routes', () => {
  it('has every route of the spec table, ten posts, and nothing else but the 404 page', () => {
    const posts = pageRoutes().filter((r) => r.startsWith('/blog/'));
    expect(posts).toHaveLength(10);
    expect([...pageRoutes()].sort()).toEqual([...SPEC_ROUTES, ...posts].sort());
    expect(result.files.some((f) => f.path === '404.html')).toBe(true);
  });

  it('lists every page once in sitemap.xml and nothing else', () => {
    const sitemap = String(result.files.find((f) => f.path === 'sitemap.xml')!.contents);
    const locs = [...sitemap.matchAll(/<loc>https:\/\/www\.example\.com([^<]*)<\/loc>/g)].map((m) => m[1] || '/');
    const indexable = pageRoutes().filter((r) => !doc(r).querySelector('meta[name="robots"][content*="noindex"]'));
    expect([...locs].sort()).toEqual([...indexable].sort());
    expect(new Set(locs).size).toBe(locs.length);
  });
});

describe('phones', () => {
  const telLinks = (route: string) => [...doc(route).querySelectorAll('a[href^="tel:"]')].map((a) => a.getAttribute('href'));

  it('every tel: link is E.164', () => {
    for (const route of pageRoutes()) for (const href of telLinks(route)) expect(href, route).toMatch(/^tel:\+1\d{10}$/);
  });

  it('pages under /toronto use only the Toronto phone, and no other page does', () => {
    for (const route of pageRoutes()) {
      const html = result.pages.find((p) => p.route === route)!.html;
      const toronto = route === '/toronto' || route.startsWith('/toronto/');
      if (toronto) {
        expect(html, route).not.toContain(PHONES.main.e164);
        expect(html, route).not.toContain(PHONES.main.display);
        expect(telLinks(route), route).toContain(`tel:${PHONES.toronto.e164}`);
      } else {
        expect(html, route).not.toContain(PHONES.toronto.e164);
        expect(html, route).not.toContain(PHONES.toronto.display);
      }
    }
  });

  it('every post mentions the office number', () => {
    for (const route of pageRoutes().filter((r) => r.startsWith('/blog/'))) {
      expect(doc(route).querySelector('article, main')!.textContent, route).toContain(PHONES.office.display);
    }
  });
});

describe('search engines and sharing', () => {
  it('every page has lang en-CA, its own title (≤ 60) and description (70–160), a canonical URL and Open Graph tags', () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const route of pageRoutes()) {
      const d = doc(route);
      expect(d.documentElement.getAttribute('lang'), route).toBe('en-CA');
      const title = d.title;
      const description = d.querySelector('meta[name="description"]')!.getAttribute('content')!;
      expect(title.length, route).toBeLessThanOrEqual(60);
      expect(description.length, route).toBeGreaterThanOrEqual(70);
      expect(description.length, route).toBeLessThanOrEqual(160);
      expect(titles.has(title), `${route} repeats the title ${title}`).toBe(false);
      expect(descriptions.has(description), `${route} repeats its description`).toBe(false);
      titles.add(title);
      descriptions.add(description);
      expect(d.querySelector('link[rel="canonical"]')!.getAttribute('href'), route).toBe(`https://www.example.com${route === '/' ? '/' : route}`);
      for (const property of ['og:title', 'og:description', 'og:url', 'og:type', 'og:image']) {
        expect(d.querySelector(`meta[property="${property}"]`), `${route} ${property}`).not.toBeNull();
      }
      expect(d.querySelector('meta[name="twitter:card"]'), route).not.toBeNull();
    }
  });

  it('structured data parses and has the types each page needs', () => {
    for (const route of pageRoutes()) {
      const blocks = [...doc(route).querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent!));
      const nodes = blocks.flatMap((b) => (b['@graph'] ? b['@graph'] : [b]));
      for (const block of blocks) expect(block['@context'], route).toBe('https://schema.org');
      const types = nodes.map((n) => n['@type']).flat();
      expect(types, route).toContain('Electrician');
      if (route.startsWith('/blog/')) expect(types, route).toContain('BlogPosting');
      if (route.split('/').length > 2) expect(types, route).toContain('BreadcrumbList');
      expect(types.includes('Service'), route).toBe(route === '/smart-home/radiora-2');
    }
  });

  it('the RadioRA 2 Service carries brand, provider, areas served and a 5.0 rating from 700 reviews', () => {
    const nodes = [...doc('/smart-home/radiora-2').querySelectorAll('script[type="application/ld+json"]')]
      .map((s) => JSON.parse(s.textContent!)).flatMap((b) => (b['@graph'] ? b['@graph'] : [b]));
    const service = nodes.find((n) => n['@type'] === 'Service');
    expect(service.brand).toBeTruthy();
    expect(service.provider).toBeTruthy();
    expect(service.areaServed.length).toBeGreaterThan(0);
    expect(String(service.aggregateRating.ratingValue)).toBe('5.0');
    expect(String(service.aggregateRating.reviewCount)).toBe('700');
  });
});

describe('location pages', () => {
  const locations = [...TORONTO_AREAS.map((a) => `/toronto/${a}`), ...GTA_CITIES.map((c) => `/gta/${c}`)];

  it.each(locations)('%s: heading, six service cards, four trust tiles and a call button', (route) => {
    const d = doc(route);
    expect(d.querySelector('h1')!.textContent).toMatch(/^Electricians in \S/);
    const body = text(route);
    for (const card of ['Panel Upgrades', 'Wiring & Outlets', 'Emergency Repairs', 'Smart Home', 'EV Chargers', 'Commercial']) expect(body, card).toContain(card);
    for (const tile of ['ESA Certified', '24/7 Service', 'Local Experts', 'Guaranteed']) expect(body, tile).toContain(tile);
    expect(d.querySelector('main a[href^="tel:"]')).not.toBeNull();
  });
});

describe('texts the spec names', () => {
  it('thank-you page', () => {
    const body = text('/thank-you');
    expect(doc('/thank-you').querySelector('h1')!.textContent).toBe('Thank You!');
    expect(body).toContain('Your message has been successfully submitted. Our team will review your inquiry and respond promptly.');
    expect(body).toMatch(/2-4 hours/);
    expect([...doc('/thank-you').querySelectorAll('a')].some((a) => a.textContent!.includes('Return to Home') && a.getAttribute('href') === '/')).toBe(true);
  });

  it('404 page', () => {
    const d = doc('/404');
    expect(d.querySelector('h1')!.textContent).toBe('Oops! Page not found');
    expect([...d.querySelectorAll('a')].some((a) => a.textContent!.includes('Return to Home') && a.getAttribute('href') === '/')).toBe(true);
  });

  it('contact page title', () => {
    expect(doc('/contact').title).toMatch(/^Contact .* \| Book Electricians$/);
  });
});
