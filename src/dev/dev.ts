// `site dev`: build, serve, watch, rebuild, reload. The build lives in memory
// (dist/ is never touched); the preview server serves it with the CDN's
// semantics; a change rebuilds only what it affects (see createBuilder) and the
// open tabs of the pages that changed reload by themselves. A build that fails
// keeps the last good one on screen, under an overlay with the problems.
import { resolve } from 'node:path';
import { devBuilder, type DevBuild, type DevBuilder } from './build-thread.ts';
import { laterMedia, type LaterMedia } from './later-media.ts';
import type { MediaProgress } from './media-progress.ts';
import { ContentError, type Diagnostic } from '../contracts/diagnostics.ts';
import { serve, type DevHooks, type SiteFiles } from '../serve/server.ts';
import { liveClientScript } from './browser/client.ts';
import { liveEvents, type LiveEvent, type LiveEvents } from './live-events.ts';
import { internalReport, overlayReport, type OverlayReport } from './problems.ts';
import { rebuildQueue, type RebuildQueue } from './rebuild-queue.ts';
import {
  greeting,
  namesAny,
  NOTHING_SHOWN,
  problemsJson,
  showBuild,
  showProblems,
  tabsToReload,
  updatedRoutes,
  withMade,
  type ShownBuild,
} from './shown-build.ts';
import { filePrints, movedWithinRecheck, watchProject } from './watch.ts';
import { readContentFile } from '../load/content-file.ts';
import { decodeText } from '../load/encoding.ts';
import { MAX_FILE_BYTES } from '../validate/limits.ts';
import { cmsBackend } from '../cms/backend.ts';
import { adminRoutes } from './admin.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';

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
  /** `updated`: how many pages the tabs see changed (see updatedRoutes). */
  | { kind: 'built'; changed: readonly string[]; result: DevBuild; reloaded: number; updated: number }
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
  const session: DevSession = {
    shown: NOTHING_SHOWN,
    building: false,
    // Drafts and pages dated later are shown (marked by their templates), so an editor sees them before they go live.
    // On a thread of its own, so pages, events and the overlay are served while a build runs.
    // A page whose own file has errors keeps only itself back (keepGoing): its tab shows its problems, every other page updates.
    // Photos and share cards the cache lacks are made after the reload (deferMedia), a photo shown by a quick stand-in meanwhile.
    builder: devBuilder({
      root,
      write: false,
      drafts: true,
      keepGoing: true,
      deferMedia: true,
      ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
      editorSchemas: true,
      cms: cmsBackend(root),
    }),
    live: liveEvents(),
    report: options.report ?? (() => {}),
    overlay: (diagnostics) => overlayReport(diagnostics, (file) => readText(root, file)),
  };
  const { builder, live, report } = session;
  const media = mediaAfterReload(session, () => session.building || queue.waiting());
  const apply = rebuilder(root, session, media, (paths) => queue.add(paths));
  const queue = rebuildQueue(apply(undefined), (batch) => apply(batch).then(() => media.resume()));
  await queue.running();

  const hooks = devHooks(
    live,
    (route) => greeting(session.shown, route, media.progress()),
    () => problemsJson(session.shown),
    adminRoutes(root, { built: (path) => session.shown.files.get(path), preview: (file, text) => session.builder.preview(file, text) }),
  );
  // Read afresh for each request: the files, stand-ins and problems of the build being shown.
  const site = shownSite(() => session.shown);
  const server = await serve({ files: site, dev: hooks, port: options.port, host: options.host });
  const watcher = watchProject(root, queue.add, (error) => report({ kind: 'watch-error', error }));
  await watcher.ready;

  return {
    url: server.url,
    port: server.port,
    settled: () => settled(queue, media),
    async close() {
      await watcher.close();
      live.close();
      await server.close();
      await builder.close();
    },
  };
}

/** What the parts of a dev server share. */
interface DevSession {
  /** The build being shown, replaced whole on every change. */
  shown: ShownBuild;
  /** A build is running. */
  building: boolean;
  readonly builder: DevBuilder;
  readonly live: LiveEvents;
  readonly report: (event: DevReport) => void;
  /** Problems as the overlay shows them, with the lines around each. */
  readonly overlay: (diagnostics: readonly Diagnostic[]) => OverlayReport;
}

/**
 * Builds again for `changed` (undefined: everything) and shows the result: the new build, with the tabs
 * of what changed reloaded and its media started, or the problems that stopped it, over the last one.
 */
function rebuilder(
  root: string,
  session: DevSession,
  media: LaterMedia,
  again: (paths: string[]) => void,
): (changed: readonly string[] | undefined) => Promise<void> {
  const { builder, live, report } = session;
  return async (changed) => {
    const shown = changed ?? [];
    // Problems are shown once the files just saved have stayed as the build read them through the watcher's recheck:
    // a save written in two steps (truncated, then written) read between them would flash its half's problems.
    const since = Date.now();
    const prints = filePrints(root, shown);
    const halfSaved = async () => {
      if (shown.length === 0 || !(await movedWithinRecheck(root, prints, since))) return false;
      // The recheck, or chokidar, brings the rest; asked again here too, should both have looked too early.
      again([...shown]);
      return true;
    };
    session.building = true;
    try {
      const result = await builder.build(changed).finally(() => (session.building = false));
      const before = session.shown;
      const after = showBuild(before, result, session.overlay);
      // A build of half a save is not shown: its problems would flash in the tab and the terminal, and its tabs
      // reload to a page kept back. The next build, of the whole save, is shown in its place, its tabs reloaded
      // for what changed since the build they show.
      if (after.pageProblems.size > 0 && (await halfSaved())) return;
      session.shown = after;
      const updated = updatedRoutes(before, after);
      const reloaded = live.send({ name: 'reload', data: String(after.id) }, tabsToReload(before, after, changed, updated));
      // A tab of a page kept back is not reloaded to a page that did not change: it is told why.
      for (const [route, problems] of after.pageProblems) live.send({ name: 'problems', data: JSON.stringify(problems) }, (tab) => tab === route);
      report({ kind: 'built', changed: shown, result, reloaded, updated: updated.size });
      media.start(result.build, result.later);
    } catch (error) {
      if (error instanceof ContentError && (await halfSaved())) return;
      const problems = error instanceof ContentError ? session.overlay(error.diagnostics) : internalReport(error);
      session.shown = showProblems(session.shown, problems);
      live.send({ name: 'problems', data: JSON.stringify(problems) });
      report(error instanceof ContentError ? { kind: 'failed', changed: shown, diagnostics: error.diagnostics } : { kind: 'crashed', changed: shown, error });
    }
  };
}

/** Photos and cards the last build that worked left for later, made after its reload; none starts while `busy`. */
function mediaAfterReload(session: DevSession, busy: () => boolean): LaterMedia {
  const { builder, live, report } = session;
  return laterMedia({
    make: (build, job) => builder.make(build, job),
    busy,
    serve(made) {
      session.shown = withMade(session.shown, made);
    },
    reload: (paths) => live.send({ name: 'reload', data: String(session.shown.id) }, (route) => namesAny(session.shown, route, paths)),
    tell: (text) => live.send({ name: 'progress', data: text }),
    report: (progress) => report({ kind: 'media', progress }),
    crashed: (error) => report({ kind: 'crashed', changed: [], error }),
  });
}

/** Settles when no rebuild is running or waiting and no media are being made, for tests and the bench. */
async function settled(queue: RebuildQueue, media: LaterMedia): Promise<void> {
  // A batch may still be settling in the watcher; then the chain it joins.
  // Media made after the reload count too: a test sees the files as they stay.
  let seen: Promise<void>;
  let made: Promise<void> | null;
  do {
    seen = queue.running();
    await seen;
    made = media.working();
    await made;
  } while (seen !== queue.running() || queue.waiting() || made !== media.working());
}

/** The dev server's additions to the preview: its own endpoints under PREFIX, and the reload script in each page. */
function devHooks(
  live: LiveEvents,
  greeting: (route: string) => LiveEvent[],
  problemsJson: () => string,
  admin: (req: IncomingMessage, res: ServerResponse) => boolean,
): DevHooks {
  const script = liveClientScript();
  return {
    intercept(req, res) {
      if (admin(req, res)) return true;
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
function shownSite(shown: () => ShownBuild): SiteFiles {
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
