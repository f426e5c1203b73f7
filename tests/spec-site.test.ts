// The built site against the specification: routes, phones, search metadata,
// structured data and the texts the spec names. Built in memory once. What the
// content decides (posts, cities, phones, claims, cards, FAQ items) is read from
// site.yaml and pages/, so an editor's change moves the expectation with it.
import { beforeAll, describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import { build, type BuildResult } from 'trn-site/internal/build.ts';
import { BLOG_CATEGORIES, SPEC_ROUTES } from './helpers/spec.ts';
import {
  baseUrl,
  claimNumber,
  contentRoutes,
  dropdowns,
  expand,
  isToronto,
  membersOf,
  pageData,
  pages,
  pagesOf,
  phoneFor,
  places,
  placesBy,
  posts,
  site,
  squash,
} from './helpers/content.ts';

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
  it('has a page for every file under pages/ and nothing else but the 404 page', () => {
    expect([...pageRoutes()].sort()).toEqual(contentRoutes);
    expect(result.files.some((f) => f.path === '404.html')).toBe(true);
  });

  it('has every route of the spec table', () => {
    const routes = new Set(pageRoutes());
    expect(SPEC_ROUTES.filter((route) => !routes.has(route))).toEqual([]);
  });

  it('publishes every post of pages/blog at /blog/<slug>', () => {
    expect(posts.length).toBeGreaterThan(0);
    expect(
      pageRoutes()
        .filter((r) => r.startsWith('/blog/'))
        .sort(),
    ).toEqual(posts.map((p) => p.route).sort());
    for (const post of posts) expect(doc(post.route).querySelector('h1')!.textContent, post.route).toBe(post.front.title);
  });

  it('lists every page once in sitemap.xml and nothing else', () => {
    const sitemap = String(result.files.find((f) => f.path === 'sitemap.xml')!.contents);
    const locs = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
    expect(
      locs.every((loc) => loc.startsWith(baseUrl + '/')),
      'every <loc> is on the base URL of site.yaml',
    ).toBe(true);
    const routes = locs.map((loc) => loc.slice(baseUrl.length) || '/').map((r) => (r === '/' ? r : r.replace(/\/$/, '')));
    const indexable = pageRoutes().filter((r) => !doc(r).querySelector('meta[name="robots"][content*="noindex"]'));
    expect(indexable.length).toBeGreaterThan(0);
    expect([...routes].sort()).toEqual([...indexable].sort());
    expect(new Set(routes).size).toBe(routes.length);
  });
});

describe('phones', () => {
  const telLinks = (route: string) => [...doc(route).querySelectorAll('a[href^="tel:"]')].map((a) => a.getAttribute('href'));

  it('every tel: link is E.164', () => {
    for (const route of pageRoutes()) for (const href of telLinks(route)) expect(href, route).toMatch(/^tel:\+1\d{10}$/);
  });

  it('pages under /toronto use only the Toronto phone of site.yaml, and every other page only the main one', () => {
    const { main, toronto } = site.phones;
    for (const route of pageRoutes()) {
      const html = result.pages.find((p) => p.route === route)!.html;
      const [own, other] = isToronto(route) ? [toronto, main] : [main, toronto];
      expect(telLinks(route), route).toContain(`tel:${own.e164}`);
      expect(html, route).toContain(own.display);
      expect(html, route).not.toContain(other.e164);
      expect(html, route).not.toContain(other.display);
    }
  });

  it('every post mentions the office number of site.yaml, as a link', () => {
    const { office } = site.phones;
    for (const post of posts) {
      expect(doc(post.route).querySelector('main')!.textContent, post.route).toContain(office.display);
      expect(telLinks(post.route), post.route).toContain(`tel:${office.e164}`);
    }
  });
});

describe('search engines and sharing', () => {
  it('every page has the title and description its file gives it', () => {
    for (const { route, data } of pages) {
      expect(doc(route).title, route).toBe(expand(data.title, route));
      expect(doc(route).querySelector('meta[name="description"]')!.getAttribute('content'), route).toBe(squash(expand(data.description, route)));
    }
    for (const { route, front } of posts) {
      expect(doc(route).title, route).toBe(front.seoTitle);
      expect(doc(route).querySelector('meta[name="description"]')!.getAttribute('content'), route).toBe(squash(front.metaDescription));
    }
  });

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
      expect(d.querySelector('link[rel="canonical"]')!.getAttribute('href'), route).toBe(`${baseUrl}${route === '/' ? '/' : route}`);
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

  it('the RadioRA 2 Service carries the brand of its page, the business as provider, the areas of site.yaml and the rating claims', () => {
    const nodes = [...doc('/smart-home/radiora-2').querySelectorAll('script[type="application/ld+json"]')]
      .map((s) => JSON.parse(s.textContent!))
      .flatMap((b) => (b['@graph'] ? b['@graph'] : [b]));
    const service = nodes.find((n) => n['@type'] === 'Service');
    const business = nodes.find((n) => [n['@type']].flat().includes('Electrician'));
    expect(service.brand).toEqual({ '@type': 'Brand', name: pageData('/smart-home/radiora-2').serviceStructuredData.brand });
    expect(business['@id']).toMatch(/^https?:\/\//);
    expect(service.provider).toEqual({ '@id': business['@id'] });
    expect(service.areaServed.map((a: { name: string }) => a.name)).toEqual(places.map((p) => p.name));
    // The spec's "5.0 from 700 reviews", as the claims of site.yaml state them ("700+" counts as 700).
    expect(Number(service.aggregateRating.ratingValue)).toBe(Number(site.claims.rating));
    expect(Number(service.aggregateRating.reviewCount)).toBe(claimNumber('totalReviews'));
  });
});

describe('location pages', () => {
  const locations = pagesOf('location').map((p) => [p.route, p.data.place as string] as const);
  const { services, trust } = site.locationPages;

  it('are every city and neighbourhood page', () => {
    expect(locations.map(([route]) => route)).toEqual(pageRoutes().filter((r) => /^\/(gta|toronto)\/./.test(r)));
  });

  it.each(locations)('%s: "Electricians in <place>", the service cards and trust tiles of site.yaml, and a call button', (route, place) => {
    const d = doc(route);
    expect(d.querySelector('h1')!.textContent).toBe(`Electricians in ${place}`);
    const body = text(route);
    for (const card of services.cards) expect(body, card.name).toContain(expand(card.name, route));
    for (const tile of trust.tiles) expect(body, tile.title).toContain(expand(tile.title, route));
    expect(d.querySelector(`main a[href="tel:${phoneFor(route).e164}"]`)).not.toBeNull();
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
  it.each(['/', '/residential/panel-upgrades', '/toronto/leslieville', '/blog'])(
    '%s: header, the dropdowns site.yaml and the pages’ collections give, footer licence, sticky bar, floating button',
    (route) => {
      const d = doc(route);
      const header = d.querySelector('header')!;
      expect(dropdowns.length).toBeGreaterThan(0);
      expect([...header.querySelectorAll('summary')].map((s) => s.textContent!.trim())).toEqual(dropdowns.map((item) => item.label));
      header.querySelectorAll('details').forEach((details, i) => {
        const links = [...details.querySelectorAll('a')].map((a) => [a.textContent!.trim(), a.getAttribute('href')]);
        expect(links, dropdowns[i]!.label).toEqual(dropdowns[i]!.links.map((l) => [l.label, l.href]));
      });
      expect(header.querySelector('[data-menu-toggle]')).not.toBeNull();
      expect(header.querySelector(`a[href="tel:${phoneFor(route).e164}"]`)).not.toBeNull();
      expect(d.querySelector('footer')!.textContent).toContain(site.esaLicence);
      const sticky = [...d.querySelectorAll('a')].filter((a) => /^(Call Now|Get a Quote)$/.test(a.textContent!.trim()));
      expect(sticky.map((a) => a.textContent!.trim()).sort()).toEqual(['Call Now', 'Get a Quote']);
      expect(sticky.find((a) => a.textContent!.trim() === 'Get a Quote')!.getAttribute('href')).toMatch(/#estimate$/);
      expect(d.querySelector('[data-float-cta]')!.textContent).toContain('Request Service or Estimate');
    },
  );

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
    expect(form.getAttribute('action')).toBe(site.form.action.replace('{email}', site.leadsEmail));
    const field = (name: string) => form.querySelector(`[name="${name}"]`)!;
    expect([field('name').getAttribute('maxlength'), field('name').hasAttribute('required'), field('name').getAttribute('autocomplete')]).toEqual([
      '100',
      true,
      'name',
    ]);
    expect([
      field('phone').getAttribute('type'),
      field('phone').getAttribute('maxlength'),
      field('phone').hasAttribute('required'),
      field('phone').getAttribute('autocomplete'),
    ]).toEqual(['tel', '20', true, 'tel']);
    expect([field('message').getAttribute('maxlength'), field('message').hasAttribute('required')]).toEqual(['1000', true]);
    for (const name of ['name', 'phone', 'message']) {
      expect(form.querySelector(`label[for="${field(name).id}"]`)!.textContent).toContain('*');
    }
    const hidden = [
      '_next',
      '_captcha',
      '_subject',
      'page_source_url',
      'page_source_title',
      'gclid',
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'utm_term',
      'utm_content',
      'referrer',
      'ga_client_id',
      'calculated_source',
    ];
    for (const name of hidden) expect(field(name).getAttribute('type'), name).toBe('hidden');
    expect(field('website')).not.toBeNull();
    expect(field('_next').getAttribute('value')).toBe(baseUrl + site.form.next);
    expect(field('_captcha').getAttribute('value')).toBe('false');
  });

  it('names the service in the enquiry form of the RadioRA 2 page', () => {
    const form = doc('/smart-home/radiora-2').querySelector('form[data-lead-form]')!;
    expect(form.querySelector('[name="_subject"]')!.getAttribute('value')).toBe(`New enquiry: ${pageData('/smart-home/radiora-2').enquiry.service}`);
  });
});

describe('screens', () => {
  it('home: the hero rating claim, the service cards, every testimonial and FAQ item of pages/index.yaml, the area links the place pages ask for', () => {
    const d = doc('/');
    const home = pageData('/');
    expect(squash(d.querySelector('main')!.textContent!)).toContain(squash(expand(home.hero.rating, '/')));
    for (const card of home.services.cards) {
      const link = d.querySelector(`main a[href="${card.href}"]`);
      expect(link, card.href).not.toBeNull();
      expect(squash(link!.textContent!)).toBe(expand(card.name, '/'));
    }
    const reviews = [...d.querySelectorAll('main figure')].filter((f) => f.querySelector('blockquote'));
    expect(reviews.map((f) => f.querySelector('figcaption strong')!.textContent)).toEqual(home.testimonials.items.map((t: { name: string }) => t.name));
    const questions = [...d.querySelectorAll('#faq details')];
    expect(questions.map((q) => squash(q.querySelector('summary')!.textContent!))).toEqual(
      home.faq.items.map((i: { question: string }) => squash(expand(i.question, '/'))),
    );
    const shown = Math.min(home.faq.shown ?? 6, home.faq.items.length);
    expect(d.querySelectorAll('#faq details:not([data-faq-more])').length).toBe(shown);
    const linked = new Set([...d.querySelectorAll('main a')].map((a) => a.getAttribute('href')));
    const areas = places.map((p) => p.href);
    expect(areas.length).toBeGreaterThan(0);
    expect(areas.filter((href) => !linked.has(href!))).toEqual([]);
  });

  it('Toronto hub: hero form, a card for each neighbourhood page that asks for one (hubCard), in its order, a second form', () => {
    const d = doc('/toronto');
    const cards = [...d.querySelectorAll('main [data-neighbourhood] h3 a')].map((a) => a.getAttribute('href'));
    const listed = membersOf('places')
      .filter((m) => m.data.hubCard)
      .sort((a, b) => a.data.hubCard.order - b.data.hubCard.order || (a.route < b.route ? -1 : 1))
      .map((m) => m.route);
    expect(listed.length).toBeGreaterThan(0);
    expect(cards).toEqual(listed);
    expect(d.querySelectorAll('main form[data-lead-form]').length).toBe(2);
  });

  it('contact: a grid of the places that ask for it (contactGridOrder), in order, the map placeholder, the emergency call button', () => {
    const d = doc('/contact');
    const grid = [...d.querySelectorAll('main .place-grid a')].map((a) => [a.getAttribute('href'), a.textContent]);
    const listed = placesBy('contactGridOrder').map((p) => [p.href, p.name]);
    expect(listed.length).toBeGreaterThan(0);
    expect(grid).toEqual(listed);
    expect(d.querySelector('[data-map]')!.textContent).toContain('Loading map...');
    expect(d.querySelector('[data-track="click-to-call"]')!.getAttribute('href')).toBe(`tel:${site.phones.main.e164}`);
  });

  it.each(pagesOf('category').map((p) => p.route))('%s: a card per service of its category that has one, in order, then its extra cards', (route) => {
    const category = pageData(route).collections.services.category;
    const own = membersOf('services')
      .filter((m) => m.data.category === category && m.data.card && m.route !== route)
      .sort((a, b) => Number(a.data.order) - Number(b.data.order));
    const expected = [...own.map((m) => m.route), ...(pageData(route).services.more ?? []).map((c: { href: string }) => c.href)];
    const cards = [...doc(route).querySelectorAll('main ul.cards > li.card a')].map((a) => a.getAttribute('href'));
    expect(cards).toEqual(expected);
    for (const member of own) expect(text(route)).toContain(expand(String(member.data.card.name ?? member.data.label), route));
  });

  it('/industrial links its cards straight to the real pages, never to /services/', () => {
    const links = [...doc('/industrial').querySelectorAll('main a')].map((a) => a.getAttribute('href'));
    const cards = membersOf('services')
      .filter((m) => m.data.category === 'industrial' && m.data.card)
      .map((m) => m.route);
    expect(cards.length).toBeGreaterThan(0);
    for (const href of cards) {
      expect(links).toContain(href);
      expect(contentRoutes, href).toContain(href);
    }
    expect(links.some((href) => href?.startsWith('/services/'))).toBe(false);
  });

  it('service pages: back to the category and forward to 24/7 Emergency Services', () => {
    for (const route of pageRoutes().filter((r) => /^\/(residential|commercial|industrial|smart-home|ev-energy)\/./.test(r))) {
      const links = [...doc(route).querySelectorAll('main a, nav a')];
      const category = route.split('/')[1];
      expect(
        links.some((a) => a.getAttribute('href') === `/${category}`),
        route,
      ).toBe(true);
      expect(
        links.some((a) => a.getAttribute('href') === '/emergency' && a.textContent!.includes('24/7 Emergency Services')),
        route,
      ).toBe(true);
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

  it('panel upgrades: a carousel of the testimonials of its page, one slide each', () => {
    const carousel = doc('/residential/panel-upgrades').querySelector('[data-carousel]')!;
    const items = pageData('/residential/panel-upgrades').testimonials.items as { name: string }[];
    const slides = [...carousel.querySelectorAll('[data-slide]')];
    expect(slides.map((s) => s.querySelector('figcaption strong')!.textContent)).toEqual(items.map((t) => t.name));
  });

  it('EV pages: a process list and links back to /ev-energy and /emergency', () => {
    for (const route of pageRoutes().filter((r) => r.startsWith('/ev-energy/'))) {
      expect(doc(route).querySelector('main ol'), route).not.toBeNull();
      const links = [...doc(route).querySelectorAll('main a, nav a')].map((a) => a.getAttribute('href'));
      expect(links, route).toContain('/ev-energy');
      expect(links, route).toContain('/emergency');
    }
  });

  it('blog list: search box, the six category chips, a card for every post', () => {
    const d = doc('/blog');
    expect(d.querySelector('input[type="search"], input[name="q"]')!.getAttribute('placeholder')).toBe('Search articles...');
    const chips = [...d.querySelectorAll('[data-category-chip]')].map((a) => [a.textContent!.trim(), a.getAttribute('data-category-chip')]);
    expect(chips).toEqual(BLOG_CATEGORIES);
    const cards = [...d.querySelectorAll('[data-post]')];
    expect(cards.map((c) => c.querySelector('a')!.getAttribute('href')).sort()).toEqual(posts.map((p) => p.route).sort());
    expect(cards.map((c) => c.getAttribute('data-title')).sort()).toEqual(posts.map((p) => p.front.title).sort());
    expect(d.querySelector('[data-blog-empty]')!.textContent).toContain('No articles found matching your search criteria.');
  });
});

describe('hero form of category pages', () => {
  // DECISIONS: the form stands in the category hero of every category page outside /, /contact, /blog and /toronto; phone-only pages still say so.
  it.each(pagesOf('category').map((p) => p.route))('%s carries the estimate form in its hero', (route) => {
    const hero = doc(route).querySelector('main .hero')!;
    expect(hero.querySelector('form[data-lead-form]'), route).not.toBeNull();
    if (pageData(route).booking === 'phone') expect(squash(hero.textContent!)).toContain('All bookings by phone only');
  });
});
