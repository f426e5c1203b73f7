// A new service is one new page file: copy a service page into a new one of
// the same category, give it its own name, head, position and card, and it
// joins its category's dropdown, footer column and category page cards.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { parseDocument } from 'yaml';
import { copyProject, removeCopy } from './helpers/project-copy.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from 'trn-site/internal/build.ts';
import { membersOf, pagesOf, site } from './helpers/content.ts';

/** The first service of the first category page, copied; its category is the new page's. */
const category = pagesOf('category')[0]!;
const categoryId = String(category.data.collections.services.category);
const source = membersOf('services').find((m) => m.data.category === categoryId && m.route !== category.route)!;
const SLUG = 'electrical-safety-inspections';
const NEW = `${category.route}/${SLUG}`;
const LABEL = 'Electrical Safety Inspections';
const CARD = 'A room-by-room check of panels, outlets and wiring, with a written report of what is safe and what needs work.';
let root: string;
let after: BuildResult;

beforeAll(async () => {
  if (membersOf('services').some((m) => m.route === NEW)) throw new Error(`${NEW} exists already: choose another SLUG`);
  root = await copyProject('service');
  const doc = parseDocument(await readFile(`pages${source.route}.yaml`, 'utf8'));
  doc.set('title', `${LABEL} | Licensed Electricians`);
  doc.set(
    'description',
    'Electrical safety inspections for homes and businesses: panels, outlets and wiring checked, with a written report and a clear quote.',
  );
  doc.setIn(['collections', 'services', 'label'], LABEL);
  doc.setIn(['collections', 'services', 'order'], 99);
  doc.setIn(['collections', 'services', 'card'], { description: CARD });
  await writeFile(join(root, `pages${NEW}.yaml`), doc.toString());
  after = await build({ root, write: false });
}, 120_000);

afterAll(async () => {
  await removeCopy(root);
});

function page(route: string): Document {
  const found = after.pages.find((p) => p.route === route);
  if (!found) throw new Error(`no page at ${route}`);
  return new JSDOM(found.html).window.document;
}
const hrefs = (node: ParentNode, selector: string) => [...node.querySelectorAll(selector)].map((a) => a.getAttribute('href'));

describe('a new service page', () => {
  it('builds without a warning', () => {
    expect(after.diagnostics).toEqual([]);
  });

  it('is last in its category’s dropdown and footer column, as its order says', () => {
    const d = page('/about');
    const menu = [...d.querySelectorAll('header details')].find((x) =>
      site.nav.find((n) => n.label === x.querySelector('summary')!.textContent)?.categories?.includes(categoryId),
    )!;
    const links = hrefs(menu, 'a');
    const own = links.filter((href) => href === category.route || href!.startsWith(`${category.route}/`));
    expect(own.at(-1)).toBe(NEW);
    const column = [...d.querySelectorAll('footer nav')].find((x) =>
      site.footer.find((f) => f.heading === x.querySelector('h2')!.textContent)?.categories?.includes(categoryId),
    )!;
    expect(hrefs(column, 'a')).toContain(NEW);
  });

  it('has the last card on its category page, with its own words', () => {
    const cards = [...page(category.route).querySelectorAll('main ul.cards > li.card')];
    const mine = cards.find((card) => card.querySelector('a')!.getAttribute('href') === NEW)!;
    expect(mine.querySelector('a')!.textContent).toBe(LABEL);
    expect(mine.querySelector('p')!.textContent).toBe(CARD);
    const services = cards.map((card) => card.querySelector('a')!.getAttribute('href')).filter((href) => href!.startsWith(`${category.route}/`));
    expect(services.at(-1)).toBe(NEW);
  });

  it('is in the sitemap', () => {
    expect(after.files.find((f) => f.path === 'sitemap.xml')!.contents.toString()).toContain(`<loc>${site.baseUrl}${NEW}</loc>`);
  });
});
