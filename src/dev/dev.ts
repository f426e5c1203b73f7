// `site dev`: build, serve, watch, rebuild, reload. The build lives in memory
// (dist/ is never touched); the preview server serves it with the CDN's
// semantics; a change rebuilds only what it affects (see createBuilder) and the
// open tabs of the pages that changed reload by themselves. A build that fails
// keeps the last good one on screen, under an overlay with the problems.
import { resolve } from 'node:path';
import { devBuilder, type DevBuild } from './build-thread.ts';
import { laterMedia } from './later-media.ts';
import type { MediaProgress } from './media-progress.ts';
import { ContentError, type Diagnostic } from '../contracts/diagnostics.ts';
import { isOnePagesFile, PAGES_DIR } from '../contracts/project.ts';
import { serve, type DevHooks, type SiteFiles } from '../serve/server.ts';
import { liveClientScript } from './browser/client.ts';
import { liveEvents, type LiveEvent, type LiveEvents } from './live-events.ts';
import { internalReport, overlayReport, type OverlayReport } from './problems.ts';
import { watchProject } from './watch.ts';
import { readContentFile } from '../load/content-file.ts';
import { decodeText } from '../load/encoding.ts';
import { MAX_FILE_BYTES } from '../validate/limits.ts';
import { outputFileFor, routeFromPath } from '../url.ts';

export interface DevOptions {
  /** The project folder. */
  root: string;
  /** Default 8080; 0 picks a free one. */
  port?: number;
  host?: string;
  /** Overrides site.yaml's baseUrl. */
  baseUrl?: string;
  /** What happened, for the terminal. */
  report?: (event: DevReport) => void;
}

/** What the terminal hears about. */
export type DevReport =
  | { kind: 'built'; changed: readonly string[]; result: DevBuild; reloaded: number }
  | { kind: 'failed'; changed: readonly string[]; diagnostics: readonly Diagnostic[] }
  | { kind: 'crashed'; changed: readonly string[]; error: unknown }
  /** Media left for after the reload: `started` lists them; each photo, then the share cards, says when `made`. */
  | { kind: 'media'; progress: MediaProgress }
  | { kind: 'watch-error'; error: Error };

export interface DevServer {
  url: string;
  port: number;
  /** Settles when no rebuild is running or waiting (for tests and the bench). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** The endpoints the dev server adds, under a prefix no page route can take (routes are lowercase words). */
const PREFIX = '/__site/';
const SCRIPT_TAG = `<script type="module" src="${PREFIX}live.js"></script>`;

export async function startDev(options: DevOptions): Promise<DevServer> {
  const root = resolve(options.root);
  const report = options.report ?? (() => {});
  // Drafts and future posts are shown (marked by the post template), so an editor sees them before they go live.
  // On a thread of its own, so pages, events and the overlay are served while a build runs.
  // A page whose own file has errors keeps only itself back (keepGoing): its tab shows its problems, every other page updates.
  // Photos and share cards the cache lacks are made after the reload (deferMedia), a photo shown by a quick stand-in meanwhile.
  const builder = devBuilder({ root, write: false, drafts: true, keepGoing: true, deferMedia: true, ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}), editorSchemas: true });
  const live = liveEvents();

  let files = new Map<string, string | Uint8Array>();
  let routes = new Set<string>();
  let buildId = 0;
  /** Problems that stopped the whole build, shown on every tab. */
  let problems: OverlayReport | null = null;
  /** Problems of single pages' own files, by the page's route, shown on that page's tab only. */
  let pageProblems = new Map<string, OverlayReport>();
  /** Files served as stand-ins (a photo's variants) or named but not made yet (share cards), until made. */
  let provisional = new Set<string>();
  /** A build is running; changes that came meanwhile wait in `waiting` to go together. */
  let building = false;
  let waiting: Set<string> | null = null;

  const apply = async (changed: readonly string[] | undefined) => {
    const shown = changed ?? [];
    building = true;
    try {
      const result = await builder.build(changed).finally(() => (building = false));
      const hadProblems = problems !== null;
      const held = pageProblemRoutes(result.diagnostics);
      // A page kept back shows its last good version, if it had one, under its problems.
      const previous = files;
      provisional = new Set(result.later.flatMap((job) => job.paths));
      files = new Map(result.files);
      for (const route of held.keys()) {
        const output = outputFileFor(route);
        if (!files.has(output) && previous.has(output)) files.set(output, previous.get(output)!);
      }
      const before = routes;
      routes = new Set(result.routes);
      problems = null;
      pageProblems = new Map([...held].map(([route, list]) => [route, overlayReport(list, (file) => readText(root, file))]));
      buildId++;
      const rebuilt = new Set(result.renderedRoutes);
      // Anything but page files (a template, the stylesheet, an image, the redirects) can change any page.
      const everything = hadProblems || changed === undefined || changed.some((path) => !isOnePagesFile(path));
      const reloaded = live.send({ name: 'reload', data: String(buildId) }, everything ? undefined : (route) => rebuilt.has(route) || !routes.has(route) || !before.has(route));
      // A tab of a page kept back is not reloaded to a page that did not change: it is told why.
      for (const [route, report] of pageProblems) live.send({ name: 'problems', data: JSON.stringify(report) }, (tab) => tab === route);
      report({ kind: 'built', changed: shown, result, reloaded });
      media.start(result.build, result.later);
    } catch (error) {
      problems = error instanceof ContentError ? overlayReport(error.diagnostics, (file) => readText(root, file)) : internalReport(error);
      live.send({ name: 'problems', data: JSON.stringify(problems) });
      report(error instanceof ContentError ? { kind: 'failed', changed: shown, diagnostics: error.diagnostics } : { kind: 'crashed', changed: shown, error });
    }
  };

  // Photos and cards the last build that worked left for later, made after its reload.
  const media = laterMedia({
    make: (build, job) => builder.make(build, job),
    busy: () => building || waiting !== null,
    serve(made) {
      // A new map and set, never changed in place: a request being answered keeps the view it took.
      const next = new Map(files);
      const still = new Set(provisional);
      for (const [path, contents] of made.files) {
        if (!still.delete(path)) continue;
        next.set(path, contents);
      }
      [files, provisional] = [next, still];
    },
    reload: (paths) =>
      live.send({ name: 'reload', data: String(buildId) }, (route) => {
        const page = files.get(outputFileFor(route));
        return page !== undefined && paths.some((path) => String(page).includes(`/${path}`));
      }),
    tell: (text) => live.send({ name: 'progress', data: text }),
    report: (progress) => report({ kind: 'media', progress }),
    crashed: (error) => report({ kind: 'crashed', changed: [], error }),
  });

  // One rebuild at a time; changes that arrive meanwhile wait and go together.
  let running: Promise<void> = apply(undefined);
  const queue = (paths: string[]) => {
    if (waiting) {
      for (const path of paths) waiting.add(path);
      return;
    }
    waiting = new Set(paths);
    running = running.then(() => {
      const batch = [...waiting!];
      waiting = null;
      return apply(batch).then(() => media.resume());
    });
  };
  await running;

  const greeting = (route: string): LiveEvent[] => {
    const shown = problems ?? pageProblems.get(route);
    const progress = media.progress();
    return [
      { name: 'hello', data: String(buildId) },
      ...(shown ? [{ name: 'problems' as const, data: JSON.stringify(shown) }] : []),
      ...(progress ? [{ name: 'progress' as const, data: progress }] : []),
    ];
  };
  const hooks = devHooks(live, greeting, () => JSON.stringify(problems ?? allPageProblems(pageProblems)));
  // Read afresh for each request: the files, stand-ins and problems of the build being shown.
  const site = shownSite(() => ({ files, provisional, problems }));
  const server = await serve({ files: site, dev: hooks, port: options.port, host: options.host });
  const watcher = watchProject(root, queue, (error) => report({ kind: 'watch-error', error }));
  await watcher.ready;

  return {
    url: server.url,
    port: server.port,
    async settled() {
      // A batch may still be settling in the watcher; then the chain it joins.
      // Media made after the reload count too: a test sees the files as they stay.
      let seen: Promise<void>;
      let made: Promise<void> | null;
      do {
        seen = running;
        await seen;
        made = media.working();
        await made;
      } while (seen !== running || waiting || made !== media.working());
    },
    async close() {
      await watcher.close();
      live.close();
      await server.close();
      await builder.close();
    },
  };
}

/** The dev server's additions to the preview: its own endpoints under PREFIX, and the reload script in each page. */
function devHooks(live: LiveEvents, greeting: (route: string) => LiveEvent[], problemsJson: () => string): DevHooks {
  const script = liveClientScript();
  return {
    intercept(req, res) {
      const path = (req.url ?? '/').split('?')[0]!;
      if (!path.startsWith(PREFIX)) return false;
      const name = path.slice(PREFIX.length);
      if (name === 'events') live.connect(req, res, greeting);
      else if (name === 'live.js') reply(res, 'text/javascript; charset=utf-8', script);
      else if (name === 'problems.json') reply(res, 'application/json; charset=utf-8', problemsJson());
      else reply(res, 'text/plain; charset=utf-8', 'Not Found\n', 404);
      return true;
    },
    page(html) {
      const text = html.toString('utf8');
      const at = text.lastIndexOf('</head>');
      return Buffer.from(at === -1 ? text + SCRIPT_TAG : text.slice(0, at) + SCRIPT_TAG + text.slice(at));
    },
  };
}

/** The build being shown, as the preview server reads it: one view per request, never changed under it. */
function shownSite(shown: () => { files: ReadonlyMap<string, string | Uint8Array>; provisional: ReadonlySet<string>; problems: OverlayReport | null }): SiteFiles {
  return {
    current: async () => {
      const { files, provisional, problems } = shown();
      // Nothing has built yet: the overlay still needs a page to sit on.
      if (files.size === 0) return problems ? problemsOnly() : null;
      return {
        label: 'the dev build',
        has: (rel) => files.has(rel),
        read: async (rel) => Buffer.from(files.get(rel)!),
        provisional: (rel) => provisional.has(rel),
      };
    },
  };
}

/** The diagnostics of each page whose own file has an error, by the page's route. */
function pageProblemRoutes(diagnostics: readonly Diagnostic[]): Map<string, Diagnostic[]> {
  const failing = new Set(diagnostics.filter((d) => d.severity === 'error').map((d) => d.file));
  const byRoute = new Map<string, Diagnostic[]>();
  for (const file of failing) {
    const route = isOnePagesFile(file) ? routeFromPath(file.slice(PAGES_DIR.length + 1)) : null;
    if (route !== null) byRoute.set(route, diagnostics.filter((d) => d.file === file));
  }
  return byRoute;
}

/** Every page's problems in one report, for /__site/problems.json. */
function allPageProblems(pageProblems: ReadonlyMap<string, OverlayReport>): OverlayReport {
  const problems = [...pageProblems.values()].flatMap((report) => report.problems);
  return problems.length === 0 ? { summary: 'no problems', problems: [] } : { summary: `${[...pageProblems.values()].map((r) => r.summary).join('; ')}`, problems };
}


/** The text around a problem, read as the build reads content: never a pipe, never without bound. */
function readText(root: string, file: string): string | null {
  const read = readContentFile(root, file, MAX_FILE_BYTES);
  return read === null || 'refused' in read ? null : decodeText(read.bytes).text;
}

function reply(res: import('node:http').ServerResponse, type: string, body: string, status = 200): void {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

/** Before any build has worked, every page is a blank one that carries the overlay. */
function problemsOnly() {
  const page = Buffer.from(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Build problems</title></head><body></body></html>`);
  return {
    label: 'no build yet',
    has: (rel: string) => rel.endsWith('.html'),
    read: async () => page,
  };
}
