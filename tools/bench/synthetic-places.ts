// Synthetic location pages for `npm run bench`: N variants of a real location
// page, each a place of its own, so a build does the work a site with N
// locations would. Each joins the places collection but stays out of the lists
// every page shows (see variant); and no two share a name, a
// title, a description or a paragraph, so nothing a build remembers by value
// makes them cheaper than real pages.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { isMap, isScalar, isSeq, parse, parseDocument, type Document } from 'yaml';

/** Where the pages go, below pages/: /bench/place-00001 and on. */
export const SYNTHETIC_FOLDER = 'bench';

// Names are made of two short parts and the page's number: unique, and as long
// as real place names, so the model's text limits still hold with them in.
const NAME_STARTS = [
  'Ash',
  'Birch',
  'Cedar',
  'Elm',
  'Fern',
  'Glen',
  'Hazel',
  'Iron',
  'Juniper',
  'Lark',
  'Moss',
  'Oak',
  'Pine',
  'Quarry',
  'Rowan',
  'Stone',
  'Willow',
];
const NAME_ENDS = ['dale', 'field', 'ford', 'gate', 'haven', 'hurst', 'mead', 'mont', 'ridge', 'vale', 'view', 'wood', 'brook'];
// A title is the name, " Electricians | " and one of these: 60 characters at most up to 99,999 pages.
const TAGLINES = ['Panels and EV Chargers', 'Licensed and Insured', 'Free Estimates', '24/7 Repairs', 'Homes and Shops', 'Rewiring and Lighting'];
const SERVICES = [
  'panel upgrades',
  'EV chargers',
  'pot lights',
  'rewiring',
  'generator inlets',
  'smoke alarms',
  'hot tub circuits',
  'basement units',
  'landscape lighting',
];

// The box the synthetic places are spread over: the GTA and a little around it,
// inside the latitudes and longitudes the places schema accepts.
const LAT = { from: 43.35, span: 0.9 };
const LON = { from: -80.1, span: 1.4 };

export interface SyntheticPlaces {
  /** The page they were made from, project-relative. */
  model: string;
  files: string[];
}

/** Writes `count` location pages under pages/bench/, modelled on the project's first location page. */
export async function addSyntheticPlaces(root: string, count: number): Promise<SyntheticPlaces> {
  const model = await firstLocationPage(root);
  const regions = (parse(await readFile(join(root, 'site.yaml'), 'utf8')) as { regions: { id: string }[] }).regions.map((r) => r.id);
  const folder = join(root, 'pages', SYNTHETIC_FOLDER);
  await mkdir(folder, { recursive: true });
  const digits = Math.max(5, String(count).length);
  const files: string[] = [];
  for (let index = 1; index <= count; index++) {
    const file = join(folder, `place-${String(index).padStart(digits, '0')}.yaml`);
    await writeFile(file, variant(model.doc, index, regions).toString());
    files.push(relative(root, file));
  }
  return { model: model.file, files };
}

/** The first page file, in path order, whose template is `location`: whatever the editors have made of it. */
async function firstLocationPage(root: string): Promise<{ file: string; doc: Document }> {
  const pages = join(root, 'pages');
  const files = (await readdir(pages, { recursive: true })).filter((f) => f.endsWith('.yaml')).sort();
  for (const file of files) {
    const doc = parseDocument(await readFile(join(pages, file), 'utf8'));
    if (doc.get('template') === 'location') return { file: relative(root, join(pages, file)), doc };
  }
  throw new Error('no page under pages/ uses the location template, so there is nothing to model the bench pages on');
}

function variant(model: Document, index: number, regions: string[]): Document {
  const doc = model.clone();
  const name = placeName(index);
  const modelName = String(model.get('place'));
  renamePlace(doc, modelName, name);
  doc.set('place', name);
  doc.set('title', `${name} Electricians | ${TAGLINES[index % TAGLINES.length]}`);
  const services = [0, 1, 2].map((k) => SERVICES[(index + k * 4) % SERVICES.length]);
  doc.set('description', `Licensed electricians in ${name}: ${services[0]}, ${services[1]}, ${services[2]} and 24/7 repairs. Free estimates.`);
  mixParagraphs(doc, index, name);
  // A fresh entry rather than the model's edited: its top-bar and contact-grid
  // places are hand-picked few, and a copy of them would crowd those lists.
  // Kept out of the menus, the footer and the service-area lists, as a site with
  // thousands of places would keep them (the Toronto neighbourhoods are kept out
  // the same way): listed on every page, each place would add to every page, and
  // the site would grow with the square of its places (measured: 165 kB pages at
  // 1,000 places, 294 kB at 2,000, out of memory at 10,000). Kept out, every page
  // stays the size of a real one, which is the workload the targets are set on.
  doc.setIn(
    ['collections', 'places'],
    doc.createNode({
      region: regions[index % regions.length],
      label: name,
      lat: round(LAT.from + LAT.span * fraction(index * 0.6180339887)),
      lon: round(LON.from + LON.span * fraction(index * 0.7548776662)),
      order: (index % 99) + 1,
      inServiceAreas: false,
      inAreasMenu: false,
    }),
  );
  return doc;
}

function placeName(index: number): string {
  const start = NAME_STARTS[index % NAME_STARTS.length];
  const end = NAME_ENDS[Math.floor(index / NAME_STARTS.length) % NAME_ENDS.length];
  return `${start}${end} ${index}`;
}

/** Writes the new place's name wherever the model's text names its own place. */
function renamePlace(doc: Document, from: string, to: string): void {
  const word = new RegExp(`\\b${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'g');
  const visit = (node: unknown): void => {
    if (isScalar(node) && typeof node.value === 'string') node.value = node.value.replace(word, to);
    else if (isMap(node)) for (const pair of node.items) visit(pair.value);
    else if (isSeq(node)) for (const item of node.items) visit(item);
  };
  visit(doc.contents);
}

/**
 * Every paragraph becomes as many of the model's sentences as it had, drawn in
 * turn from all its paragraphs shuffled for this page, then a sentence of the
 * page's own: real prose in new orders, never twice the same.
 */
function mixParagraphs(doc: Document, index: number, name: string): void {
  const paths: (string | number)[][] = [];
  const sections = doc.get('sections');
  if (isSeq(sections)) {
    sections.items.forEach((section, s) => {
      const paragraphs = isMap(section) ? section.get('paragraphs') : undefined;
      if (isSeq(paragraphs)) paragraphs.items.forEach((_, p) => paths.push(['sections', s, 'paragraphs', p]));
    });
  }
  const sentencesOf = (path: (string | number)[]) =>
    String(doc.getIn(path))
      .split(/(?<=[.!?])\s+/)
      .filter(Boolean);
  const counts = paths.map((path) => sentencesOf(path).length);
  const pool = shuffled(paths.flatMap(sentencesOf), index);
  let next = 0;
  paths.forEach((path, n) => {
    const picked = Array.from({ length: counts[n]! }, () => pool[next++ % pool.length]);
    const calls = 10 + ((index * 37 + n * 11) % 90);
    picked.push(`Our crews took ${calls} calls in ${name} this season, noted on job sheet ${index}-${n + 1}.`);
    doc.setIn(path, picked.join(' '));
  });
}

/** The same order for the same seed, so a rerun writes the same pages (a linear congruential generator drives Fisher-Yates). */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let state = (seed * 2654435761) >>> 0;
  for (let i = out.length - 1; i > 0; i--) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function fraction(x: number): number {
  return x - Math.floor(x);
}

function round(x: number): number {
  return Math.round(x * 10_000) / 10_000;
}
