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

/** Whether a project file is one page's own file, whose problems keep only that page out. */
export function isPageFile(file: string): boolean {
  return file.startsWith(`${PAGES_DIR}/`);
}
