// What every gate is handed: the built site, served by the project's preview
// server, and its pages read once; plus the work more than one gate needs
// (the browser pass, Lighthouse's runs), done once on first use. A gate is an
// `{ id, title, run }` object (gates/index.ts lists them in report order).

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { serve } from 'trn-site/serve';
import { ADMIN_FOLDER } from 'trn-site/internal/cms/admin-page.ts';
import { routeForFile } from 'trn-site/internal/url.ts';
import { gzipSize } from './sizes.ts';
import { scanHtml, type HtmlFacts } from './html.ts';
import { pagesFromFiles, type Page } from './pages.ts';
import type { GateResult } from './result.ts';
import { listFiles, type SiteFacts } from './site.ts';

/** One quality gate. */
export interface Gate {
  /** Short id used on the command line (`--only links`), e.g. `html`. */
  id: string;
  /** Section heading in the report, e.g. `HTML (W3C Nu HTML Checker)`. */
  title: string;
  /** Checks the site; a result built with gateResult (result.ts). A throw is reported as the gate could not run. */
  run(context: AuditContext): Promise<GateResult> | GateResult;
}

/** A page's HTML as built, read once. */
export interface BuiltPage {
  page: Page;
  facts: HtmlFacts;
  /** Bytes of the HTML file. */
  htmlBytes: number;
  /** Its size after gzip (budgets.ts gzipSize). */
  htmlGzip: number;
}

export interface AuditContext {
  /** The project's root folder. */
  root: string;
  /** The built site's folder (dist/ or a temporary one). */
  dist: string;
  /** The preview server serving `dist`, e.g. `http://127.0.0.1:41234`. */
  origin: string;
  /** The origins that are this site: the production base URL's (canonical links use it) and the preview server's. */
  siteOrigins: readonly string[];
  /** What the gates need of site.yaml. */
  site: SiteFacts;
  /** The pages audited, in report order (home first, the not-found page last). */
  pages: readonly Page[];
  /** The same pages with their HTML's facts and sizes. */
  built: readonly BuiltPage[];
  /** Folder of the report: gates that write files of their own put them below it (reports/lighthouse/). */
  reportDir: string;
  /** Pages visited at once in Chromium. */
  concurrency: number;
  /** Whether the gate was asked for (--only / --skip). */
  selected(id: string): boolean;
  /** A progress line on the console. */
  log(line: string): void;
  /** An installed package's version, or `(not installed)`. */
  versionOf(pkg: string): string;
  /**
   * Work shared by gates, done once: the first call with a key runs `compute`,
   * every call gets its promise (a failure fails each gate that needs it).
   */
  once<T>(key: string, compute: () => Promise<T>): Promise<T>;
}

export interface ContextOptions {
  root: string;
  dist: string;
  site: SiteFacts;
  reportDir: string;
  concurrency: number;
  /** Only routes this matches are audited (--pages). */
  routeFilter: RegExp | null;
  selected(id: string): boolean;
  log(line: string): void;
}

/** Serves `dist` on a free port and reads its pages; `close` stops the server. */
export async function openContext(options: ContextOptions): Promise<{ context: AuditContext; close(): Promise<void> }> {
  const { root, dist, routeFilter } = options;
  // The browser editor's page is Decap CMS's app, not a page of the site: the headers gate asks for it on its own.
  const files = (await listFiles(dist)).filter(
    (file) => file.endsWith('.html') && !`/${file}`.startsWith(ADMIN_FOLDER) && (!routeFilter || routeFilter.test(routeForFile(file))),
  );
  const read = new Map(
    await Promise.all(
      files.map(async (file) => {
        const html = await readFile(join(dist, file));
        return [file, { facts: scanHtml(html.toString('utf8')), htmlBytes: html.length, htmlGzip: gzipSize(html) }] as const;
      }),
    ),
  );
  const pages = pagesFromFiles(files, (file) => read.get(file)!.facts);
  const server = await serve({ dir: dist, port: 0 });
  const shared = new Map<string, Promise<unknown>>();
  const context: AuditContext = {
    root,
    dist,
    origin: server.url,
    siteOrigins: [options.site.baseOrigin, server.url],
    site: options.site,
    pages,
    built: pages.map((page) => ({ page, ...read.get(page.file)! })),
    reportDir: options.reportDir,
    concurrency: options.concurrency,
    selected: options.selected,
    log: options.log,
    versionOf: (pkg) => versionOf(root, pkg),
    once<T>(key: string, compute: () => Promise<T>): Promise<T> {
      if (!shared.has(key)) shared.set(key, compute());
      return shared.get(key) as Promise<T>;
    },
  };
  options.log(`${pages.length} pages at ${server.url}`);
  return { context, close: () => server.close() };
}

/** The version of a package installed in the project, or `(not installed)`. */
export function versionOf(root: string, pkg: string): string {
  try {
    return (createRequire(join(root, 'package.json'))(`${pkg}/package.json`) as { version: string }).version;
  } catch {
    return '(not installed)';
  }
}
