// The extras stage (see the steps in src/build.ts): everything in dist/ besides the pages: the CDN's redirects
// and headers, sitemap.xml, robots.txt, the feed and the web app manifest, bundled assets and static files.
import type { SiteModel } from '../contracts/model.ts';
import type { Member } from '../contracts/member.ts';
import type { RenderedPage } from '../render/render.ts';
import { canonicalUrl, NOT_FOUND_ROUTE } from '../url.ts';
import { MANIFEST_ROUTE, type OutputFile } from '../bundle/bundle.ts';
import type { ManifestIcon } from '../bundle/icons.ts';
import type { Theme, WebAppManifest } from '../contracts/theme.ts';
import type { OutputEntry } from '../write/write.ts';
import { byteSize } from '../contracts/output.ts';
import { entrySize } from '../write/write.ts';
import { perObject } from '../memo.ts';
import { headerRules, headersFile, type AppFolder } from './headers-file.ts';
import { redirectsFile, type SitePaths } from './redirects-file.ts';
import { robots, sitemap } from './sitemap.ts';
import { atomFeed, type FeedSettings } from './feed.ts';
import { contentSecurityPolicy, type Directives } from './csp.ts';
import { UnwritableValue } from './unwritable.ts';
import { ADMIN_FOLDER, ADMIN_HEADERS, ADMIN_PAGE, ADMIN_ROUTE, adminFiles } from '../cms/admin-page.ts';
import type { CmsBackend } from '../cms/config.ts';

/** The files a build generates besides pages, assets and static files. */
/** What extras needs from the theme: origins for the security policy, and the feeds of its collections. */
export interface ExtrasSettings {
  policy: Directives;
  /** Each feed with the members it lists. */
  feeds?: readonly { settings: FeedSettings; members: readonly Member[] }[];
  /** The theme's web app manifest and the icons it lists. */
  manifest?: { members: WebAppManifest; icons: readonly ManifestIcon[] };
  /** Paths inside dist/ of the files the build makes besides pages and these extras: bundled assets, picture variants, share cards. */
  made?: readonly string[];
  /**
   * True when earlier stages found errors, so nothing will be written. The rules refuse, at their line, every
   * value a writer cannot hold, and a writer that meets one throws (a bug, had the rules let it through); with
   * errors found that value may well reach it, so each file is then made if it can be, and left empty if not.
   */
  refused?: boolean;
  /** A folder served with a policy of its own (the browser editor's) and kept out of search, with the files of the output. */
  app?: AppFolder;
}

/** /admin and /admin/ lead to the editor's page (302: where it lives may change). */
const EDITOR_REDIRECTS = [ADMIN_ROUTE, ADMIN_FOLDER].map((from) => ({ from, to: ADMIN_PAGE, status: 302 as const, force: false }));

export function extras(model: SiteModel, pages: readonly RenderedPage[], settings: ExtrasSettings): OutputEntry[] {
  const { policy, feeds = [], manifest } = settings;
  const code = pages.map((page) => page.facts.inline);
  const indexed = new Set(model.pages.filter((p) => !p.head.noindex).map((p) => p.route));
  const file = (path: string, write: () => string): OutputEntry => {
    try {
      return { path, contents: write() };
    } catch (error) {
      if (settings.refused && error instanceof UnwritableValue) return { path, contents: '' };
      throw error;
    }
  };
  return [
    // The editor's address leads to its page, before any rule of the site's own.
    file('_redirects', () => redirectsFile([...(settings.app ? EDITOR_REDIRECTS : []), ...model.redirects], sitePaths(model, pages, settings))),
    file('_headers', () =>
      headersFile(
        headerRules(
          contentSecurityPolicy(policy, { styles: code.flatMap((c) => c.styles).sort(), scripts: code.flatMap((c) => c.scripts).sort() }),
          settings.app,
        ),
      ),
    ),
    file('sitemap.xml', () => sitemap([...indexed].map((route) => canonicalUrl(model.site.baseUrl, route)))),
    file('robots.txt', () => robots(model.site.baseUrl, settings.app ? [settings.app.folder] : [])),
    ...feeds.map((feed) => file(feed.settings.path.slice(1), () => atomFeed(model.site.baseUrl, feed.members, feed.settings))),
    ...(manifest ? [file(MANIFEST_ROUTE.slice(1), () => webAppManifest(manifest.members, manifest.icons))] : []),
  ];
}

/** The manifest as JSON (JSON.stringify writes any text as a string that JSON.parse reads back): the theme's members, a start at the home page unless it says otherwise, and the icons. */
/**
 * Stage 7 as a theme asks for it: what every site gets, with the feed, the manifest and the security
 * policy the theme supplies. `made`: the files the build made (a redirect must not hide one); `refused`:
 * errors were found, so nothing is written and a value the rules refused must not reach a writer's guard;
 * `cms`: the browser editor at /admin/, committing to that repository, with Decap's own files when `decap`
 * (`site dev` serves those from the package); its folder gets a policy of its own and stays out of search.
 */
export function themedExtras(
  model: SiteModel,
  pages: readonly RenderedPage[],
  theme: Theme,
  manifestIcons: readonly ManifestIcon[],
  made: readonly string[],
  refused: boolean,
  cms?: CmsBackend & { decap?: boolean },
): OutputEntry[] {
  const feeds = Object.entries(theme.collections ?? {}).flatMap(([name, collection]) => {
    const settings = 'feed' in collection ? collection.feed?.(model.site) : undefined;
    return settings ? [{ settings, members: model.collections[name] ?? [] }] : [];
  });
  const manifest = theme.manifest?.(model.site);
  const admin = cms ? adminFiles(theme, model.pages, cms, model.site.baseUrl, cms.decap === true) : [];
  const settings: ExtrasSettings = {
    policy: theme.securityPolicy?.(model.site) ?? {},
    feeds,
    ...(manifest ? { manifest: { members: manifest, icons: manifestIcons } } : {}),
    made,
    refused,
  };
  if (cms) {
    const files = [...pages.map((p) => p.output), ...made, ...model.statics.map((s) => s.route.slice(1))];
    const generated = [...feeds.map((feed) => feed.settings.path.slice(1)), ...(manifest ? [MANIFEST_ROUTE.slice(1)] : []), 'sitemap.xml', 'robots.txt'];
    settings.app = { folder: ADMIN_FOLDER, headers: ADMIN_HEADERS, files: [...files, ...generated] };
  }
  return [...extras(model, pages, settings), ...admin];
}

export function webAppManifest(members: WebAppManifest, icons: readonly ManifestIcon[]): string {
  return JSON.stringify({ start_url: '/', display: 'browser', ...members, ...(icons.length > 0 ? { icons } : {}) }, null, 2) + '\n';
}

/** The paths a visitor can reach as files: every page but the not-found one, every static and made file, the feeds and the manifest. */
function sitePaths(model: SiteModel, pages: readonly RenderedPage[], { feeds = [], manifest, made = [] }: ExtrasSettings): SitePaths {
  return {
    pages: pages.filter((p) => p.route !== NOT_FOUND_ROUTE).map((p) => p.route),
    files: [
      ...model.statics.map((s) => s.route),
      ...made.map((path) => `/${path}`),
      ...feeds.map((feed) => feed.settings.path),
      ...(manifest ? [MANIFEST_ROUTE] : []),
    ],
  };
}

/** The bytes of a page's HTML, once per rendered page: a dev server's rebuild keeps the pages that did not change, and counting 5 MB of HTML again took 4 ms. */
const pageBytes = perObject((page: RenderedPage) => byteSize(page.html));

/** Bytes of `files` a visitor may load: the editor's (Decap's 6.5 MB) are not the site's weight. */
export function siteBytes(files: readonly OutputEntry[]): number {
  return files.reduce((sum, f) => sum + (`/${f.path}`.startsWith(ADMIN_FOLDER) ? 0 : entrySize(f)), 0);
}

/** Every file of the output in one list, sorted by path so writes and summaries are stable. */
export function outputFiles(parts: {
  pages: readonly RenderedPage[];
  assets: readonly OutputFile[];
  statics: SiteModel['statics'];
  generated: readonly OutputEntry[];
}): OutputEntry[] {
  return [
    ...parts.pages.map((page) => ({ path: page.output, contents: page.html, size: pageBytes(page) })),
    ...parts.assets,
    ...parts.statics.map((s) => ({ path: s.route.slice(1), contents: s.contents })),
    ...parts.generated,
  ].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
