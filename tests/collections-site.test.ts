// A new place is one new page file: copy a city page (Milton, as Stouffville),
// give it its own name and position, and it joins exactly the lists its collections: field asks for.
// Built from a copy of the real project, beside a build of the project as it is.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { parseDocument } from 'yaml';
import { copyProject, removeCopy } from './helpers/project-copy.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from 'trn-site/internal/build.ts';
import { membersOf, site } from './helpers/content.ts';

/** Cities the site may not have yet; the test adds the first it lacks, so adding any of them to pages/ breaks nothing. */
const CANDIDATES = [
  { slug: 'stouffville', name: 'Stouffville', lat: 43.971, lon: -79.245 },
  { slug: 'uxbridge', name: 'Uxbridge', lat: 44.109, lon: -79.121 },
  { slug: 'bradford', name: 'Bradford', lat: 44.114, lon: -79.566 },
  { slug: 'port-perry', name: 'Port Perry', lat: 44.103, lon: -78.944 },
];
const taken = new Set(membersOf('places').flatMap((m) => [m.route, m.data.label as string]));
const city = CANDIDATES.find((c) => !taken.has(`/gta/${c.slug}`) && !taken.has(c.name));
if (!city) throw new Error('the site already has every candidate city: add another to CANDIDATES');
const NEW = `/gta/${city.slug}`;
const TEMPLATE = 'pages/gta/milton.yaml';
let root: string;
let before: BuildResult;
let after: BuildResult;
/** What the new page says under collections: places:, as copied. */
let copied: { region: string };

beforeAll(async () => {
  root = await copyProject('collections');
  // What an editor does: copy a city page and change its name, head and position; no other file.
  const doc = parseDocument(await readFile(TEMPLATE, 'utf8'));
  doc.set('place', city.name);
  doc.set('title', `${city.name} Electricians | Panel Upgrades, EV Chargers`);
  doc.set(
    'description',
    `${city.name} electricians for panel upgrades, EV chargers, basement suites and older homes. Licensed, insured, free estimates in the GTA.`,
  );
  doc.setIn(['collections', 'places', 'label'], city.name);
  doc.setIn(['collections', 'places', 'lat'], city.lat);
  doc.setIn(['collections', 'places', 'lon'], city.lon);
  copied = (doc.toJS() as { collections: { places: { region: string } } }).collections.places;
  await writeFile(join(root, `pages/gta/${city.slug}.yaml`), doc.toString());
  [before, after] = await Promise.all([build({ root: '.', write: false }), build({ root, write: false })]);
}, 120_000);

afterAll(async () => {
  await removeCopy(root);
});

function page(result: BuildResult, route: string): Document {
  const found = result.pages.find((p) => p.route === route);
  if (!found) throw new Error(`no page at ${route}`);
  return new JSDOM(found.html).window.document;
}
const hrefs = (root: ParentNode, selector: string) => [...root.querySelectorAll(selector)].map((a) => a.getAttribute('href'));
const dropdown = (d: Document, label: string) => [...d.querySelectorAll('header details')].find((x) => x.querySelector('summary')!.textContent === label)!;
const footerColumn = (d: Document, heading: string) => [...d.querySelectorAll('footer nav')].find((x) => x.querySelector('h2')!.textContent === heading)!;
const areasMenu = () => site.nav.find((item) => item.places)!.label;
const areasColumn = () => site.footer.find((group) => group.places)!.heading;
const regionName = () => site.regions.find((r) => r.id === copied.region)!.name;

describe('a new place page', () => {
  it('builds without a warning', () => {
    expect(after.diagnostics).toEqual([]);
  });

  it('is in the areas dropdown and the footer column, alphabetically', () => {
    const d = page(after, '/about');
    const menu = hrefs(dropdown(d, areasMenu()), 'a');
    expect(menu).toContain(NEW);
    const labels = [...dropdown(d, areasMenu()).querySelectorAll('a')].map((a) => a.textContent!);
    const at = menu.indexOf(NEW);
    expect(labels[at - 1]!.localeCompare(city.name, 'en')).toBeLessThan(0);
    expect(hrefs(footerColumn(d, areasColumn()), 'a')).toEqual(menu);
    expect(hrefs(dropdown(page(before, '/about'), areasMenu()), 'a')).toEqual(menu.filter((h) => h !== NEW));
  });

  it('is in its region of the home page’s service areas, and no other', () => {
    const groups = [...page(after, '/').querySelectorAll('#areas .areas > div')];
    const holding = groups.filter((g) => hrefs(g, 'a').includes(NEW)).map((g) => g.querySelector('h3')!.textContent);
    expect(holding).toEqual([regionName()]);
  });

  it('is on the contact map with a position, and not in the contact grid, the top bar or the hub', () => {
    const contact = page(after, '/contact');
    const template = contact.querySelector('template[data-map-places]') as HTMLTemplateElement;
    const link = template.content.querySelector(`a[href="${NEW}"]`);
    expect(link?.getAttribute('data-map-at')).toBe(`gta ${Math.round((city.lat - 43) * 1000)} ${Math.round((city.lon + 80) * 1000)}`);
    expect(hrefs(contact, 'main .place-grid a')).toEqual(hrefs(page(before, '/contact'), 'main .place-grid a'));
    expect(hrefs(contact, 'header .top-areas a')).not.toContain(NEW);
    expect(hrefs(page(after, '/toronto'), 'main [data-neighbourhood] a')).not.toContain(NEW);
  });

  it('is in the sitemap', () => {
    const sitemap = after.files.find((f) => f.path === 'sitemap.xml')!.contents.toString();
    expect(sitemap).toContain(`<loc>${site.baseUrl}${NEW}</loc>`);
  });

  it('lists the places near it, not itself', () => {
    expect(hrefs(page(after, NEW), '#areas a').length).toBeGreaterThan(0);
    expect(hrefs(page(after, NEW), '#areas a')).not.toContain(NEW);
  });

  it('changes no page but those that show every place, and those near it', () => {
    const changed = after.pages.filter((p) => p.route !== NEW && before.pages.find((b) => b.route === p.route)?.html !== p.html).map((p) => p.route);
    // Every page has the header and footer, so every page changes; the lists inside main do only where they should.
    const main = (result: BuildResult, route: string) => page(result, route).querySelector('main')!.innerHTML;
    const mainChanged = changed.filter((route) => main(before, route) !== main(after, route));
    for (const route of mainChanged) expect(hrefs(page(after, route), 'main a'), route).toContain(NEW);
    expect(mainChanged).toContain('/');
    expect(mainChanged).toContain('/contact');
  });
});
