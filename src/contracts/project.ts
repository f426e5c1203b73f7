// The layout of a project, as the engine reads it. These names are the
// engine's own conventions (like a `package.json`), not a site's choices.

/** The site's facts and settings, validated against the theme's site schema. */
export const SITE_FILE = 'site.yaml';
/** One file per page; its path below this folder is its route. */
export const PAGES_DIR = 'pages';
/** Files copied to the output as they are. */
export const STATIC_DIR = 'static';
/** The theme: its entry is `templates/index.ts` (or `.tsx`). */
export const TEMPLATES_DIR = 'templates';
/** JSON Schemas written for editors' YAML extensions. */
export const SCHEMAS_DIR = 'schemas';
/** The theme's entry files, the first that exists wins. */
export const THEME_ENTRIES = [`${TEMPLATES_DIR}/index.ts`, `${TEMPLATES_DIR}/index.tsx`];
/** Redirect rules, data for the engine rather than a page. */
export const REDIRECTS_FILES = [`${PAGES_DIR}/_redirects.yaml`, `${PAGES_DIR}/_redirects.yml`];

/**
 * The engine's own sources, when the engine sits inside the project as it does
 * here: the theme imports its types and helpers, but their errors are the
 * engine's to fix (its own `tsc` checks them), not a template's.
 */
export const ENGINE_DIR = 'src';

/**
 * Whether a path, relative to the project, is the theme's own code: inside the
 * project, outside installed packages and outside the engine. Type errors and
 * stack frames are reported only there.
 */
export function isThemeSource(file: string): boolean {
  const path = file.replace(/\\/g, '/');
  return !path.startsWith('../') && !/^([a-z]:)?\//i.test(path) && !path.split('/').includes('node_modules') && !path.startsWith(`${ENGINE_DIR}/`);
}

/** Whether a project file is one page's own file, whose problems keep only that page out. */
export function isPageFile(file: string): boolean {
  return file.startsWith(`${PAGES_DIR}/`);
}

/** Content the loader reads; any other change (templates, packages) may change the theme. */
export function isContentPath(path: string): boolean {
  return path === SITE_FILE || path.startsWith(`${PAGES_DIR}/`) || path.startsWith(`${STATIC_DIR}/`) || path === PAGES_DIR || path === STATIC_DIR;
}

/** A file under pages/ that is one page's alone: not the redirects, which every page answers to. */
export function isOnePagesFile(file: string): boolean {
  return isPageFile(file) && !REDIRECTS_FILES.includes(file);
}
