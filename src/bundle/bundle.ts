// The bundle stage (see the steps in src/build.ts): the theme's client scripts and stylesheet through esbuild,
// minified, with content-hashed names so they can be cached forever.
import { build, type BuildFailure, type Message } from 'esbuild';
import { join, relative, sep } from 'node:path';
import { diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';
import { TEMPLATES_DIR } from '../contracts/project.ts';
import type { Assets, Theme } from '../contracts/theme.ts';

export interface OutputFile {
  /** Path inside dist/, forward slashes. */
  path: string;
  contents: Uint8Array;
}

export interface Bundle {
  assets: Assets;
  files: OutputFile[];
  /** Gzip-independent raw sizes per script entry, for `--verbose`. */
  sizes: Record<string, number>;
  diagnostics: Diagnostic[];
  /** Project files the bundle was made from, so a rebuild knows when to bundle again; null when a bundle failed. */
  inputs: string[] | null;
}

/** Browsers the site supports: what phones in Ontario run, no transpiling of modern syntax beyond that. */
const TARGET = ['es2020', 'chrome100', 'safari15', 'firefox100'];

export async function bundle(root: string, theme: Theme): Promise<Bundle> {
  const outdir = join(root, '.bundle-out');
  const diagnostics: Diagnostic[] = [];
  const files: OutputFile[] = [];
  const scripts: Record<string, string> = {};
  const sizes: Record<string, number> = {};
  const inputs = new Set<string>();
  let failed = false;
  let css = '';

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
        target: TARGET,
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
      target: TARGET,
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

  files.sort((a, b) => (a.path < b.path ? -1 : 1));
  return { assets: { css, scripts }, files, sizes, diagnostics, inputs: failed ? null : [...inputs].sort() };
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
