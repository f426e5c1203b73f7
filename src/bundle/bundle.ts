// The bundle stage (see the steps in src/build.ts): the theme's client scripts and stylesheet through esbuild,
// minified, with content-hashed names so they can be cached forever; and the site's icons (icons.ts).
// esbuild is imported when a bundle is made, not with the engine: most builds take the kept one.
import type { BuildFailure, Message } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { relativePath } from '../folders.ts';
import { diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';
import { TEMPLATES_DIR } from '../contracts/project.ts';
import { cacheFolder, importModule } from '../node-module.js';
import { bodyPosition } from '../rules/content-sources.ts';
import { IconProblem, makeIcons, type ManifestIcon } from './icons.ts';
import { bundleKey, keepBundle, keptBundle } from './kept-bundle.ts';
import type { Assets, Theme } from '../contracts/theme.ts';
import type { OutputFile } from '../contracts/output.ts';

export type { OutputFile };

export interface Bundle {
  assets: Assets;
  files: OutputFile[];
  /** Gzip-independent raw sizes per script entry, for `--verbose`. */
  sizes: Record<string, number>;
  diagnostics: Diagnostic[];
  /** Project files the bundle was made from, so a rebuild knows when to bundle again; null when a bundle failed. */
  inputs: string[] | null;
  /** The icons the web app manifest lists (none without `client.icon`). */
  manifestIcons: ManifestIcon[];
}

/** The browsers a theme that names none must run in: syntax of 2020 and older. */
const DEFAULT_BROWSERS: readonly string[] = ['es2020'];

/** What one part of the bundle gave: its files, the project files it was made from, and its problems when it failed (else null). */
interface BundlePart {
  files: OutputFile[];
  inputs: string[];
  failed: Diagnostic[] | null;
}

type ScriptsPart = BundlePart & Pick<Assets, 'scripts'> & { sizes: Record<string, number> };
type StylesheetPart = BundlePart & Pick<Assets, 'css'>;
type IconsPart = BundlePart & { links?: Assets['icons']; manifest: ManifestIcon[] };

/** The theme's bundle: the one an earlier process kept when nothing it was made from changed (kept-bundle.ts), else made now and kept. */
export async function bundle(root: string, theme: Theme): Promise<Bundle> {
  const folder = cacheFolder(root);
  const key = bundleKey(theme);
  const kept = keptBundle<Bundle>(root, folder, key);
  if (kept) return kept;
  const started = Date.now();
  const made = await makeBundle(root, theme);
  await keepBundle(root, folder, key, made, started);
  return made;
}

async function makeBundle(root: string, theme: Theme): Promise<Bundle> {
  const outdir = join(root, '.bundle-out');
  const browsers = [...(theme.client.browsers ?? DEFAULT_BROWSERS)];
  const entries = Object.entries(theme.client.scripts);
  // One after the other, in this order, which the diagnostics keep.
  const scripts = entries.length > 0 ? await bundleScripts(root, entries, browsers, outdir) : { files: [], inputs: [], failed: null, scripts: {}, sizes: {} };
  const stylesheet = await bundleStylesheet(root, theme.client.stylesheet, browsers, outdir);
  const icons = theme.client.icon ? await siteIcons(root, theme.client.icon) : { files: [], inputs: [], failed: null, manifest: [] };

  const parts: BundlePart[] = [scripts, stylesheet, icons];
  const assets: Assets = { css: stylesheet.css, scripts: scripts.scripts };
  if (icons.links) assets.icons = icons.links;
  if (theme.manifest) assets.manifest = MANIFEST_ROUTE;
  return {
    assets,
    files: parts.flatMap((part) => part.files).sort((a, b) => (a.path < b.path ? -1 : 1)),
    sizes: scripts.sizes,
    diagnostics: parts.flatMap((part) => part.failed ?? []),
    inputs: parts.some((part) => part.failed) ? null : [...new Set(parts.flatMap((part) => part.inputs))].sort(),
    manifestIcons: icons.manifest,
  };
}

/** The theme's client scripts (name → entry file), minified and split into content-hashed files under assets/. */
async function bundleScripts(root: string, entries: [string, string][], browsers: string[], outdir: string): Promise<ScriptsPart> {
  const part: ScriptsPart = { files: [], inputs: [], failed: null, scripts: {}, sizes: {} };
  try {
    const { build } = await importModule<typeof import('esbuild')>('esbuild');
    const result = await build({
      absWorkingDir: root,
      entryPoints: Object.fromEntries(entries),
      bundle: true,
      minify: true,
      format: 'esm',
      splitting: true,
      target: browsers,
      outdir,
      entryNames: '[name]-[hash]',
      chunkNames: 'chunk-[hash]',
      write: false,
      metafile: true,
      logLevel: 'silent',
      legalComments: 'none',
    });
    part.inputs.push(...Object.keys(result.metafile.inputs));
    for (const file of result.outputFiles) {
      const path = 'assets/' + relativePath(outdir, file.path);
      part.files.push({ path, contents: file.contents });
    }
    for (const [output, meta] of Object.entries(result.metafile.outputs)) {
      if (!meta.entryPoint) continue;
      const name = entries.find(([, file]) => meta.entryPoint === file.replace(/^\.\//, ''))?.[0];
      const path = 'assets/' + relativePath(outdir, join(root, output));
      if (name) {
        part.scripts[name] = '/' + path;
        part.sizes[name] = meta.bytes;
      }
    }
    return part;
  } catch (error) {
    return { files: [], inputs: [], failed: esbuildDiagnostics(error) ?? rethrow(error), scripts: {}, sizes: {} };
  }
}

/** The theme's stylesheet, minified, as text the pages inline. */
async function bundleStylesheet(root: string, stylesheet: string, browsers: string[], outdir: string): Promise<StylesheetPart> {
  try {
    const { build } = await importModule<typeof import('esbuild')>('esbuild');
    const result = await build({
      absWorkingDir: root,
      entryPoints: [stylesheet],
      bundle: true,
      minify: true,
      target: browsers,
      write: false,
      outdir,
      logLevel: 'silent',
      legalComments: 'none',
      metafile: true,
    });
    return {
      files: [],
      inputs: Object.keys(result.metafile.inputs),
      failed: null,
      css: result.outputFiles
        .map((f) => f.text)
        .join('')
        .trim(),
    };
  } catch (error) {
    return { files: [], inputs: [], failed: esbuildDiagnostics(error) ?? rethrow(error), css: '' };
  }
}

/** The theme's icon (`client.icon`) drawn as favicon and PNG icons; a drawing that cannot be one is a problem at its mention. */
async function siteIcons(root: string, icon: NonNullable<Theme['client']['icon']>): Promise<IconsPart> {
  const { source, background } = icon;
  try {
    const made = await makeIcons(root, source, background, cacheFolder(root));
    return { files: made.files, inputs: [source], failed: null, links: made.icons.links, manifest: made.icons.manifest };
  } catch (error) {
    if (!(error instanceof IconProblem)) throw error;
    const problem = diagnostic('bundle', await themeMention(root, source), {
      message: error.message,
      hint: 'make it a square SVG drawing, or name another file in client.icon',
    });
    return { files: [], inputs: [source], failed: [problem], manifest: [] };
  }
}

/** Where the web app manifest is served, when the theme gives one. */
export const MANIFEST_ROUTE = '/manifest.webmanifest';

/** Where templates/index.ts names `file`, so a problem with the file is shown at that line. */
async function themeMention(root: string, file: string): Promise<{ file: string; line: number; column: number }> {
  const index = `${TEMPLATES_DIR}/index.ts`;
  const text = await readFile(join(root, index), 'utf8').catch(() => '');
  const at = text.indexOf(file);
  return at < 0 ? { file: index, line: 0, column: 0 } : { file: index, ...bodyPosition(text, 1, at) };
}

/**
 * esbuild's located errors as diagnostics of kind `code` (`bundle` for client
 * code, `theme` for the templates); null when `error` is not an esbuild failure.
 */
export function esbuildDiagnostics(error: unknown, code: 'bundle' | 'theme' = 'bundle'): Diagnostic[] | null {
  const failure = error as Partial<BuildFailure>;
  if (!Array.isArray(failure.errors)) return null;
  return failure.errors.map((message: Message) =>
    diagnostic(
      code,
      { file: message.location?.file ?? TEMPLATES_DIR, line: message.location?.line ?? 0, column: (message.location?.column ?? -1) + 1 },
      { message: message.text },
    ),
  );
}

function rethrow(error: unknown): never {
  throw error;
}
