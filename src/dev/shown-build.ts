// The build the dev server shows: the files it serves, the routes it has, the problems its tabs are
// told and the files standing in for media not made yet. Every change makes a new one rather than
// changing it in place, so a request being answered keeps the view it took. Pure: these functions say
// how each change (a build that worked, one that failed, a photo made) makes the next view.
import type { Diagnostic } from '../contracts/diagnostics.ts';
import { isOnePagesFile, PAGES_DIR } from '../contracts/project.ts';
import { outputFileFor, routeFromPath } from '../url.ts';
import type { DevBuild, DevMade } from './build-thread.ts';
import type { LiveEvent } from './live-events.ts';
import type { OverlayReport } from './problems.ts';

export interface ShownBuild {
  /** Output files by path. */
  files: ReadonlyMap<string, string | Uint8Array>;
  /** The routes of its pages. */
  routes: ReadonlySet<string>;
  /** Counts the builds that worked: a tab that reconnects to another id shows an old page. */
  id: number;
  /** Problems that stopped the whole build, shown on every tab. */
  problems: OverlayReport | null;
  /** Problems of single pages' own files, by the page's route, shown on that page's tab only. */
  pageProblems: ReadonlyMap<string, OverlayReport>;
  /** Files served as stand-ins (a photo's variants) or named but not made yet (share cards), until made. */
  provisional: ReadonlySet<string>;
}

/** Before the first build. */
export const NOTHING_SHOWN: ShownBuild = { files: new Map(), routes: new Set(), id: 0, problems: null, pageProblems: new Map(), provisional: new Set() };

/** A build that worked, in place of `shown`; `overlay` makes a page's problems into what its tab shows. */
export function showBuild(shown: ShownBuild, result: DevBuild, overlay: (diagnostics: readonly Diagnostic[]) => OverlayReport): ShownBuild {
  const held = pageProblemRoutes(result.diagnostics);
  // A page kept back shows its last good version, if it had one, under its problems.
  const files = new Map(result.files);
  for (const route of held.keys()) {
    const output = outputFileFor(route);
    if (!files.has(output) && shown.files.has(output)) files.set(output, shown.files.get(output)!);
  }
  return {
    files,
    routes: new Set(result.routes),
    id: shown.id + 1,
    problems: null,
    pageProblems: new Map([...held].map(([route, list]) => [route, overlay(list)])),
    provisional: new Set(result.later.flatMap((job) => job.paths)),
  };
}

/** A build that problems stopped: the last build that worked stays, under them. */
export function showProblems(shown: ShownBuild, problems: OverlayReport): ShownBuild {
  return { ...shown, problems };
}

/**
 * The routes whose pages `after` changed from `before`: those whose bytes differ, added or removed. A page
 * rendered again to the same bytes is not among them: its tab would show what it shows. All pages are compared,
 * not only those the build rendered: a build that followed one never shown (half a save) may not render again
 * what that one changed. A page the build did not render is the same object as before, found equal at once.
 */
export function updatedRoutes(before: ShownBuild, after: ShownBuild): ReadonlySet<string> {
  const updated = new Set<string>();
  for (const route of new Set([...before.routes, ...after.routes])) {
    const output = outputFileFor(route);
    if (!before.routes.has(route) || !after.routes.has(route) || !sameBytes(before.files.get(output), after.files.get(output))) updated.add(route);
  }
  return updated;
}

function sameBytes(a: string | Uint8Array | undefined, b: string | Uint8Array | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || (typeof a === 'string' && typeof b === 'string')) return false;
  const bytes = (x: string | Uint8Array) => (typeof x === 'string' ? Buffer.from(x) : Buffer.from(x.buffer, x.byteOffset, x.byteLength));
  return bytes(a).equals(bytes(b));
}

/**
 * Which tabs reload once `after` replaced `before` (undefined: every tab): those of the pages it updated,
 * any tab of a page `before` did not have, and those of pages whose problems are gone, when only page files changed.
 */
export function tabsToReload(
  before: ShownBuild,
  after: ShownBuild,
  changed: readonly string[] | undefined,
  updated: ReadonlySet<string>,
): ((route: string) => boolean) | undefined {
  // Anything but page files (a template, the stylesheet, an image, the redirects) can change any page,
  // and a tab under the whole build's problems is shown an old page.
  if (before.problems !== null || changed === undefined || changed.some((path) => !isOnePagesFile(path))) return undefined;
  // A page fixed to what it was before its mistake (held back meanwhile, see ValidateOptions.lastGood) has the
  // same bytes: its tab is reloaded all the same, out from under its problems.
  const fixed = (route: string) => before.pageProblems.has(route) && !after.pageProblems.has(route);
  return (route) => updated.has(route) || !before.routes.has(route) || fixed(route);
}

/** What a later-media job made, served in place of its stand-ins; a file no longer provisional (a later build made it) is left alone. */
export function withMade(shown: ShownBuild, made: DevMade): ShownBuild {
  const files = new Map(shown.files);
  const provisional = new Set(shown.provisional);
  for (const [path, contents] of made.files) {
    if (!provisional.delete(path)) continue;
    files.set(path, contents);
  }
  return { ...shown, files, provisional };
}

/** Whether the page at `route` names any of `paths` (a photo's variants), so that its tab shows them once reloaded. */
export function namesAny(shown: ShownBuild, route: string, paths: readonly string[]): boolean {
  const page = shown.files.get(outputFileFor(route));
  return page !== undefined && paths.some((path) => String(page).includes(`/${path}`));
}

/** What a tab hears first when it connects: the build's id, the problems it shows, and how far media are (`progress`). */
export function greeting(shown: ShownBuild, route: string, progress: string): LiveEvent[] {
  const problems = shown.problems ?? shown.pageProblems.get(route);
  return [
    { name: 'hello', data: String(shown.id) },
    ...(problems ? [{ name: 'problems' as const, data: JSON.stringify(problems) }] : []),
    ...(progress ? [{ name: 'progress' as const, data: progress }] : []),
  ];
}

/** The problems shown, for /__site/problems.json: the whole build's, or every page's in one report. */
export function problemsJson(shown: ShownBuild): string {
  return JSON.stringify(shown.problems ?? allPageProblems(shown.pageProblems));
}

/** The diagnostics of each page whose own file has an error, by the page's route. */
function pageProblemRoutes(diagnostics: readonly Diagnostic[]): Map<string, Diagnostic[]> {
  const failing = new Set(diagnostics.filter((d) => d.severity === 'error').map((d) => d.file));
  const byRoute = new Map<string, Diagnostic[]>();
  for (const file of failing) {
    const route = isOnePagesFile(file) ? routeFromPath(file.slice(PAGES_DIR.length + 1)) : null;
    if (route !== null)
      byRoute.set(
        route,
        diagnostics.filter((d) => d.file === file),
      );
  }
  return byRoute;
}

/** Every page's problems in one report. */
function allPageProblems(pageProblems: ReadonlyMap<string, OverlayReport>): OverlayReport {
  const problems = [...pageProblems.values()].flatMap((report) => report.problems);
  return problems.length === 0
    ? { summary: 'no problems', problems: [] }
    : { summary: `${[...pageProblems.values()].map((r) => r.summary).join('; ')}`, problems };
}
