// The validate stage (see the steps in src/build.ts): shape first (one schema per kind of file), then the
// engine's rules of meaning. Pure: texts in, resolved model and diagnostics out.
import { posix } from 'node:path';
import { moduleFolder } from '../node-module.js';
import { compareText, diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';
import { PAGES_DIR, REDIRECTS_FILES, SCHEMAS_DIR, SITE_FILE } from '../contracts/project.ts';
import { pageHeader, pageSchema, redirectsFile, type RedirectRule } from '../contracts/content-schema.ts';
import { dayOf, impossibleDate, pageStatus } from './publication.ts';
import type { LoadedContent, SourceFile } from '../load/load.ts';
import { allPages, type MarkdownBody, type PageEntry, type PageHead, type RedirectEntry, type SiteModel, type StaticEntry } from '../contracts/model.ts';
import { isAbsoluteHttpUrl, NOT_FOUND_ROUTE, routeFromPath, ROUTE_SEGMENT } from '../url.ts';
import { compileSchemas, formatPath, type Validator } from './json-schema.ts';
import { fieldAfterFrontMatter, opensFrontMatter, parseKnown, parseYaml, splitFrontMatter, type ParseCache, type ParsedYaml } from './yaml.ts';
import { firstLineOf, type Checked } from '../load/known-texts.ts';
import { defaultsPatch } from './defaults-patch.ts';
import type { MarkdownTemplate, Theme } from '../contracts/theme.ts';
import { countWords } from '../words.ts';
import { collectMembers } from '../collections/members.ts';
import { readOnce } from './file-memory.ts';
import { checkOf, knownPage } from './known-page.ts';
import { perObject } from '../memo.ts';
import { markdownDepth, MAX_FILE_CHARACTERS, MAX_MARKDOWN_DEPTH } from './limits.ts';

export interface ValidateOptions {
  /** Overrides site.yaml's baseUrl, e.g. for a preview deployment. */
  baseUrl?: string;
  /** Publish drafts and scheduled pages too (previews). Default: false. */
  drafts?: boolean;
  /** The build's day, YYYY-MM-DD, which decides whether a dated page is out yet. Default: today, local time. */
  today?: string;
  /** Values of YAML texts parsed on an earlier run. */
  cache?: ParseCache;
  /**
   * The pages of the last build, by file (site dev, see BuildOptions.keepGoing): a page file that has errors now is
   * held back as it last read, so the pages that list it (menus, lists) do not change while it is being fixed.
   */
  lastGood?: ReadonlyMap<string, PageEntry>;
}

/** The compiled validators of a theme; compiling is the slow part, so it happens once per theme. */
export interface Validators {
  site: Validator;
  redirects: Validator;
  header: Validator;
  templates: Map<string, Validator>;
}

// Compiling schemas is the slowest step of a check; a theme object is compiled once per process, and the
// compiled code is kept in the project's cache for the next process (where the cache is in the project's
// node_modules, whose ajv the kept code needs).
const compiled = new WeakMap<Theme, Validators>();

/** The theme's compiled validators: compiled once per theme object, from the cache when compiled before. */
export function validatorsFor(theme: Theme, root: string): Validators {
  let validators = compiled.get(theme);
  const folder = moduleFolder(root);
  if (!validators) compiled.set(theme, (validators = compileValidators(theme, folder.startsWith(root) ? folder : undefined)));
  return validators;
}

/** Compiles the theme's schemas; with a cache folder, compiled code is kept there for later runs. */
export function compileValidators(theme: Theme, cacheFolder?: string): Validators {
  const templates = Object.entries(theme.templates);
  const [site, redirects, header, ...own] = compileSchemas(
    [theme.siteSchema, redirectsFile, pageHeader, ...templates.map(([name, t]) => pageSchema(name, t, theme.collections))],
    cacheFolder,
  );
  return { site: site!, redirects: redirects!, header: header!, templates: new Map(templates.map(([name], i) => [name, own[i]!])) };
}

/** How a schema line starts: VS Code's YAML extension reads the rest as the schema's path. */
export const MODELINE_START = '# yaml-language-server:';

export function modelineFor(file: string, schemaName: string): string {
  const fromDir = posix.dirname(file);
  const target = posix.relative(fromDir, `${SCHEMAS_DIR}/${schemaName}.json`);
  return `${MODELINE_START} $schema=${target.startsWith('.') ? target : './' + target}`;
}

/** The validate stage's result: the resolved model, the problems found, and the routes content claims. */
export interface Validated {
  model: SiteModel;
  diagnostics: Diagnostic[];
  claimedRoutes: string[];
  /**
   * Whether site.yaml was read and matched its schema, so `model.site` is its resolved value. When it
   * did not, `model.site` holds only a base URL for the engine's own rules, and no theme code may be
   * given the model (see the gate in src/build.ts).
   */
  siteValid: boolean;
  /**
   * The page files that have errors now and stand in the model as they last read (ValidateOptions.lastGood), with
   * the problems found reading them: what the rules find in such a page is of its last reading, not of the file.
   */
  heldBack?: HeldBack;
}

export interface HeldBack {
  files: ReadonlySet<string>;
  read: ReadonlySet<Diagnostic>;
}

export function validate(content: LoadedContent, theme: Theme, validators: Validators, options: ValidateOptions = {}): Validated {
  const diagnostics: Diagnostic[] = [];
  // Content paths that were not read (a pipe, a device, a link out of the project or to no file, a
  // file too large to read), each refused at its path; a page file among them still claims its route.
  for (const { file, refusal } of content.refused ?? []) {
    diagnostics.push(diagnostic('file-refused', { file, line: 1, column: 1 }, refusal));
  }
  const { site, siteSource, siteValid } = readSite(content, theme, validators, options, diagnostics);
  const { pages, notFound, redirects, claimedRoutes, held } = readPages(content, theme, validators, options, diagnostics);
  for (const file of content.strays ?? []) diagnostics.push(diagnostic('not-a-page', { file }, { file, why: strayReason(file) }));
  // A browser turns \ in an address into /, so a file named with one is published where nothing reaches it.
  for (const s of content.statics) if (s.file.includes('\\')) diagnostics.push(diagnostic('static-backslash', { file: s.file }, { file: s.file }));
  const statics: StaticEntry[] = content.statics.filter((s) => !s.file.includes('\\')).map((s) => ({ ...s, route: '/' + s.file.slice('static/'.length) }));
  const collections = collectMembers(pages, theme.collections ?? {});
  const model = { site, siteSource, pages, notFound, redirects, statics, collections };
  const heldBack = held.size > 0 ? { files: held, read: new Set(diagnostics.filter((d) => held.has(d.file))) } : undefined;
  return { model, diagnostics, claimedRoutes, siteValid, ...(heldBack ? { heldBack } : {}) };
}

/**
 * site.yaml read and validated, its base URL judged and the theme's rules run on it. Until it validates, `site`
 * holds only a base URL for the engine's own rules, and `siteValid` keeps theme code from it.
 */
function readSite(content: LoadedContent, theme: Theme, validators: Validators, options: ValidateOptions, diagnostics: Diagnostic[]) {
  const file = content.site;
  if (!file) {
    const siteRefused = (content.refused ?? []).some((r) => r.file === SITE_FILE);
    if (!siteRefused) diagnostics.push(diagnostic('missing-file', { file: SITE_FILE }, { what: SITE_FILE, hint: 'create it at the project root' }));
    return siteRead(undefined, null, theme, options, diagnostics);
  }
  // Read again only when the file or what reads it changed: the dev server then keeps the same site object, and what
  // is worked out once per site (each page's share card, the theme's menus) is not worked out again on every edit.
  return readOnce(file, [theme, validators, options.baseUrl], diagnostics, (found) => {
    if (file.encoding) found.push(encodingProblem(file));
    else if (isTooLarge(file)) found.push(tooLarge(file));
    else {
      const siteSource = parseYaml(file.file, file.text, 0, options.cache);
      found.push(...siteSource.diagnostics, ...modeline(file, 'site'));
      if (siteSource.data === undefined) return siteRead(undefined, siteSource, theme, options, found);
      const result = validators.site.validate(file.file, siteSource);
      found.push(...result.diagnostics);
      // Only a value that matched its schema is the site: a partly valid one would reach theme code
      // (its rules here, and every later stage) in a shape the theme does not expect.
      const valid = result.diagnostics.length === 0 && result.value !== null && typeof result.value === 'object';
      return siteRead(valid ? (result.value as SiteModel['site']) : undefined, siteSource, theme, options, found);
    }
    return siteRead(undefined, null, theme, options, found);
  });
}

/** The site as read from site.yaml's value (undefined when it failed), its base URL judged and the theme's rules run on it. */
function siteRead(siteData: SiteModel['site'] | undefined, siteSource: ParsedYaml | null, theme: Theme, options: ValidateOptions, diagnostics: Diagnostic[]) {
  const baseUrl = judgedBaseUrl(siteData, siteSource, options, diagnostics);
  // The theme's own rules, like all theme code, are given only a site that validated, base URL included.
  const siteValid = siteData !== undefined && baseUrl !== undefined;
  let site: SiteModel['site'] = { baseUrl: 'https://www.example.com' };
  if (siteValid) {
    site = { ...siteData, baseUrl };
    diagnostics.push(...siteRules(theme, site, SITE_FILE, siteSource!));
  }
  return { site, siteSource, siteValid };
}

/** The site's base URL (the option's, else site.yaml's) without a trailing slash, or undefined after saying what is wrong with it. */
function judgedBaseUrl(
  siteData: SiteModel['site'] | undefined,
  siteSource: ParsedYaml | null,
  options: ValidateOptions,
  diagnostics: Diagnostic[],
): string | undefined {
  // A site.yaml that failed has said so already; its base URL is judged once the file reads.
  const baseUrl = options.baseUrl ?? siteData?.baseUrl;
  // The browser's URL parser decides, on text with no whitespace or control character (it drops some without a
  // word), and no query or fragment: the sitemap, robots.txt and the feed write it as it is, before each route.
  const baseUrlValid = typeof baseUrl === 'string' && isAbsoluteHttpUrl(baseUrl) && !/[?#]/.test(baseUrl);
  // Pages link to each other from the root (/about), so a path after the host would be a site the links leave;
  // a user name or password would be published in every canonical link and the sitemap.
  const extra = baseUrlValid ? beyondOrigin(baseUrl) : undefined;
  if ((siteData || options.baseUrl !== undefined) && (!baseUrlValid || extra)) {
    const where = options.baseUrl !== undefined ? { file: '--base-url' } : { file: SITE_FILE, ...siteSource?.locate(['baseUrl']) };
    diagnostics.push(
      extra
        ? diagnostic('base-url-origin', { ...where, path: 'baseUrl' }, { value: String(baseUrl), extra })
        : diagnostic('base-url', { ...where, path: 'baseUrl' }, { value: baseUrl }),
    );
  }
  return baseUrlValid && !extra ? String(baseUrl).replace(/\/+$/, '') : undefined;
}

/** Every file under pages/: its name judged, its route claimed, and the page or the redirect rules it holds read. */
function readPages(content: LoadedContent, theme: Theme, validators: Validators, options: ValidateOptions, diagnostics: Diagnostic[]) {
  const pages: PageEntry[] = [];
  const today = options.today ?? dayOf(new Date());
  const redirects: RedirectEntry[] = [];
  let notFound: PageEntry | null = null;
  // Routes of every page file, valid or not: a link to a page with a typo in it is not a broken link.
  const claimedRoutes: string[] = [];
  const held = new Set<string>();
  for (const source of content.pages) {
    if (isTooLarge(source)) {
      diagnostics.push(tooLarge(source));
      // Its route is still claimed: a link to it is to a page with a problem, not a missing page.
      const claimed = routeFromPath(source.file.slice(PAGES_DIR.length + 1));
      if (claimed !== null && !REDIRECTS_FILES.includes(source.file)) claimedRoutes.push(claimed);
      continue;
    }
    if (REDIRECTS_FILES.includes(source.file)) {
      redirects.push(...readOnce(source, [validators], diagnostics, (found) => readRedirects(source, validators, found, options.cache)));
      continue;
    }
    const route = pageRoute(source.file, diagnostics);
    if (route === null) continue;
    claimedRoutes.push(route);
    if (source.encoding) {
      diagnostics.push(encodingProblem(source));
      continue;
    }
    const read = readOnce(source, [validators, theme, route, today], diagnostics, (found) =>
      readPage(source, route, theme, validators, found, today, options.cache),
    );
    // Its errors are reported all the same; only what the other pages see of it stays as it was.
    const page = read ?? lastReading(options.lastGood?.get(source.file), route);
    if (page && !read) held.add(source.file);
    // Drafts and scheduled pages stay off the site unless a preview asks for them.
    if (!page || (page.status !== 'published' && !options.drafts)) continue;
    if (route === NOT_FOUND_ROUTE) notFound = page;
    else pages.push(page);
  }
  for (const { file } of content.refused ?? []) {
    const claimed =
      file.startsWith(`${PAGES_DIR}/`) && /\.(yaml|md)$/.test(file) && !REDIRECTS_FILES.includes(file) ? routeFromPath(file.slice(PAGES_DIR.length + 1)) : null;
    if (claimed !== null) claimedRoutes.push(claimed);
  }
  pages.sort((a, b) => compareText(a.route, b.route));
  return { pages, notFound, redirects, claimedRoutes, held };
}

/** The last good reading of a page file that has errors now, when it had one at the same route. */
function lastReading(last: PageEntry | undefined, route: string): PageEntry | null {
  return last && last.route === route ? last : null;
}

/** The route of a page file, or null after saying why its name cannot be one (or is left out on purpose). */
function pageRoute(file: string, diagnostics: Diagnostic[]): string | null {
  // The names are judged as the file system holds them, before they become a route: a backslash is a
  // character of a name here, not a folder (routeFromPath reads it as one, for paths written on Windows),
  // and a line break in a name is a character like any other.
  const stemSegments = file
    .slice(PAGES_DIR.length + 1)
    .replace(/\.(?:ya?ml|md)$/, '')
    .split('/');
  if (stemSegments.some((segment) => segment.startsWith('_'))) {
    // A name or folder starting with _ is left out of the site on purpose; an editor should know it is.
    diagnostics.push(diagnostic('not-a-page', { file }, { file, why: 'underscore' }));
    return null;
  }
  const badSegment = stemSegments.find((segment) => !ROUTE_SEGMENT.test(segment));
  const route = routeFromPath(file.slice(PAGES_DIR.length + 1));
  if (badSegment !== undefined || route === null) {
    diagnostics.push(diagnostic('route-name', { file }, { segment: badSegment ?? file }));
    return null;
  }
  return route;
}

/** What an absolute http(s) URL holds beyond its scheme and host (and port), in words; undefined when nothing. */
function beyondOrigin(url: string): string | undefined {
  const parsed = new URL(url.replace(/\/+$/, ''));
  if (parsed.username || parsed.password) return 'a user name or password';
  if (parsed.pathname !== '/') return `a path (${parsed.pathname})`;
  return undefined;
}

/** A file that is not UTF-8, reported at its first foreign byte. */
function encodingProblem(source: SourceFile): Diagnostic {
  const { kind, line, column } = source.encoding!;
  return diagnostic('encoding', { file: source.file, line, column }, { kind });
}

/** The theme's rules on site.yaml, each problem located at its field. */
function siteRules(theme: Theme, site: SiteModel['site'], file: string, source: ParsedYaml): Diagnostic[] {
  return (theme.siteRules?.(site) ?? []).map((problem) =>
    diagnostic('site-rule', { file, ...source.locate(problem.path), path: formatPath(problem.path) }, problem),
  );
}

/** A page file read, its template found and its fields validated; null after reporting why it is not a page. */
function readPage(
  source: SourceFile,
  route: string,
  theme: Theme,
  validators: Validators,
  out: Diagnostic[],
  today: string,
  cache?: ParseCache,
): PageEntry | null {
  const markdown = source.file.endsWith('.md');
  const known = markdown ? undefined : knownPage(source, route, theme, validators.templates, cache);
  if (known) {
    out.push(...modeline(source, known.template));
    return known;
  }
  const read: { parsed: ParsedYaml; body?: MarkdownBody } | null = markdown
    ? readFrontMatter(source, frontMatterFields(theme), out, cache)
    : { parsed: parseSource(source, cache) };
  if (!read) return null;
  const { parsed } = read;
  out.push(...parsed.diagnostics);
  if (parsed.data === undefined) return null;
  const named = templateNamed(source.file, parsed, markdown, theme, validators, out);
  if (!named) return null;
  const { name, template, validator } = named;
  if (!markdown) out.push(...modeline(source, name));
  const result = validator.validate(source.file, parsed);
  out.push(...result.diagnostics);
  if (result.diagnostics.length > 0) return null;
  const data = result.value as Record<string, unknown>;
  const textKey = source.known?.key ?? cache?.keyOf?.(source.text);
  const entry = { file: source.file, route, template: name, data, source: parsed, ...(textKey === undefined ? {} : { textKey }) };
  if (!template.markdown || !read.body) return { ...entry, head: yamlHead(data), status: 'published' };
  const date = String(data[template.markdown.date] ?? '');
  const why = impossibleDate(date);
  if (why) {
    out.push(diagnostic('impossible-date', { file: source.file, ...parsed.locate([template.markdown.date]), path: template.markdown.date }, { date, why }));
    return null;
  }
  const status = pageStatus(data.draft === true, date, today);
  return { ...entry, head: markdownHead(data, template.markdown.head), body: read.body, status };
}

/** A YAML file parsed: a file known without being read (src/load/known-texts.ts) from the cache's value of its text, when it has one. */
function parseSource(source: SourceFile, cache: ParseCache | undefined): ParsedYaml {
  const known = source.known && parseKnown(source.file, source.known, () => source.text, cache);
  return known || parseYaml(source.file, source.text, 0, cache);
}

/**
 * How the template of each page of `model` checked it, for a page file kept for the next build (known-texts.ts):
 * every page in the model passed its template's schema, and `defaults` is what the schema added. `kept` is the check
 * the page was read by, carried as it is while the schema is the same.
 */
export function checksOf(model: SiteModel, theme: Theme, validators: Validators): (file: string, kept: Checked | undefined) => Checked | undefined {
  const pages = new Map(allPages(model).map((page) => [page.file, page]));
  return (file, kept) => {
    const page = pages.get(file);
    const validator = page && validators.templates.get(page.template);
    const template = page && theme.templates[page.template];
    if (!page || !validator || !template || page.body) return undefined;
    if (kept?.validator === validator.key && kept.template === page.template) return kept;
    const defaults = defaultsPatch(page.source.data, page.data);
    return defaults && checkOf(page, template, validator, defaults);
  };
}

/**
 * The template a page file names, with its validator; null after saying what is wrong: no template named,
 * one the theme does not have, or one whose pages are files of the other kind (YAML or Markdown).
 */
function templateNamed(file: string, parsed: ParsedYaml, markdown: boolean, theme: Theme, validators: Validators, out: Diagnostic[]) {
  const header = validators.header.check(file, parsed);
  if (header.length > 0) {
    // A Markdown file can only name a template of Markdown pages: those are the ones worth listing.
    const markdownTemplates = Object.keys(theme.templates).filter((name) => theme.templates[name]!.markdown);
    out.push(
      ...header.map((d) => ({
        ...d,
        hint: markdown
          ? `${d.hint ? `${d.hint}; ` : ''}templates of Markdown pages: ${markdownTemplates.join(', ')}`
          : (d.hint ?? `templates: ${Object.keys(theme.templates).join(', ')}`),
      })),
    );
    return null;
  }
  const name = (parsed.data as { template: string }).template;
  const template = theme.templates[name];
  const validator = validators.templates.get(name);
  // Placed only when a problem is reported there: finding the line cost 30 ms at 10,000 pages.
  const where = () => ({ file, ...parsed.locate(['template']), path: 'template' });
  if (!template || !validator) {
    out.push(diagnostic('unknown-template', where(), { template: name, known: Object.keys(theme.templates) }));
    return null;
  }
  if (markdown !== Boolean(template.markdown)) {
    const same = Object.keys(theme.templates).filter((other) => Boolean(theme.templates[other]!.markdown) === markdown);
    out.push(diagnostic('template-kind', where(), { template: name, markdown, same }));
    return null;
  }
  return { name, template, validator };
}

/**
 * A Markdown page's front matter, parsed, and its body; null after reporting a front matter that
 * does not close, one that closed early (a field after it), or a body nested past the limit.
 */
function readFrontMatter(
  source: SourceFile,
  fields: readonly string[],
  out: Diagnostic[],
  cache?: ParseCache,
): { parsed: ParsedYaml; body: MarkdownBody } | null {
  const split = splitFrontMatter(source.text);
  if (!split) {
    // A file that opens its front matter and never closes it is told so; one that never opens it, how to.
    out.push(diagnostic(opensFrontMatter(source.text) ? 'front-matter-open' : 'front-matter', { file: source.file, line: 1, column: 1 }));
    return null;
  }
  // A `draft: true` the split left in the body would publish the draft, with the field as its text.
  const leftOver = fieldAfterFrontMatter(split.body, fields);
  if (leftOver) {
    out.push(
      diagnostic(
        'front-matter-ended',
        { file: source.file, line: split.bodyLine + leftOver.line - 1, column: 1, path: leftOver.field },
        { field: leftOver.field, end: split.bodyLine - 1 },
      ),
    );
    return null;
  }
  const nesting = markdownDepth(split.body);
  if (nesting.depth > MAX_MARKDOWN_DEPTH) {
    out.push(
      diagnostic('too-deep', { file: source.file, line: split.bodyLine + nesting.line - 1, column: 1 }, { depth: nesting.depth, limit: MAX_MARKDOWN_DEPTH }),
    );
    return null;
  }
  const parsed = parseYaml(source.file, split.front, 1, cache);
  return { parsed, body: { text: split.body, line: split.bodyLine, words: countWords(split.body) } };
}

/** The fields front matter may have: any a Markdown template's pages may write (its template is not known yet). */
export const frontMatterFields = perObject((theme: Theme): readonly string[] => [
  ...new Set(
    Object.entries(theme.templates)
      .filter(([, t]) => t.markdown)
      .flatMap(([name, t]) => Object.keys(pageSchema(name, t, theme.collections).properties)),
  ),
]);

/** A YAML page's head: its common fields. */
function yamlHead(data: Record<string, unknown>): PageHead {
  return {
    title: String(data.title),
    description: String(data.description),
    noindex: data.noindex === true,
    titleField: 'title',
    descriptionField: 'description',
  };
}

/** A Markdown page's browser title and meta description, from the fields its template names. */
function markdownHead(front: Record<string, unknown>, fields: MarkdownTemplate['head']): PageHead {
  const titleField = fields.title.find((field) => typeof front[field] === 'string') ?? fields.title[0];
  return {
    title: String(front[titleField] ?? ''),
    description: String(front[fields.description] ?? ''),
    noindex: front.noindex === true,
    titleField,
    descriptionField: fields.description,
  };
}

/** Why a file under pages/ that is not read is not a page. */
function strayReason(file: string): 'hidden' | 'case' | 'extension' {
  const name = file.slice(file.lastIndexOf('/') + 1);
  if (name.startsWith('.')) return 'hidden';
  return /\.(ya?ml|md)$/i.test(name) ? 'case' : 'extension';
}

/** A file past the size any page needs is refused before it is parsed: a huge value would take the checks a long time. */
function isTooLarge(source: SourceFile): boolean {
  return textLength(source) > MAX_FILE_CHARACTERS;
}

function tooLarge(source: SourceFile): Diagnostic {
  return diagnostic('too-large', { file: source.file, line: 1, column: 1 }, { characters: textLength(source), limit: MAX_FILE_CHARACTERS });
}

/** A file's length in characters, without reading a known file's text. */
function textLength(source: SourceFile): number {
  return source.known?.length ?? source.text.length;
}

function readRedirects(source: SourceFile, validators: Validators, out: Diagnostic[], cache?: ParseCache): RedirectEntry[] {
  // Read through the parse cache as pages are; where each rule is written is worked out only when a rule about it asks.
  const parsed = parseYaml(source.file, source.text, 0, cache);
  out.push(...parsed.diagnostics, ...modeline(source, 'redirects'));
  if (parsed.data === undefined) return [];
  const result = validators.redirects.validate(source.file, parsed);
  out.push(...result.diagnostics);
  if (result.diagnostics.length > 0) return [];
  const rules = (result.value as { redirects: RedirectRule[] }).redirects;
  return rules.map((rule, index) => ({
    ...rule,
    file: source.file,
    fields: {
      get from() {
        return parsed.locate(['redirects', index, 'from']);
      },
      get to() {
        return parsed.locate(['redirects', index, 'to']);
      },
    },
  }));
}

/**
 * A first line naming a schema tells VS Code's YAML extension which one to complete and check against;
 * one naming another schema than the file's would check it against the wrong fields. A file without
 * it is fine: the browser editor saves files without comments, and `site new` writes it for those who
 * edit in VS Code.
 */
function modeline(source: SourceFile, schemaName: string): Diagnostic[] {
  const expected = modelineFor(source.file, schemaName);
  const first = source.known?.firstLine ?? firstLineOf(source.text);
  if (!first.startsWith(MODELINE_START) || first === expected) return [];
  return [diagnostic('modeline', { file: source.file, line: 1, column: 1 }, { expected })];
}
