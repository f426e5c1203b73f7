// The browser editor's configuration (Decap CMS's config.yml), made from the theme and
// the project's files, never kept by hand: site.yaml and the redirects as settings; the
// pages of each template in each folder as a collection of that folder's files; the
// fields of each as their schema says. A theme change (a field added, a limit changed) or
// a page in a new folder changes it on the next build or dev start. Pure.
import { pageSchema, redirectsFile } from '../contracts/content-schema.ts';
import { PAGES_DIR, REDIRECTS_FILES, SITE_FILE, STATIC_DIR } from '../contracts/project.ts';
import type { Theme } from '../contracts/theme.ts';
import { editorSchema } from '../validate/json-schema.ts';
import { nameAsWords, type JsonSchema } from '../scaffold/schema-words.ts';
import { cmsFields, type CmsField } from './fields.ts';

/** Where pictures uploaded in the editor go, below static/, and the path they are served at. */
export const UPLOADS = 'images';

/** A page file of the project and its template, as the loader read them. */
export interface PageFile {
  /** Project-relative, e.g. `pages/gta/ajax.yaml`. */
  file: string;
  template: string;
}

/** Where the editor reads and commits online; the local editor (`site dev`) uses the project's files instead. */
export interface CmsBackend {
  /** `owner/name` of the GitHub repository. */
  repo: string;
  branch: string;
  /** The OAuth service that logs editors in (Netlify's by default). */
  authUrl?: string;
}

export interface CmsCollection {
  name: string;
  label: string;
  label_singular?: string;
  description?: string;
  folder?: string;
  extension?: string;
  format?: string;
  create?: boolean;
  delete?: boolean;
  slug?: string;
  identifier_field?: string;
  summary?: string;
  filter?: { field: string; value: string };
  files?: { name: string; label: string; file: string; fields: CmsField[] }[];
  fields?: CmsField[];
}

export interface CmsConfig {
  backend: { name: string; repo: string; branch: string; base_url?: string; commit_messages?: Record<string, string> };
  media_folder: string;
  public_folder: string;
  site_url?: string;
  display_url?: string;
  slug: { encoding: string; clean_accents: boolean };
  collections: CmsCollection[];
}

/** The whole configuration. `pages` are the project's page files (the redirects file excepted). */
export function cmsConfig(theme: Theme, pages: readonly PageFile[], backend: CmsBackend, siteUrl?: string): CmsConfig {
  return {
    backend: {
      name: 'github',
      repo: backend.repo,
      branch: backend.branch,
      ...(backend.authUrl ? { base_url: backend.authUrl } : {}),
      // Commits an office manager can read in the repository's history.
      commit_messages: {
        create: 'Add {{collection}} "{{slug}}" (from the editor)',
        update: 'Update {{collection}} "{{slug}}" (from the editor)',
        delete: 'Remove {{collection}} "{{slug}}" (from the editor)',
        uploadMedia: 'Add picture {{path}} (from the editor)',
        deleteMedia: 'Remove picture {{path}} (from the editor)',
      },
    },
    media_folder: `${STATIC_DIR}/${UPLOADS}`,
    public_folder: `/${UPLOADS}`,
    ...(siteUrl ? { site_url: siteUrl, display_url: siteUrl } : {}),
    // File names as a URL has them: lower case ASCII, so a new page's route is the one its title suggests.
    slug: { encoding: 'ascii', clean_accents: true },
    collections: [settingsCollection(theme), ...pageCollections(theme, pages)],
  };
}

/** site.yaml and the redirects, each a form of its own. */
function settingsCollection(theme: Theme): CmsCollection {
  return {
    name: 'settings',
    label: 'Settings',
    description: 'The business, its phones and hours, and the redirects of old addresses.',
    files: [
      { name: 'site', label: 'Site settings', file: SITE_FILE, fields: cmsFields(editorSchema(theme.siteSchema)) },
      { name: 'redirects', label: 'Redirects', file: REDIRECTS_FILES[0]!, fields: cmsFields(editorSchema(redirectsFile)) },
    ],
  };
}

/**
 * One collection per template and folder, in the order the folders and templates first appear: a folder
 * holding pages of several templates (pages/ itself) shows each template's apart, filtered by `template`.
 * A template used by one page alone in its folder is a form of the `pages` collection instead.
 */
function pageCollections(theme: Theme, pages: readonly PageFile[]): CmsCollection[] {
  // One list of fields per template, shared by its collections: written once in config.yml, then referred to.
  const fieldsByTemplate = new Map<string, CmsField[]>();
  const fieldsOf = (template: string) => fieldsByTemplate.get(template) ?? fieldsByTemplate.set(template, templateFields(theme, template)).get(template)!;
  const groups = new Map<string, { folder: string; template: string; files: string[] }>();
  for (const page of [...pages].sort((a, b) => (a.file < b.file ? -1 : 1))) {
    if (!theme.templates[page.template] || REDIRECTS_FILES.includes(page.file)) continue;
    const folder = page.file.slice(0, page.file.lastIndexOf('/'));
    const key = `${folder}\n${page.template}`;
    const group = groups.get(key) ?? { folder, template: page.template, files: [] };
    group.files.push(page.file);
    groups.set(key, group);
  }
  const single = [...groups.values()].filter((g) => g.files.length === 1 && !theme.templates[g.template]!.markdown);
  const collections: CmsCollection[] = [];
  if (single.length > 0) {
    collections.push({
      name: 'pages',
      label: 'Pages',
      description: 'Pages of their own kind: the home page, about, contact and the like.',
      files: single.map((g) => ({
        name: g.files[0]!.slice(PAGES_DIR.length + 1)
          .replace(/\.ya?ml$/, '')
          .replace(/[^A-Za-z0-9]+/g, '-'),
        label: labelOfFile(g.files[0]!),
        file: g.files[0]!,
        fields: fieldsOf(g.template),
      })),
    });
  }
  for (const group of groups.values()) {
    if (single.includes(group)) continue;
    const own = theme.templates[group.template]!;
    const where = group.folder === PAGES_DIR ? '' : group.folder.slice(PAGES_DIR.length + 1);
    const kind = capital(nameAsWords(group.template));
    const markdown = own.markdown !== undefined;
    collections.push({
      name: [group.template, ...where.split('/').filter(Boolean)].join('-').replace(/[^A-Za-z0-9-]+/g, '-'),
      label: where ? `${kind} pages: ${where}` : `${kind} pages`,
      label_singular: `${kind} page`,
      folder: group.folder,
      extension: markdown ? 'md' : extensionOf(group.files),
      format: markdown ? 'frontmatter' : 'yml',
      create: true,
      delete: true,
      slug: '{{slug}}',
      identifier_field: 'title',
      summary: '{{title}}',
      // pages/ holds several templates' pages: each collection lists its own.
      filter: { field: 'template', value: group.template },
      fields: fieldsOf(group.template),
    });
  }
  return collections;
}

/** Fields every page has, which the engine adds to each template's: after the template's own in the form. */
const ENGINE_FIELDS = ['draft', 'noindex', 'collections'];

/**
 * A template's fields as a new page is written: `template` first as every page starts, then what the
 * page says, then the engine's own fields, and a Markdown page's body last, as its file ends. A new
 * Markdown page starts as a draft dated today, as `site new` writes it.
 */
function templateFields(theme: Theme, template: string): CmsField[] {
  const own = theme.templates[template]!;
  const fields = cmsFields(editorSchema(pageSchema(template, own, theme.collections)) as JsonSchema);
  const rank = (f: CmsField) => (f.name === 'template' ? 0 : ENGINE_FIELDS.includes(f.name) ? 2 : 1);
  const ordered = [...fields].sort((a, b) => rank(a) - rank(b));
  if (!own.markdown) return ordered;
  const date = own.markdown.date;
  return [
    ...ordered.map((f) => (f.name === 'draft' ? { ...f, default: true } : f.name === date && f.widget === 'datetime' ? { ...f, default: '{{now}}' } : f)),
    { name: 'body', label: 'Text', widget: 'markdown', hint: 'The page itself, in Markdown: a blank line starts a new paragraph.' },
  ];
}

/** Files of a folder are `.yaml` or `.yml` as the folder already has them; `.yaml` when they differ. */
function extensionOf(files: string[]): string {
  return files.every((f) => f.endsWith('.yml')) ? 'yml' : 'yaml';
}

function labelOfFile(file: string): string {
  const name = file.slice(PAGES_DIR.length + 1).replace(/\.ya?ml$/, '');
  return name === 'index' ? 'Home page' : `${capital(nameAsWords(name))} page`;
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
