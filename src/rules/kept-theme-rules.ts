// What the theme's page rules found in each page (src/rules/theme-rules.ts), kept in the cache folder for the next
// process: the rules read a page's value, and a build after a one-page edit need not load 10,000 values to find
// again what it found before. A page's findings follow from the theme's code, the site, the collections and the page
// itself (its fingerprint: file, route, template and a digest of its text): the file's key holds all but the last,
// which each page's entry holds, and a file with another key is not read at all.
import { join } from 'node:path';
import type { Diagnostic } from '../contracts/diagnostics.ts';
import type { SiteModel } from '../contracts/model.ts';
import type { Theme } from '../contracts/theme.ts';
import { cacheKey } from '../digest.ts';
import { keepWhole, readKept } from '../node-module.js';
import { pageSignature, signature } from '../render/memory.ts';
import { isDiagnostics } from './kept-checks.ts';
import { giveFindings, pageFindings } from './theme-rules.ts';

/** Bumped when findings are kept differently. */
const FORMAT = 1;

interface KeptFile {
  key: string;
  /** By page file: the page's fingerprint, and what the rules found in it. */
  pages: Record<string, [string, Diagnostic[]]>;
}

/** Where a project's theme findings are kept. */
export function keptFindingsFile(folder: string, root: string): string {
  return join(folder, `findings-${cacheKey(root).slice(0, 12)}.json`);
}

/** The key of findings made by the engine's code `engine`, the theme's `theme` (its hash), over `model`'s site and collections. */
export function findingsKey(engine: string | undefined, theme: string | undefined, model: SiteModel): string | undefined {
  if (engine === undefined || theme === undefined) return undefined;
  return cacheKey(JSON.stringify([FORMAT, engine, theme]), signature(model.site, model.collections));
}

/** Gives the theme's rules what `file` says they found in each page of `model` as it is now; returns how many pages were given theirs, and how many the file held. */
export function primeFindings(file: string, key: string, model: SiteModel): { primed: number; kept: number } {
  const kept = keptFindings(file, key);
  if (!kept) return { primed: 0, kept: 0 };
  let primed = 0;
  for (const page of model.pages) {
    const entry = Object.hasOwn(kept.pages, page.file) ? kept.pages[page.file] : undefined;
    if (!entry || entry[0] !== pageSignature(page)) continue;
    giveFindings(model, page, entry[1]);
    primed++;
  }
  return { primed, kept: Object.keys(kept.pages).length };
}

/** Keeps in `file`, under `key`, what the theme's rules found in each page of `model` (running them on a page they have not seen). */
export async function keepFindings(file: string, key: string, model: SiteModel, pageRules: NonNullable<Theme['pageRules']>): Promise<void> {
  const pages: KeptFile['pages'] = {};
  for (const page of model.pages) pages[page.file] = [pageSignature(page), pageFindings(model, page, pageRules)];
  await keepWhole(file, JSON.stringify({ key, pages } satisfies KeptFile));
}

function keptFindings(file: string, key: string): KeptFile | undefined {
  const kept = readKept(file);
  // A file this engine did not write as it is (another key, or changed since) is thrown away whole, never half-used.
  if (typeof kept !== 'object' || kept === null) return undefined;
  const { key: keptKey, pages } = kept as Partial<KeptFile>;
  if (keptKey !== key || typeof pages !== 'object' || pages === null || Array.isArray(pages)) return undefined;
  const wellFormed = Object.values(pages as object).every(
    (entry: unknown) => Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string' && isDiagnostics(entry[1]),
  );
  return wellFormed ? (kept as KeptFile) : undefined;
}
