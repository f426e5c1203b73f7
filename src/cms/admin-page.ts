// The editor's page at /admin/editor (/admin leads there), its files beside it: Decap CMS's script from the site itself (never a third-party CDN),
// its configuration named by a link, and kept out of search engines.
import { createRequire } from 'node:module';
import { keptFile } from '../write/write.ts';
import { dirname, join, sep } from 'node:path';
import { decapCopy } from './decap-copy.ts';
import type { OutputEntry } from '../contracts/output.ts';
import type { Theme } from '../contracts/theme.ts';
import type { PageEntry } from '../contracts/model.ts';
import { perObject } from '../memo.ts';
import { cmsConfig, type CmsBackend, type CmsConfig } from './config.ts';
import { previewScript, type PreviewHeads } from './browser/preview.ts';

/** Where the editor is found: a redirect to its page. */
export const ADMIN_ROUTE = '/admin';
/** The folder of its files: its page, Decap's files, its configuration and the previews' script. */
export const ADMIN_FOLDER = `${ADMIN_ROUTE}/`;
/**
 * The editor's page, a file of its folder rather than the folder's index: the site's page headers
 * go to `/:page`, which Netlify reads as `/admin/` too (src/extras/headers-file.ts).
 */
export const ADMIN_PAGE = `${ADMIN_FOLDER}editor`;
/** The file of Decap CMS's package that starts it; it loads its other parts from beside itself. */
export const DECAP_SCRIPT = 'decap-cms.js';
/** Where the previews ask `site dev` for the page a form would make (src/dev/admin.ts); online nothing answers there. */
export const PREVIEW_API = '/admin/api/preview';
/** The engine's own script for the previews (src/cms/browser/preview.ts), made with the site's heads. */
export const PREVIEW_SCRIPT = 'preview.js';

/** The editor's page: no inline code, so a policy of `script-src 'self'` holds for it as for the site. */
export function adminPage(): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<link rel="icon" href="data:,">
<title>Edit the site</title>
<link rel="cms-config-url" type="text/yaml" href="${ADMIN_FOLDER}config.yml">
</head>
<body>
<script src="${ADMIN_FOLDER}${DECAP_SCRIPT}"></script>
<script src="${ADMIN_FOLDER}${PREVIEW_SCRIPT}"></script>
</body>
</html>
`;
}

/** Decap CMS's script, the parts it loads from beside itself, and their licence. */
export const DECAP_FILE = /^(?:\d+\.)?decap-cms\.js$|^[0-9a-f]+\.wasm$|^decap-cms\.js\.LICENSE\.txt$/;

/**
 * The editor's own policy: Decap CMS compiles its configuration's checks into functions (ajv, hence
 * 'unsafe-eval'), styles itself with <style> elements it writes (emotion) and reads uploaded pictures
 * as blob: and data: URLs. Online it reads and commits through GitHub's API and shows the editor's
 * avatar from GitHub; everything else comes from the site itself.
 */
export const ADMIN_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://avatars.githubusercontent.com",
  "media-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' blob: https://api.github.com",
  "frame-src 'self' blob:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The headers of the editor's page and files online, in place of the site's page headers: its policy,
 * an opener policy that lets the login window (GitHub's, through Netlify or the site's own
 * OAuth helper) answer the page that opened it, and no indexing.
 */
export const ADMIN_HEADERS: Record<string, string> = {
  'Content-Security-Policy': ADMIN_POLICY,
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  'X-Robots-Tag': 'noindex, nofollow',
};

/** The folder of Decap CMS's built files, found from the engine as its other packages are. */
export function decapFolder(): string | undefined {
  try {
    return dirname(createRequire(import.meta.url).resolve('decap-cms'));
  } catch {
    return undefined;
  }
}

/**
 * Decap's files as output files, listed once per process: linked from the copy decap-copy.ts keeps in the
 * cache folder of the node_modules Decap is installed in, or copied by the file system from the package
 * itself when no such copy can be made (never linked from it: a tool that rewrites dist/ in place would
 * rewrite the package with it). The build never reads their 6.5 MB.
 */
let decapEntries: OutputEntry[] | undefined;
function decapFiles(): OutputEntry[] {
  if (decapEntries) return decapEntries;
  const folder = decapFolder();
  if (!folder) throw new Error('The decap-cms package is missing: run npm ci.');
  const modules = folder.lastIndexOf(`${sep}node_modules${sep}`);
  const cacheRoot = modules >= 0 ? join(folder.slice(0, modules), 'node_modules', '.cache', 'site') : undefined;
  const { files, own } = decapCopy(folder, DECAP_FILE, cacheRoot);
  const folderPath = ADMIN_FOLDER.slice(1);
  decapEntries = files.map(({ name, file, size }) => keptFile(`${folderPath}${name}`, { file, size, ...(own ? { copied: true } : {}) }));
  return decapEntries;
}

/** The editor's page and configuration as output files, and Decap's own files when `withDecap` (`site dev` serves them from the package). */
export function adminFiles(theme: Theme, pages: readonly PageEntry[], backend: CmsBackend, siteUrl: string, withDecap = true): OutputEntry[] {
  const files = pages.map((p) => ({ file: p.file, template: p.template }));
  const { config, text } = configOf(theme)(JSON.stringify([files, backend, siteUrl]), () => cmsConfig(theme, files, backend, siteUrl));
  const folder = ADMIN_FOLDER.slice(1);
  // Each form's preview checks the head fields of its template: a folder collection names it in its filter,
  // a form of a single file is that file's page's.
  const templateOf = new Map(pages.map((p) => [p.file, p.template]));
  const forms = config.collections.flatMap((c) =>
    c.fields ? [{ name: c.name, template: c.filter?.value }] : (c.files ?? []).map((f) => ({ name: f.name, template: templateOf.get(f.file) })),
  );
  const heads: PreviewHeads = {
    api: PREVIEW_API,
    collections: Object.fromEntries(
      forms.flatMap(({ name, template }) => (template && theme.templates[template] ? [[name, headFields(theme.templates[template])]] : [])),
    ),
    pages: pages.map((p) => ({ file: p.file, title: p.head.title, description: p.head.description })),
  };
  return [
    { path: `${folder}${PREVIEW_SCRIPT}`, contents: previewScript(heads) },
    { path: `${ADMIN_PAGE.slice(1)}.html`, contents: adminPage() },
    { path: `${folder}config.yml`, contents: text },
    ...(withDecap ? decapFiles() : []),
  ];
}

/**
 * The configuration for a theme and a list of page files, and its text: made again only when the theme
 * (a template edit), a page's template or the list of files changes, not on every edit of a page's text
 * (making it takes 20 ms). Written as JSON, which YAML reads as it is: a YAML writer took 100 ms for
 * its half a megabyte. Written by the engine on every build: edits to it are lost (docs/editing-online.md).
 */
const configOf = perObject((_theme: Theme) => {
  let last: { key: string; config: CmsConfig; text: string } | undefined;
  return (key: string, make: () => CmsConfig) => {
    if (last?.key !== key) {
      const config = make();
      last = { key, config, text: `# Generated by the site build from the theme's schemas; do not edit.\n${JSON.stringify(config, null, 1)}\n` };
    }
    return last;
  };
});

/** The fields a page's title and description come from: a Markdown template says; every other page has `title` and `description`. */
function headFields(template: Theme['templates'][string]): PreviewHeads['collections'][string] {
  return template.markdown
    ? { title: [...template.markdown.head.title], description: template.markdown.head.description }
    : { title: ['title'], description: 'description' };
}
