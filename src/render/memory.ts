// What a render remembers about each page, so the next render can tell which
// pages would come out the same. This is the dependency graph of the dev
// server: a page depends on its own data, on what every page is handed (site,
// assets), and on the shared parts it actually read while rendering.
import type { Diagnostic } from '../contracts/diagnostics.ts';
import type { Theme } from '../contracts/theme.ts';
import type { RenderedPage } from '../contracts/rendered.ts';
import type { PageEntry } from '../contracts/model.ts';
import { cacheKey } from '../digest.ts';
import { perObject } from '../memo.ts';

/** The read of the stylesheet's text. */
export const STYLESHEET = 'stylesheet';
/** The read of one client script's URL. */
export function scriptRead(name: string): string {
  return `script:${name}`;
}
/** The read of one collection's members. */
export function collectionRead(name: string): string {
  return `collection:${name}`;
}

/** Fingerprints of this build's shared inputs. */
export interface Inputs {
  /** What every page is handed: site, base URL, the names of the scripts. */
  global: string;
  /** One fingerprint per trackable part (the stylesheet, each collection, each script). */
  reads: Record<string, string>;
}

/** One page's last render. */
export interface PageRecord {
  /** Null when the template threw; `diagnostics` then says why. */
  page: RenderedPage | null;
  diagnostics: Diagnostic[];
  /** Fingerprint of the page's own data. */
  own: string;
  /** Fingerprint of the shared inputs every page gets, when it was rendered. */
  global: string;
  /** Each shared part the template read, with its fingerprint then. */
  reads: Record<string, string>;
  /** The contentHash of the page's HTML, when the build keeps its records for the next process (kept-renders.ts). */
  digest?: string;
  /** Read from the cache folder: the page has no HTML, and reusing it means taking its file from the last output. */
  fromCache?: true;
}

/** Records by output file; valid only for the theme that rendered them. */
export interface RenderMemory {
  theme: Theme;
  records: Map<string, PageRecord>;
}

/** Whether a page must be rendered again: its data, the shared inputs, or a part it read changed. */
export function isStale(record: PageRecord, own: string, inputs: Inputs): boolean {
  if (record.own !== own || record.global !== inputs.global) return true;
  return Object.entries(record.reads).some(([read, print]) => inputs.reads[read] !== print);
}

// A later build keeps the entries of files it did not read again, so their fingerprints are kept too. The file is in
// it as well: a page's record carries it (as its source, where its problems are reported), and a file renamed to
// another that serves the same route (`.yml`, a folder's index) must not leave the old name on a page kept.
// A page read through the parse cache carries a digest of its file's text (textKey), and its data, head and body
// are a function of that text and the theme, which a render's memory is kept for (RenderMemory): the digest stands
// for them, and 10,000 pages' data need not be turned into JSON and hashed again (about 200 ms) by each build.
// The fingerprint of a page's own data (PageRecord.own), once per page entry; share cards are kept by it too.
export const pageSignature = perObject((page: PageEntry) =>
  page.textKey === undefined
    ? signature(page.file, page.route, page.template, page.data, page.head, page.body?.text, page.status)
    : signature(page.file, page.route, page.template, page.textKey, page.status),
);

/** A fingerprint of `values`, as JSON. */
export function signature(...values: unknown[]): string {
  return cacheKey(JSON.stringify(values));
}
