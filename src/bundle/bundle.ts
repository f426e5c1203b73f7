// The bundle stage (see the steps in src/build.ts): the theme's client scripts and stylesheet through esbuild,
// minified, with content-hashed names so they can be cached forever; and the site's icons (icons.ts).
import { build, type BuildFailure, type Message } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';
import { TEMPLATES_DIR } from '../contracts/project.ts';
import { cacheFolder } from '../node-module.js';
import { bodyPosition } from '../rules/content-sources.ts';
import { IconProblem, makeIcons, type ManifestIcon } from './icons.ts';
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

export async function bundle(root: string, theme: Theme): Promise<Bundle> {
  const outdir = join(root, '.bundle-out');
  const diagnostics: Diagnostic[] = [];
  const files: OutputFile[] = [];
  const scripts: Record<string, string> = {};
  const sizes: Record<string, number> = {};
  const inputs = new Set<string>();
  let failed = false;
  let css = '';
  let manifestIcons: ManifestIcon[] = [];

  const entries = Object.entries(theme.client.scripts);
  if (entries.length > 0) {
    try {
      const result = await build({
        absWorkingDir: root,
        entryPoints: Object.fromEntries(entries),
        bundle: true,
        minify: true,
        format: 'esm',
        splitting: true,
        target: [...(theme.client.browsers ?? DEFAULT_BROWSERS)],
        outdir,
        entryNames: '[name]-[hash]',
        chunkNames: 'chunk-[hash]',
        write: false,
        metafile: true,
        logLevel: 'silent',
        legalComments: 'none',
      });
      for (const input of Object.keys(result.metafile.inputs)) inputs.add(input);
      for (const file of result.outputFiles) {
        const path = 'assets/' + relative(outdir, file.path).split(sep).join('/');
        files.push({ path, contents: file.contents });
      }
      for (const [output, meta] of Object.entries(result.metafile.outputs)) {
        if (!meta.entryPoint) continue;
        const name = entries.find(([, file]) => meta.entryPoint === file.replace(/^\.\//, ''))?.[0];
        const path = 'assets/' + relative(outdir, join(root, output)).split(sep).join('/');
        if (name) {
          scripts[name] = '/' + path;
          sizes[name] = meta.bytes;
        }
      }
    } catch (error) {
      failed = true;
      diagnostics.push(...(esbuildDiagnostics(error) ?? rethrow(error)));
    }
  }

  try {
    const result = await build({
      absWorkingDir: root,
      entryPoints: [theme.client.stylesheet],
      bundle: true,
      minify: true,
      target: [...(theme.client.browsers ?? DEFAULT_BROWSERS)],
      write: false,
      outdir,
      logLevel: 'silent',
      legalComments: 'none',
      metafile: true,
    });
    for (const input of Object.keys(result.metafile.inputs)) inputs.add(input);
    css = result.outputFiles.map((f) => f.text).join('').trim();
  } catch (error) {
    failed = true;
    diagnostics.push(...(esbuildDiagnostics(error) ?? rethrow(error)));
  }

  const assets: Assets = { css, scripts };
  if (theme.client.icon) {
    const { source, background } = theme.client.icon;
    inputs.add(source);
    try {
      const made = await makeIcons(root, source, background, cacheFolder(root));
      files.push(...made.files);
      assets.icons = made.icons.links;
      manifestIcons = made.icons.manifest;
    } catch (error) {
      if (!(error instanceof IconProblem)) throw error;
      failed = true;
      diagnostics.push(diagnostic('bundle', await themeMention(root, source), { message: error.message, hint: 'make it a square SVG drawing, or name another file in client.icon' }));
    }
  }
  if (theme.manifest) assets.manifest = MANIFEST_ROUTE;

  files.sort((a, b) => (a.path < b.path ? -1 : 1));
  return { assets, files, sizes, diagnostics, inputs: failed ? null : [...inputs].sort(), manifestIcons };
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
