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

describe('shared chrome', () => {
  const dropdowns = ['Residential', 'Commercial/Industrial', 'Smart Home', 'EV and Generator', 'Areas We Serve'];

  it.each(['/', '/residential/panel-upgrades', '/toronto/leslieville', '/blog'])('%s: header, five dropdowns, footer licence, sticky bar, floating button', (route) => {
    const d = doc(route);
    const header = d.querySelector('header')!;
    expect([...header.querySelectorAll('summary')].map((s) => s.textContent!.trim())).toEqual(dropdowns);
    expect(header.querySelector('[data-menu-toggle]')).not.toBeNull();
    expect(header.querySelector('a[href^="tel:"]')).not.toBeNull();
    expect(d.querySelector('footer')!.textContent).toMatch(/7012846/);
    const sticky = [...d.querySelectorAll('a')].filter((a) => /^(Call Now|Get a Quote)$/.test(a.textContent!.trim()));
    expect(sticky.map((a) => a.textContent!.trim()).sort()).toEqual(['Call Now', 'Get a Quote']);
    expect(sticky.find((a) => a.textContent!.trim() === 'Get a Quote')!.getAttribute('href')).toMatch(/#estimate$/);
    expect(d.querySelector('[data-float-cta]')!.textContent).toContain('Request Service or Estimate');
  });

  it('every page that links #estimate on itself has the form there', () => {
    for (const route of pageRoutes()) {
      const d = doc(route);
      if (d.querySelector('a[href="#estimate"]')) expect(d.getElementById('estimate'), route).not.toBeNull();
    }
  });
});

describe('lead form', () => {
  it.each(['/', '/residential/panel-upgrades', '/gta/vaughan', '/about', '/contact', '/toronto'])('%s: every field of spec §3 with the §5 rules', (route) => {
    const form = doc(route).querySelector('form[data-lead-form]') as HTMLFormElement;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('https://formsubmit.co/estimates@example.com');
    const field = (name: string) => form.querySelector(`[name="${name}"]`)!;
    expect([field('name').getAttribute('maxlength'), field('name').hasAttribute('required'), field('name').getAttribute('autocomplete')]).toEqual(['100', true, 'name']);
    expect([field('phone').getAttribute('type'), field('phone').getAttribute('maxlength'), field('phone').hasAttribute('required'), field('phone').getAttribute('autocomplete')]).toEqual(['tel', '20', true, 'tel']);
    expect([field('message').getAttribute('maxlength'), field('message').hasAttribute('required')]).toEqual(['1000', true]);
    for (const name of ['name', 'phone', 'message']) {
      expect(form.querySelector(`label[for="${field(name).id}"]`)!.textContent).toContain('*');
    }
    const hidden = ['_next', '_captcha', '_subject', 'page_source_url', 'page_source_title', 'gclid', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'referrer', 'ga_client_id', 'calculated_source'];
    for (const name of hidden) expect(field(name).getAttribute('type'), name).toBe('hidden');
    expect(field('website')).not.toBeNull();
    expect(field('_next').getAttribute('value')).toBe('https://www.example.com/thank-you');
    expect(field('_captcha').getAttribute('value')).toBe('false');
  });

  it('names the service in the enquiry form of the RadioRA 2 page', () => {
    const form = doc('/smart-home/radiora-2').querySelector('form[data-lead-form]')!;
    expect(form.querySelector('[name="_subject"]')!.getAttribute('value')).toBe('New enquiry: RadioRA 2');
  });
});

describe('screens', () => {
  it('home: hero with the rating, six service cards, four testimonials, FAQ of 11 with the §9 figures, area links', () => {
    const d = doc('/');
    const body = text('/');
    expect(body).toMatch(/5\.0/);
    expect(body).toMatch(/400\+/);
    expect(d.querySelectorAll('#faq details').length).toBe(11);
    expect(d.querySelectorAll('#faq details:not([data-faq-more])').length).toBe(6);
    for (const figure of ['$200-$600', '$1,500-$3,500+', '$1,500-$3,000+', '$120-$250', '$800-$1,800+', '4-8 hours']) expect(body, figure).toContain(figure);
    expect(d.querySelectorAll('main figure blockquote').length).toBe(4);
    expect(d.querySelectorAll('main a[href^="/residential"], main a[href^="/commercial"], main a[href^="/smart-home"], main a[href^="/ev-energy"], main a[href^="/emergency"], main a[href^="/industrial"]').length).toBeGreaterThanOrEqual(6);
    expect(d.querySelector('main a[href="/gta/vaughan"]')).not.toBeNull();
  });

  it('Toronto hub: hero form, 18 neighbourhood cards, a second form', () => {
    const d = doc('/toronto');
    const cards = [...new Set([...d.querySelectorAll('main a[href^="/toronto/"]')].map((a) => a.getAttribute('href')))];
    expect(cards.sort()).toEqual(TORONTO_AREAS.filter((a) => !['little-italy', 'the-annex', 'kensington-market'].includes(a)).map((a) => `/toronto/${a}`).sort());
    expect(d.querySelectorAll('main form[data-lead-form]').length).toBe(2);
  });

  it('contact: links to the 16 cities and /toronto, the map placeholder, the emergency call button', () => {
    const d = doc('/contact');
    const links = new Set([...d.querySelectorAll('main a')].map((a) => a.getAttribute('href')));
    for (const city of ['richmond-hill', 'kleinburg', 'woodbridge', 'oakville', 'mississauga', 'vaughan', 'markham', 'brampton', 'thornhill', 'maple', 'king-city', 'bolton', 'caledon', 'north-york', 'etobicoke', 'east-york']) {
      expect(links.has(`/gta/${city}`), city).toBe(true);
    }
    expect(links.has('/toronto')).toBe(true);
    expect(d.querySelector('[data-map]')!.textContent).toContain('Loading map...');
    expect(d.querySelector('[data-track="click-to-call"]')!.getAttribute('href')).toMatch(/^tel:\+1/);
  });

  it('/industrial links its four cards straight to the real pages', () => {
    const links = [...doc('/industrial').querySelectorAll('main a')].map((a) => a.getAttribute('href'));
    for (const slug of ['600v-800a-services', 'machinery-connections', 'transformer-motor-control', 'plc-automation-wiring']) expect(links).toContain(`/industrial/${slug}`);
    expect(links.some((href) => href?.startsWith('/services/'))).toBe(false);
  });

  it('service pages: back to the category and forward to 24/7 Emergency Services', () => {
    for (const route of pageRoutes().filter((r) => /^\/(residential|commercial|industrial|smart-home|ev-energy)\/./.test(r))) {
      const links = [...doc(route).querySelectorAll('main a, nav a')];
      const category = route.split('/')[1];
      expect(links.some((a) => a.getAttribute('href') === `/${category}`), route).toBe(true);
      expect(links.some((a) => a.getAttribute('href') === '/emergency' && a.textContent!.includes('24/7 Emergency Services')), route).toBe(true);
    }
  });

  it('emergency sub-pages: bookings by phone only, links to /emergency and /contact', () => {
    for (const route of pageRoutes().filter((r) => r.startsWith('/emergency/'))) {
      expect(text(route), route).toContain('All bookings by phone only');
      const links = [...doc(route).querySelectorAll('main a')].map((a) => a.getAttribute('href'));
      expect(links, route).toContain('/emergency');
      expect(links, route).toContain('/contact');
    }
  });

  it('panel upgrades: a carousel of three testimonials', () => {
    const carousel = doc('/residential/panel-upgrades').querySelector('[data-carousel]')!;
    expect(carousel.querySelectorAll('[data-slide], blockquote, figure').length).toBeGreaterThanOrEqual(3);
  });

  it('EV pages: a process list and links back to /ev-energy and /emergency', () => {
    for (const route of pageRoutes().filter((r) => r.startsWith('/ev-energy/'))) {
      expect(doc(route).querySelector('main ol'), route).not.toBeNull();
      const links = [...doc(route).querySelectorAll('main a, nav a')].map((a) => a.getAttribute('href'));
      expect(links, route).toContain('/ev-energy');
      expect(links, route).toContain('/emergency');
    }
  });

  it('blog list: search box, six chips, every post card', () => {
    const d = doc('/blog');
    expect(d.querySelector('input[type="search"], input[name="q"]')!.getAttribute('placeholder')).toBe('Search articles...');
    expect([...d.querySelectorAll('main a[href^="/blog?category="], [data-category-chip]')].length).toBeGreaterThanOrEqual(6);
    expect(d.querySelectorAll('[data-post]').length).toBe(10);
    expect(d.querySelector('[data-blog-empty]')!.textContent).toContain('No articles found matching your search criteria.');
  });
});
