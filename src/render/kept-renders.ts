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
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { version as reactVersion } from 'react';
import type { InlineCode, PageFacts, RenderedPage } from '../contracts/rendered.ts';
import type { Theme } from '../contracts/theme.ts';
import { cacheKey } from '../digest.ts';
import { writeWhole } from '../node-module.js';
import type { PageRecord, RenderMemory } from './memory.ts';

/** Bumped when records are kept differently. */
const FORMAT = 1;

/** A page's record as JSON carries it: its HTML left out, its facts' sets as lists. */
interface KeptRecord {
  route: string;
  source: string;
  template: string;
  own: string;
  global: string;
  reads: Record<string, string>;
  digest: string;
  links: { href: string; path: string }[][];
  linkedPaths: string[][];
  inline: InlineCode;
}

interface KeptFile {
  format: number;
  key: string;
  /** By output file. */
  records: Record<string, KeptRecord>;
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

/** The records kept in `file` under `key`, as the render's memory for `theme`; undefined when there are none to use. */
export function keptRenders(file: string, key: string, theme: Theme): RenderMemory | undefined {
  let kept: KeptFile | null;
  try {
    kept = JSON.parse(readFileSync(file, 'utf8')) as KeptFile;
  } catch {
    return undefined;
  }
  // A file this engine did not write as it is (another key, or changed since) is thrown away whole, never half-used.
  if (kept?.format !== FORMAT || kept.key !== key || !isObject(kept.records) || !Object.values(kept.records).every(isKeptRecord)) return undefined;
  const records = new Map<string, PageRecord>();
  for (const [output, record] of Object.entries(kept.records)) {
    const facts: PageFacts = { links: record.links, linkedPaths: record.linkedPaths.map((paths) => new Set(paths)), inline: record.inline };
    const page: RenderedPage = { route: record.route, output, source: record.source, template: record.template, html: '', facts };
    records.set(output, { page, diagnostics: [], own: record.own, global: record.global, reads: record.reads, digest: record.digest, fromCache: true });
  }
  return { theme, records };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isListOf = <T>(value: unknown, each: (item: unknown) => item is T): value is T[] => Array.isArray(value) && value.every(each);
const isStrings = (value: unknown): value is string[] => isListOf(value, isString);
const isUrl = (value: unknown): value is { href: string; path: string } => isObject(value) && isString(value.href) && isString(value.path);

/** Whether `value` is a record as keepRenders writes one, to the type of every field. */
function isKeptRecord(value: unknown): value is KeptRecord {
  if (!isObject(value)) return false;
  const { route, source, template, own, global, reads, digest, links, linkedPaths, inline } = value;
  const texts = [route, source, template, own, global, digest].every(isString);
  const facts = isListOf(links, (group): group is KeptRecord['links'][number] => isListOf(group, isUrl)) && isListOf(linkedPaths, isStrings);
  const code = isObject(inline) && isStrings(inline.styles) && isStrings(inline.scripts) && isStrings(inline.attributes);
  return texts && facts && code && isObject(reads) && Object.values(reads).every(isString);
}

/**
 * Keeps the records of `memory` in `file` under `key`: those of pages rendered without a problem and whose HTML
 * has a digest. Written whole, so a build killed meanwhile leaves the last records or none.
 */
export async function keepRenders(file: string, key: string, memory: RenderMemory): Promise<void> {
  const records: Record<string, KeptRecord> = {};
  for (const [output, record] of memory.records) {
    const { page, digest } = record;
    if (!page || digest === undefined || record.diagnostics.length > 0) continue;
    const { route, source, template, facts } = page;
    const links = facts.links.map((group) => group.map(({ href, path }) => ({ href, path })));
    const linkedPaths = facts.linkedPaths.map((paths) => [...paths]);
    records[output] = {
      route,
      source,
      template,
      own: record.own,
      global: record.global,
      reads: record.reads,
      digest,
      links,
      linkedPaths,
      inline: facts.inline,
    };
  }
  const kept: KeptFile = { format: FORMAT, key, records };
  await writeWhole(file, JSON.stringify(kept));
}
