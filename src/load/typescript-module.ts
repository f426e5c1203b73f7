// Runs TypeScript (the theme) without a loader: esbuild bundles the entry into
// one ES module beside the project's node_modules and Node imports it. The
// bundle is kept with a list of the files it was made from, and reused while
// none of them has changed, so most runs skip bundling altogether.
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import { bundleForNode, keepWhole, moduleFolder, writeWhole } from '../node-module.js';
import { fingerprints, unchanged } from './fingerprint.ts';
import { cacheKey } from '../digest.ts';
import { ContentError, diagnostic } from '../contracts/diagnostics.ts';
import { fileSystemWords } from '../write/file-system-words.ts';

/**
 * Imports a TypeScript entry and everything it imports, React excepted; with `packagesImported`, its
 * packages are imported from node_modules rather than bundled (but the engine's own, whose sources are TypeScript).
 */
export async function importTypeScript<T>(root: string, entry: string, options: { packagesImported?: boolean } = {}): Promise<T> {
  // Bare imports resolve from the file's folder upwards, so the module must sit inside the project.
  const dir = moduleFolder(root);
  const name = `theme-${cacheKey(resolve(root, entry)).slice(0, 12)}${options.packagesImported ? '-own' : ''}`;
  const file = join(dir, `${name}.mjs`);
  const manifestFile = join(dir, `${name}.json`);

  let manifest = await readManifest(manifestFile);
  if (!manifest || manifest.format !== MANIFEST_FORMAT || !unchanged(root, manifest.inputs) || !isFile(file)) {
    const { contents, metafile } = await bundleForNode({
      absWorkingDir: root,
      entryPoints: [entry],
      // React stays external so the theme and the engine share one copy (hooks and context need that);
      // the rest is bundled, which loads much faster than many small package files. The engine's type
      // check imports typescript on demand: a theme that imports the engine must not pull it in.
      external: ['react', 'react-dom', 'react/*', 'react-dom/*', 'typescript'],
      ...(options.packagesImported ? { plugins: [importedPackages] } : {}),
      jsx: 'automatic',
      sourcemap: 'inline',
      // A stack trace needs only the mappings: the sources are the project's files (and packages'), read where they are.
      // Their text inside the map made the bundle 2.2 MB, which Node read and parsed again on every template edit.
      sourcesContent: false,
      // Where the bundle will be: the source map names the templates relative to it, so a stack
      // trace mapped through it (by Node, or by theme-frames.ts) names the templates' own files.
      outfile: file,
      metafile: true,
    });
    manifest = {
      format: MANIFEST_FORMAT,
      hash: cacheKey(contents).slice(0, 12),
      // package.json too: its `sideEffects` decides what the bundle leaves out.
      inputs: fingerprints(root, [...Object.keys(metafile!.inputs), 'package.json']),
    };
    await writeWhole(file, contents).catch((error: unknown) => {
      throw unwritableModule(root, file, error);
    });
    // Without its manifest the bundle is only made again by the next run.
    await keepWhole(manifestFile, JSON.stringify(manifest));
  }
  // The hash in the URL makes a changed bundle a new module even within one process.
  const module = (await import(`${pathToFileURL(file).href}?v=${manifest.hash}`)) as T & object;
  bundleHashes.set(module, manifest.hash);
  return module;
}

/** What importedPackages passes to its own resolution, which it leaves to esbuild. */
const RESOLVING = Symbol('resolving');

/**
 * Leaves each package the bundle imports to Node, as an import from node_modules, when Node can import
 * what it resolves to as it is (JavaScript, or one of Node's own modules); bundles the rest: a package
 * whose entry is TypeScript (the engine's own `trn-site/theme`), or JSON or any other kind of file.
 */
const importedPackages: Plugin = {
  name: 'imported-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === RESOLVING) return undefined;
      const found = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: RESOLVING });
      const javascript = found.errors.length === 0 && (found.external || /\.[cm]?js$/.test(found.path));
      return javascript ? { path: args.path, external: true } : undefined;
    });
  },
};

/** The hash of each imported module's bundle: what a cached result made with its code is keyed by. */
const bundleHashes = new WeakMap<object, string>();

/** The hash of the bundle `module` was imported from, or undefined for a module importTypeScript did not import. */
export function bundleHash(module: object): string | undefined {
  return bundleHashes.get(module);
}

/** Bumped when bundles are made differently, so older ones are made again (2: source paths relative to the bundle; 3: no sources in the map). */
const MANIFEST_FORMAT = 3;

interface Manifest {
  format: number;
  /** Hash of the bundle, so a changed bundle gets a new module URL. */
  hash: string;
  /** Every file the bundle was made from, with its fingerprint then. */
  inputs: Record<string, string>;
}

async function readManifest(file: string): Promise<Manifest | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

/**
 * The module made for the project could not be put where Node imports it from (a folder stands there, the disk is
 * full): the build cannot go on, and says where, in plain words, instead of with a stack.
 */
function unwritableModule(root: string, file: string, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === undefined) return error;
  const folder = relative(root, join(file, '..'));
  const { why } = fileSystemWords(code);
  const hint = `remove ${JSON.stringify(relative(root, file))} or the whole ${folder} folder (builds make what they keep there again)`;
  return new ContentError([diagnostic('cache-folder', { file: folder }, { folder, why, hint })]);
}

/** Whether a regular file is at `file`: a bundle deleted from the cache, or a folder in its place, is made again. */
function isFile(file: string): boolean {
  return statSync(file, { throwIfNoEntry: false })?.isFile() === true;
}
