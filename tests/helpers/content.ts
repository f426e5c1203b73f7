// What the content editor wrote, read straight from site.yaml and pages/ with
// the yaml package: the tests that look at the real site take what they expect
// from here, so adding a post or a city, or changing a phone or a claim, changes
// the expectation with the content instead of breaking `npm test`.
// Deliberately independent of the engine's loader (only the path-to-route rule
// of src/url.ts is shared), so a loader that drops or mangles a page fails a test.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { NOT_FOUND_ROUTE, routeFromPath } from 'trn-site/internal/url.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const pagesDir = join(root, 'pages');

/** An object parsed from YAML whose fields the tests read as they need them. */
// Tests walk the real content's YAML by path and compare what they find: typing each file's shape here would copy the schemas.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Data = Record<string, any>;

export interface Phone {
  e164: string;
  display: string;
}

export interface Place {
  name: string;
  href: string;
}

export interface Link {
  label: string;
  href: string;
}

/** What a dropdown or footer column of site.yaml lists: the pages of categories, the places of the areas menu, written links. */
export interface Listing {
  categories?: string[];
  places?: boolean;
  links?: Link[];
}

export type MenuItem = { label: string; href?: string } & Listing;

/** The fields of site.yaml that tests compare the site with. */
export interface SiteData {
  business: { name: string; shortName: string };
  baseUrl: string;
  phones: { main: Phone; toronto: Phone; office: Phone };
  leadsEmail: string;
  form: { action: string; subject: string; next: string };
  hours: { emergency: string };
  esaLicence: string;
  claims: Record<string, string>;
  regions: { id: string; name: string }[];
  nav: MenuItem[];
  footer: ({ heading: string } & Listing)[];
  locationPages: { services: { cards: { name: string }[] }; trust: { tiles: { title: string }[] } };
}

export const site = parse(readFileSync(join(root, 'site.yaml'), 'utf8')) as SiteData;
// claims: may be left out of site.yaml (every claim has a default); expand() then names the one it lacks.
site.claims ??= {};

/** The site's base URL without a trailing slash, as canonical links start. */
export const baseUrl = site.baseUrl.replace(/\/$/, '');

/** A file under pages/ that is a page: its route, its path from the project root, and its data. */
export interface ContentPage {
  route: string;
  file: string;
  data: Data;
}

/** A blog post: pages/<folder>/<slug>.md, with its front matter. */
export interface ContentPost {
  route: string;
  file: string;
  slug: string;
  front: Data;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]))
    .sort();
}

/** The YAML between the opening `---` line of a Markdown file and the next one. */
export function frontMatter(markdown: string): Data {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(markdown);
  if (!match) throw new Error('no front matter');
  return parse(match[1]!) as Data;
}

const contentFiles = filesUnder(pagesDir)
  .map((path) => ({ path, route: routeFromPath(relative(pagesDir, path)) }))
  .filter((f): f is { path: string; route: string } => f.route !== null);

/** Every YAML page under pages/ (the not-found page included), sorted by route. */
export const pages: ContentPage[] = contentFiles
  .filter((f) => !f.path.endsWith('.md'))
  .map((f) => ({ route: f.route, file: relative(root, f.path), data: parse(readFileSync(f.path, 'utf8')) as Data }))
  .sort((a, b) => (a.route < b.route ? -1 : 1));

/** Every blog post (the Markdown files under pages/), sorted by route. */
export const posts: ContentPost[] = contentFiles
  .filter((f) => f.path.endsWith('.md'))
  .map((f) => ({ route: f.route, file: relative(root, f.path), slug: f.route.split('/').pop()!, front: frontMatter(readFileSync(f.path, 'utf8')) }))
  .sort((a, b) => (a.route < b.route ? -1 : 1));

/** Every route the content asks for but the not-found page: the YAML pages and the posts. */
export const contentRoutes: string[] = [...pages.map((p) => p.route), ...posts.map((p) => p.route)].filter((r) => r !== NOT_FOUND_ROUTE).sort();

/** The data of the page at `route`; throws when pages/ has none. */
export function pageData(route: string): Data {
  const found = pages.find((p) => p.route === route);
  if (!found) throw new Error(`pages/ has no page for ${route}`);
  return found.data;
}

/** The pages of one template, e.g. every `location` page. */
export function pagesOf(template: string): ContentPage[] {
  return pages.filter((p) => p.data.template === template);
}

/** Whether a route is /toronto or below it: those pages use the Toronto phone (DECISIONS "Identity and constants"). */
export function isToronto(route: string): boolean {
  return route === '/toronto' || route.startsWith('/toronto/');
}

/** The phone a page shows. */
export function phoneFor(route: string): Phone {
  return isToronto(route) ? site.phones.toronto : site.phones.main;
}

/** A page that lists itself in a collection (its `collections:` field), with what it says there. */
export interface Listed {
  route: string;
  data: Data;
}

/** The members of a collection, as the pages' own YAML declares them. */
export function membersOf(collection: 'places' | 'services'): Listed[] {
  return pages.flatMap((p) => (p.data.collections?.[collection] ? [{ route: p.route, data: p.data.collections[collection] as Data }] : []));
}

/** Sorts by the numbers a list is ordered by (missing last), then the label, then the route, as the templates do. */
function ordered(list: Listed[], key: string): Listed[] {
  const num = (m: Listed) => (typeof m.data[key] === 'number' ? (m.data[key] as number) : Infinity);
  return [...list].sort((a, b) => num(a) - num(b) || String(a.data.label).localeCompare(String(b.data.label), 'en') || (a.route < b.route ? -1 : 1));
}

/** The places of the service-area lists, region by region in site.yaml's order, as [region name, places]. */
export const serviceAreas: [string, Place[]][] = site.regions
  .map((region): [string, Place[]] => [
    region.name,
    ordered(
      membersOf('places').filter((m) => m.data.region === region.id && m.data.inServiceAreas !== false),
      'order',
    ).map((m) => ({ name: m.data.label, href: m.route })),
  ])
  .filter(([, list]) => list.length > 0);

/** Every place of the service-area lists, in order. */
export const places: Place[] = serviceAreas.flatMap(([, list]) => list);

/** Places that ask for a spot in a hand-ordered list (topBarOrder, contactGridOrder), in that order. */
export function placesBy(key: 'topBarOrder' | 'contactGridOrder'): Place[] {
  return ordered(
    membersOf('places').filter((m) => typeof m.data[key] === 'number'),
    key,
  ).map((m) => ({ name: m.data.label, href: m.route }));
}

/** The links of a dropdown (`menu`) or footer column (`footer`): the pages of its categories, its places, its written links. */
export function listedLinks(item: Listing, where: 'menu' | 'footer'): Link[] {
  const services = membersOf('services').filter((m) => where === 'menu' || m.data.inFooter !== false);
  return [
    ...(item.categories ?? []).flatMap((category) =>
      ordered(
        services.filter((m) => m.data.category === category),
        'order',
      ),
    ),
    ...(item.places
      ? ordered(
          membersOf('places').filter((m) => m.data.inAreasMenu !== false),
          'menuOrder',
        )
      : []),
  ]
    .map((m) => ({ label: m.data.label as string, href: m.route }))
    .concat(item.links ?? []);
}

/** The dropdowns of the main navigation: its items that list links, with those links. */
export const dropdowns: { label: string; links: Link[] }[] = site.nav
  .map((item) => ({ label: item.label, links: listedLinks(item, 'menu') }))
  .filter((item) => item.links.length > 0);

/** A claim of site.yaml as a number: "700+" → 700. */
export function claimNumber(name: string): number {
  const value = site.claims[name];
  if (value === undefined) throw new Error(`site.yaml has no claim ${name}`);
  return Number.parseInt(value.replace(/[^\d.]/g, ''), 10);
}

/**
 * Page text with its {placeholders} filled in as the page shows them: claims,
 * {business}, {phone} (the page's own), {officePhone} and {emergencyHours}.
 * {hours} is left to the tests that need it; it throws rather than guess.
 */
export function expand(text: string, route: string): string {
  return text.replace(/\{([A-Za-z]+)\}/g, (_, name: string) => {
    if (name in site.claims) return site.claims[name]!;
    switch (name) {
      case 'business':
        return site.business.name;
      case 'phone':
        return phoneFor(route).display;
      case 'officePhone':
        return site.phones.office.display;
      case 'emergencyHours':
        return site.hours.emergency;
      default:
        throw new Error(`expand() does not know {${name}}`);
    }
  });
}

/** Collapses runs of white space, as text read from HTML has them. */
export function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A FAQ as a page's data gives it. */
export interface FaqData {
  route: string;
  items: { question: string; answer: string }[];
  /** Questions shown before "Show all FAQs" (6 unless the page says). */
  shown: number;
}

/**
 * The FAQ that folds (more questions than it shows at first) of the home page,
 * which the spec describes, or should the editor shorten it, of the first
 * other page whose FAQ folds.
 */
export function foldingFaq(): FaqData {
  const faqs = pages
    .filter((p) => p.data.faq)
    .map((p) => ({ route: p.route, items: p.data.faq.items, shown: p.data.faq.shown ?? 6 }) as FaqData)
    .filter((f) => f.items.length > f.shown)
    .sort((a, b) => Number(b.route === '/') - Number(a.route === '/'));
  if (!faqs[0]) throw new Error('no page of pages/ has a FAQ longer than it shows');
  return faqs[0];
}
