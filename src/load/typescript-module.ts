// Runs TypeScript (the theme) without a loader: esbuild bundles the entry into
// one ES module beside the project's node_modules and Node imports it. The
// packages it imports have modules of their own there (package-modules.ts).
// The bundle is kept with a list of the files it and they were made from, and
// reused while none of them has changed, so most runs skip bundling altogether.
import { dirname, join, relative, resolve } from 'node:path';
import { relativePath } from '../folders.ts';
import { pathToFileURL } from 'node:url';
import type { BuildOptions, Metafile } from 'esbuild';
import { bundleForNode, importModule, keepWhole, moduleFolder, writeWhole } from '../node-module.js';
import { fingerprints, unchanged } from './fingerprint.ts';
import { cacheKey } from '../digest.ts';
import { isFile, readManifest, unwritableModule } from './module-file.ts';
import { LEFT_TO_NODE, importedFrom, packageModules } from './package-modules.ts';

/** Imports a TypeScript entry and everything it imports, React excepted. */
export async function importTypeScript<T>(root: string, entry: string): Promise<T> {
  // Bare imports resolve from the file's folder upwards, so the module must sit inside the project.
  const dir = moduleFolder(root);
  const name = `theme-${cacheKey(resolve(root, entry)).slice(0, 12)}`;
  const file = join(dir, `${name}.mjs`);
  const manifestFile = join(dir, `${name}.json`);
  let manifest = await readManifest<Manifest>(manifestFile, MANIFEST_FORMAT, ['packages', 'modules']);
  // Made from the entry among the rest (a manifest that names no input would vouch for any bundle), unchanged, and all there.
  const usable = (kept: Manifest) =>
    Object.hasOwn(kept.inputs, relativePath(root, entry)) &&
    unchanged(root, kept.inputs) &&
    [file, ...kept.modules.map((module) => join(dir, module))].every(isFile);
  if (!manifest || !usable(manifest)) {
    manifest = await bundle(root, entry, file, manifest);
    // Without its manifest the bundle is only made again by the next run.
    await keepWhole(manifestFile, JSON.stringify(manifest));
  }
  let module: T & object;
  try {
    // The hash in the URL makes a changed bundle a new module even within one process.
    module = await importModule<T & object>(`${pathToFileURL(file).href}?v=${manifest.hash}`);
  } catch (error) {
    // A name a package does not export passes esbuild, the package being another module, and fails here, in Node, at
    // no place of the templates: bundled with its packages, the theme fails in esbuild, at the import's line.
    if (error instanceof SyntaxError) await bundleForNode({ ...themeOptions(root, entry, file), external: LEFT_TO_NODE });
    // Node's own errors (a module of the cache folder gone) are not the entry's doing; anything else its code threw is.
    throw error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string' ? error : new ThrownWhileLoading(error);
  }
  bundleHashes.set(module, manifest.hash);
  return module;
}

/** What the entry's own code threw as Node ran it (`thrown`), told apart from a failure to bundle or import it. */
export class ThrownWhileLoading extends Error {
  constructor(readonly thrown: unknown) {
    super(thrown instanceof Error ? thrown.message : String(thrown));
  }
}

/** How the theme is bundled into `file` (its packages aside, by bundle()). */
function themeOptions(root: string, entry: string, file: string): BuildOptions {
  return {
    absWorkingDir: root,
    entryPoints: [entry],
    jsx: 'automatic',
    sourcemap: 'inline',
    // A stack trace needs only the mappings: the sources are the project's files (and packages'), read where they are.
    // Their text inside the map made the bundle 2.2 MB, which Node read and parsed again on every template edit.
    sourcesContent: false,
    // Where the bundle will be: the source map names the templates relative to it, so a stack
    // trace mapped through it (by Node, or by theme-frames.ts) names the templates' own files.
    outfile: file,
  };
}

/**
 * Bundles `entry` into `file`, and the packages it imports into their modules beside it. Which packages it imports
 * is known once it is bundled: those the last bundle imported (and are still there) are assumed, and a bundle that
 * imports others, or fewer, is made again with the modules of exactly those (once when a template imports a package
 * it did not, or stops importing one; a package left behind could be uninstalled since).
 */
async function bundle(root: string, entry: string, file: string, last: Manifest | null): Promise<Manifest> {
  let entries = (last?.packages ?? []).filter((path) => isFile(resolve(root, path)));
  for (let round = 0; round < MOST_ROUNDS; round++) {
    const packages = await packageModules(root, dirname(file), entries);
    const found = new Set<string>();
    const { contents, metafile } = await bundleForNode({
      ...themeOptions(root, entry, file),
      // React stays external so the theme and the engine share one copy (hooks and context need that). The engine's type
      // check imports typescript on demand: a theme that imports the engine must not pull it in.
      external: LEFT_TO_NODE,
      plugins: [importedFrom(root, file, packages, found)],
      metafile: true,
    });
    const imported = [...found].sort();
    if (imported.join('\n') !== packages.entries.join('\n')) {
      entries = imported;
      continue;
    }
    // The packages' files too: a changed one makes their modules again, and this bundle, which names their hash.
    const modules = packages.files.map((name) => join(relative(dirname(file), packages.folder), name));
    return written(root, file, contents, { ...packages.inputs, ...fingerprints(root, inputsOf(metafile!)) }, packages.entries, modules);
  }
  // Packages whose modules never settle (a CommonJS package, bundled, importing ES ones that import more): all in the
  // theme's bundle, as esbuild makes it by itself.
  const { contents, metafile } = await bundleForNode({ ...themeOptions(root, entry, file), external: LEFT_TO_NODE, metafile: true });
  return written(root, file, contents, fingerprints(root, inputsOf(metafile!)), [], []);
}

/** Rounds of bundle() before it bundles the packages into the theme instead. */
const MOST_ROUNDS = 4;

/** What a bundle was made from; package.json too: its `sideEffects` decides what the bundle leaves out. */
function inputsOf(metafile: Metafile): string[] {
  return [...Object.keys(metafile.inputs), 'package.json'];
}

/** Writes the bundle to `file` (where Node imports it from, so a failure stops the build) and gives back its manifest. */
async function written(
  root: string,
  file: string,
  contents: Uint8Array,
  inputs: Record<string, string>,
  packages: string[],
  modules: string[],
): Promise<Manifest> {
  await writeWhole(file, contents).catch((error: unknown) => {
    throw unwritableModule(root, file, error);
  });
  return { format: MANIFEST_FORMAT, hash: cacheKey(contents).slice(0, 12), inputs, packages, modules };
}

/** The hash of each imported module's bundle: what a cached result made with its code is keyed by. */
const bundleHashes = new WeakMap<object, string>();

/** The hash of the bundle `module` was imported from, or undefined for a module importTypeScript did not import. */
export function bundleHash(module: object): string | undefined {
  return bundleHashes.get(module);
}

/**
 * Bumped when bundles are made differently, so older ones are made again (2: source paths relative to the bundle; 3: no
 * sources in the map; 4: packages in modules of their own).
 */
const MANIFEST_FORMAT = 4;

interface Manifest {
  format: number;
  /** Hash of the bundle, so a changed bundle gets a new module URL. */
  hash: string;
  /** Every file the bundle and the modules of its packages were made from, with its fingerprint then. */
  inputs: Record<string, string>;
  /** The entry files of the packages it imports (package-modules.ts). */
  packages: string[];
  /** The files of their modules, relative to the bundle's folder. */
  modules: string[];
}
