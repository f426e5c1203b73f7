// `site check <files…>`: the whole site is checked as always (a page's links
// can only be judged against every other page), and the report keeps to the
// named files: their own problems, and problems elsewhere that are about them.
import { existsSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { relativePath } from '../folders.ts';
import { diagnostic, stopsRendering, type Diagnostic } from '../contracts/diagnostics.ts';
import { PAGES_DIR, STATIC_DIR } from '../contracts/project.ts';
import { normaliseLinkPath, routeFromPath } from '../url.ts';

/** A file or folder to report on, project-relative with forward slashes (`''` for the project itself). */
export interface NamedFile {
  path: string;
  /** A folder stands for every file below it. */
  folder: boolean;
}

/** The named paths (absolute, or relative to `root`) as project files, or why some cannot be checked. */
export function namedFiles(root: string, paths: readonly string[]): { named: NamedFile[]; problems: Diagnostic[] } {
  const named: NamedFile[] = [];
  const problems: Diagnostic[] = [];
  for (const path of paths) {
    const absolute = resolve(root, path);
    const inProject = relativePath(root, absolute);
    if (inProject === '..' || inProject.startsWith('../') || isAbsolute(inProject)) {
      problems.push(diagnostic('named-file', { file: path }, { why: 'outside', root }));
    } else if (!existsSync(absolute)) {
      problems.push(diagnostic('named-file', { file: inProject }, { why: 'missing', root }));
    } else {
      named.push({ path: inProject, folder: statSync(absolute).isDirectory() });
    }
  }
  return { named, problems };
}

/**
 * Whether a diagnostic concerns the named files: it is in one of them; or it
 * is about a route one of them serves (a link to the page, another file
 * claiming its route) or about one of them (a template that threw, on any
 * page); or it stopped every page from rendering (site.yaml, the theme), so
 * the named files could not be checked through.
 */
export function concerning(named: readonly NamedFile[]): (d: Diagnostic) => boolean {
  const covers = (file: string) => named.some((n) => file === n.path || (n.folder && (n.path === '' || file.startsWith(`${n.path}/`))));
  const serves = (route: string) => named.some((n) => (n.folder ? routeIsBelow(route, n.path) : routeOf(n.path) === route));
  return (d) =>
    covers(d.file) ||
    stopsRendering(d) ||
    (d.subject !== undefined && (covers(d.subject) || (d.subject.startsWith('/') && serves(normaliseLinkPath(d.subject)))));
}

/** The public path a project file serves: a page's route, a static file's path; `null` for other files. */
function routeOf(file: string): string | null {
  if (file.startsWith(`${PAGES_DIR}/`)) return routeFromPath(file.slice(PAGES_DIR.length + 1));
  if (file.startsWith(`${STATIC_DIR}/`)) return file.slice(STATIC_DIR.length);
  return null;
}

/** Whether a file in `folder` would serve `route`: `pages/services` serves `/services/…`, `static/images` serves `/images/…`. */
function routeIsBelow(route: string, folder: string): boolean {
  if (folder === '' || folder === PAGES_DIR || folder === STATIC_DIR) return true;
  for (const base of [PAGES_DIR, STATIC_DIR]) {
    if (folder.startsWith(`${base}/`)) return route.startsWith(`${folder.slice(base.length)}/`);
  }
  return false;
}
