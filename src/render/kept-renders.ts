// What `site build` rendered, kept in the cache folder for the next process: each page's record
// (the fingerprints of what it was handed and read, its facts, and the digest of its HTML). The next
// build renders again only the pages whose inputs changed; each other page's file is linked from
// the output folder the last build wrote, when it is still there as that build wrote it (its marker
// says so), and rendered again when it is not.
//
// The records are made by one engine's code with one theme's code and one React: they are keyed by
// all three, and a file with another key is not read at all. A template must be a function of its
// props (docs/architecture.md); one that reads the clock or the environment is rendered again only
// when its inputs change.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { version as reactVersion } from 'react';
import type { InlineCode, PageFacts, RenderedPage } from '../contracts/rendered.ts';
import type { Theme } from '../contracts/theme.ts';
import { cacheKey } from '../digest.ts';
import { perObject } from '../memo.ts';
import { keepWhole, readKept } from '../node-module.js';
import type { PageRecord, RenderMemory } from './memory.ts';

/** Bumped when records are kept differently. */
const FORMAT = 2;

// At 10,000 pages, records written out in full came to 123 MB: each page repeats the links of its header and
// footer. So what pages share is kept once, in tables, and a record names it by its place in a table.

/** A page's record as kept: texts as they are, what pages share as places in the file's tables. */
type KeptRecord = [
  output: string,
  route: string,
  source: string,
  template: number,
  own: string,
  global: number,
  reads: number,
  digest: string,
  /** Places in `groups`. */
  links: number[],
  /** Places in `pathSets`. */
  linkedPaths: number[],
  inline: number,
];

interface KeptFile {
  format: number;
  key: string;
  /** Texts pages share: templates, fingerprints, URLs and paths. */
  texts: string[];
  /** Groups of links, each as its URLs' pairs of places in `texts`, href then path. */
  groups: number[][];
  /** Sets of paths, each as places in `texts`. */
  pathSets: number[][];
  reads: Record<string, string>[];
  inline: InlineCode[];
  records: KeptRecord[];
}

/** Where a project's records are kept. */
export function keptRendersFile(folder: string, root: string): string {
  return join(folder, `renders-${cacheKey(root).slice(0, 12)}.json`);
}

/** The key records made by the engine's code `engine` with the theme's bundle `themeCode` carry, or undefined without both. */
export function rendersKey(engine: string | undefined, themeCode: string | undefined): string | undefined {
  if (engine === undefined || themeCode === undefined) return undefined;
  return cacheKey(JSON.stringify([FORMAT, engine, themeCode, reactVersion, process.env.NODE_ENV ?? '']));
}

/**
 * The file of later records beside `file`: a build that rendered a few pages again adds their records there rather
 * than writing 10,000 records out again (about 90 ms), as the parse cache keeps its later additions.
 */
export function laterRendersFile(file: string): string {
  return file.replace(/\.json$/, '.later.json');
}

/** The records read from a kept file itself (not its later records), and how many it held: see keepRenders. */
const fromFile = new WeakMap<RenderMemory, { records: WeakSet<PageRecord>; count: number }>();

/** The records kept in `file` under `key`, with their later ones, as the render's memory for `theme`; undefined when there are none to use. */
export function keptRenders(file: string, key: string, theme: Theme): RenderMemory | undefined {
  const base = keptRecords(file, key);
  if (!base) return undefined;
  const records = new Map(base);
  // A later record stands for its page; one made against another version of the file is as good (it names its inputs).
  for (const [output, record] of keptRecords(laterRendersFile(file), key) ?? []) records.set(output, record);
  const memory = { theme, records };
  fromFile.set(memory, { records: new WeakSet(base.values()), count: base.size });
  return memory;
}

/** The records of one kept file, when it is one this engine wrote under `key`. */
function keptRecords(file: string, key: string): Map<string, PageRecord> | undefined {
  const kept = readKept(file) as KeptFile | null | undefined;
  // A file this engine did not write as it is (another key, or changed since) is thrown away whole, never half-used.
  if (kept?.format !== FORMAT || kept.key !== key || !isKeptFile(kept)) return undefined;
  const { texts } = kept;
  // Each group and set is made once and shared by the pages that name it, as a render shares a block's.
  const groups = kept.groups.map((pairs) =>
    Array.from({ length: pairs.length / 2 }, (_, i) => ({ href: texts[pairs[2 * i]!]!, path: texts[pairs[2 * i + 1]!]! })),
  );
  const pathSets = kept.pathSets.map((places) => new Set(places.map((at) => texts[at]!)));
  const records = new Map<string, PageRecord>();
  for (const [output, route, source, template, own, global, reads, digest, links, linkedPaths, inline] of kept.records) {
    const facts: PageFacts = { links: links.map((at) => groups[at]!), linkedPaths: linkedPaths.map((at) => pathSets[at]!), inline: kept.inline[inline]! };
    const page: RenderedPage = { route, output, source, template: texts[template]!, html: '', facts };
    records.set(output, { page, diagnostics: [], own, global: texts[global]!, reads: kept.reads[reads]!, digest, fromCache: true });
  }
  return records;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isListOf = <T>(value: unknown, each: (item: unknown) => item is T): value is T[] => Array.isArray(value) && value.every(each);
const isStrings = (value: unknown): value is string[] => isListOf(value, isString);
/** A test of a place in a table `size` long. */
const placeIn =
  (size: number) =>
  (value: unknown): value is number =>
    Number.isInteger(value) && (value as number) >= 0 && (value as number) < size;

/** Whether `kept` is a file as keepRenders writes one, to the type of every field and the place of every reference. */
function isKeptFile(kept: KeptFile): boolean {
  const { texts, groups, pathSets, reads, inline, records } = kept as unknown as Record<keyof KeptFile, unknown>;
  if (!isStrings(texts) || !isListOf(reads, isObject) || !isListOf(inline, isObject)) return false;
  const text = placeIn(texts.length);
  const pairs = (group: unknown): group is number[] => isListOf(group, text) && group.length % 2 === 0;
  if (!isListOf(groups, pairs) || !isListOf(pathSets, (set): set is number[] => isListOf(set, text))) return false;
  if (!reads.every((read) => Object.values(read).every(isString))) return false;
  if (!inline.every((code) => isStrings(code.styles) && isStrings(code.scripts) && isStrings(code.attributes))) return false;
  const group = placeIn(groups.length);
  const pathSet = placeIn(pathSets.length);
  const isRecord = (value: unknown): value is KeptRecord => {
    if (!Array.isArray(value) || value.length !== 11) return false;
    const [output, route, source, template, own, global, read, digest, links, linkedPaths, code] = value as unknown[];
    const fields = [output, route, source, own, digest].every(isString) && text(template) && text(global);
    return fields && placeIn(reads.length)(read) && placeIn(inline.length)(code) && isListOf(links, group) && isListOf(linkedPaths, pathSet);
  };
  return isListOf(records, isRecord);
}

/** A table of values pages share: each value's place, the first time it is met, its place on. */
function table<T>(identity: (value: T) => string) {
  const values: T[] = [];
  const places = new Map<string, number>();
  const place = (value: T): number => {
    const id = identity(value);
    let at = places.get(id);
    if (at === undefined) places.set(id, (at = values.push(value) - 1));
    return at;
  };
  return { values, place };
}

/**
 * Keeps the records of `memory` in `file` under `key`: those of pages rendered without a problem and whose HTML
 * has a digest. Each file is written whole, so a build killed meanwhile leaves the last records or none. When
 * `memory` was rendered from `loaded` (keptRenders) and few of its records are not those `file` holds, only those
 * are written, to the file of later records.
 */
export async function keepRenders(file: string, key: string, memory: RenderMemory, loaded?: RenderMemory): Promise<void> {
  const base = loaded && fromFile.get(loaded);
  const later = base && [...memory.records].filter(([, record]) => !base.records.has(record));
  // Few records not as the kept file has them: those alone, in the file of later records (see laterRendersFile).
  if (later && later.length <= base.count / LATER_SHARE) return writeKept(laterRendersFile(file), key, later);
  await writeKept(file, key, memory.records);
  await rm(laterRendersFile(file), { force: true }).catch(() => undefined);
}

/** The later records stay at most this share of the kept file's. */
const LATER_SHARE = 10;

/** Writes `records` to `file` under `key`, whole. */
async function writeKept(file: string, key: string, given: Iterable<[string, PageRecord]>): Promise<void> {
  const texts = table((text: string) => text);
  const groups = table((pairs: number[]) => pairs.join());
  const pathSets = table((places: number[]) => places.join());
  const reads = table((read: Record<string, string>) => JSON.stringify(read));
  const inline = table((code: InlineCode) => JSON.stringify(code));
  // Groups and sets shared by object (a shared block's) are looked up once.
  const groupOf = perObject((links: PageFacts['links'][number]) => groups.place(links.flatMap(({ href, path }) => [texts.place(href), texts.place(path)])));
  const pathSetOf = perObject((paths: ReadonlySet<string>) => pathSets.place([...paths].map(texts.place)));
  const records: KeptRecord[] = [];
  for (const [output, record] of given) {
    const { page, digest } = record;
    if (!page || digest === undefined || record.diagnostics.length > 0) continue;
    const { route, source, template, facts } = page;
    const links = facts.links.map(groupOf);
    const linkedPaths = facts.linkedPaths.map(pathSetOf);
    records.push([
      output,
      route,
      source,
      texts.place(template),
      record.own,
      texts.place(record.global),
      reads.place(record.reads),
      digest,
      links,
      linkedPaths,
      inline.place(facts.inline),
    ]);
  }
  const kept: KeptFile = {
    ...{ format: FORMAT, key, texts: texts.values, groups: groups.values, pathSets: pathSets.values },
    ...{ reads: reads.values, inline: inline.values, records },
  };
  await keepWhole(file, JSON.stringify(kept));
}
