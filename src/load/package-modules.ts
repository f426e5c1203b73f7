// The packages a theme imports, bundled apart from it into modules in the cache folder, kept
// until their files change. A template edit then bundles only the project's own code: on the
// real site esbuild's 110-130 ms with TypeBox, libphonenumber-js and htmlparser2 inside the
// theme's bundle became about 25 ms. A process that loads the theme again (the dev server)
// imports the packages once, as their modules keep their URLs. They are one esbuild build with
// code splitting, each package an entry: a file that two packages import (or a package and its
// own subpath) lands in one shared chunk, so each file has one instance, as from node_modules,
// and an `instanceof` across packages holds.
import { join, resolve } from 'node:path';
import { relativePath } from '../folders.ts';
import type { OnResolveArgs, OnResolveResult, Plugin } from 'esbuild';
import { bundleForNode, keepWhole, writeWhole } from '../node-module.js';
import { cacheKey } from '../digest.ts';
import { fingerprints, unchanged } from './fingerprint.ts';
import { isFile, readManifest, unwritableModule } from './module-file.ts';

/** What esbuild leaves to Node in every module made for the project: React stays one copy shared with the engine. */
export const LEFT_TO_NODE = ['react', 'react-dom', 'react/*', 'react-dom/*', 'typescript'];

/** The modules made for one set of packages. */
export interface PackageModules {
  /** The entry files of the packages (paths relative to the project), sorted. */
  entries: string[];
  /** The folder they are in, inside the cache folder (named by the entries). */
  folder: string;
  /** Hash of every module's bytes: the importer's URLs carry it, so a changed module is loaded anew. */
  hash: string;
  /** Every file they were made from, with its fingerprint then. */
  inputs: Record<string, string>;
  /** Their file names, relative to `folder`. */
  files: string[];
  /** The entries that are CommonJS: esbuild cannot export their names from an ES module, so their importer bundles them. */
  commonJs: string[];
}

/** Bumped when package modules are made differently, so older ones are made again. */
const FORMAT = 1;

/** The modules of the packages whose entry files are `entries`, made in `cache` or reused from it. */
export async function packageModules(root: string, cache: string, entries: readonly string[]): Promise<PackageModules> {
  const sorted = [...entries].sort();
  // The project's folder too: two projects without node_modules share the system's cache folder, and the same
  // relative entries (`../node_modules/…`) may be other files for each.
  const folder = join(cache, `packages-${cacheKey(resolve(root), '\n', sorted.join('\n')).slice(0, 12)}`);
  const manifestFile = `${folder}.json`;
  const kept = await readManifest<PackageModules>(manifestFile, FORMAT, ['entries', 'files', 'commonJs']);
  // Made from these entries, each among its inputs (a manifest that names none would vouch for anything), unchanged, and all there.
  const usable = (kept: PackageModules) =>
    kept.entries.join('\n') === sorted.join('\n') &&
    sorted.every((entry) => Object.hasOwn(kept.inputs, entry)) &&
    unchanged(root, kept.inputs) &&
    kept.files.every((file) => isFile(join(folder, file)));
  if (kept && usable(kept)) return { ...kept, folder };
  const made: PackageModules = { entries: sorted, folder, hash: cacheKey('').slice(0, 12), inputs: {}, files: [], commonJs: [] };
  if (sorted.length === 0) return made;
  const { outputFiles, metafile } = await bundleForNode({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(sorted.map((entry) => [entryName(entry), entry])),
    external: LEFT_TO_NODE,
    splitting: true,
    outdir: folder,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunk-[hash]',
    sourcemap: 'inline',
    sourcesContent: false,
    metafile: true,
  });
  for (const output of outputFiles) {
    await writeWhole(output.path, output.contents).catch((error: unknown) => {
      throw unwritableModule(root, output.path, error);
    });
  }
  made.files = outputFiles.map((output) => relativePath(folder, output.path)).sort();
  made.hash = cacheKey(...outputFiles.map((output) => output.contents)).slice(0, 12);
  made.inputs = fingerprints(root, Object.keys(metafile!.inputs));
  made.commonJs = sorted.filter((entry) => metafile!.inputs[entry]?.format === 'cjs');
  // The folder is where the project is now: a copy of the project (and its cache) finds its own.
  await keepWhole(manifestFile, JSON.stringify({ format: FORMAT, ...made, folder: undefined }));
  return made;
}

/** The name of the module of the package whose entry file is `entry`, without its extension. */
function entryName(entry: string): string {
  return `package-${cacheKey(entry).slice(0, 12)}`;
}

/** What the plugin passes to its own resolution, which it leaves to esbuild. */
const RESOLVING = Symbol('resolving');

/**
 * An esbuild plugin for the bundle that imports the packages: each JavaScript package it imports is an import of
 * its module in `modules`, and its entry file is added to `found`; a package `modules` lacks is named anyway, for the
 * bundle is made again once its module is. Bundled into it instead: a package whose entry is TypeScript (the
 * engine's own `trn-site/theme`), JSON or any other kind of file, a CommonJS one, and anything require()d.
 * Node's own modules and LEFT_TO_NODE stay as they are.
 */
export function importedFrom(root: string, bundle: string, modules: PackageModules, found: Set<string>): Plugin {
  const folder = relativePath(join(bundle, '..'), modules.folder);
  // Each import asks esbuild (another process) to resolve it: the same request from the same folder is asked once.
  const resolutions = new Map<string, Promise<OnResolveResult | undefined>>();
  return {
    name: 'package-modules',
    setup(build) {
      const place = async (args: OnResolveArgs): Promise<OnResolveResult | undefined> => {
        const resolved = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: RESOLVING });
        if (resolved.errors.length > 0) return undefined;
        if (resolved.external) return { path: args.path, external: true };
        if (!/\.[cm]?js$/.test(resolved.path)) return undefined;
        const entry = relativePath(root, resolved.path);
        found.add(entry);
        if (modules.commonJs.includes(entry)) return undefined;
        // The URL changes with the modules' bytes: a process that loaded older ones loads these, and what was kept
        // for the importer's code (rendered pages) is not taken for it.
        return { path: `./${folder}/${entryName(entry)}.mjs?v=${modules.hash}`, external: true };
      };
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.pluginData === RESOLVING) return undefined;
        if (leftToNode(args.path)) return { path: args.path, external: true };
        // Only an import can be left to a module: a require() of one (from a bundled CommonJS file) is bundled with it.
        if (args.kind !== 'import-statement' && args.kind !== 'dynamic-import') return undefined;
        const key = `${args.resolveDir}\0${args.path}`;
        let placed = resolutions.get(key);
        if (!placed) resolutions.set(key, (placed = place(args)));
        return placed;
      });
    },
  };
}

/** Whether Node resolves `specifier` itself, unasked: one of its own modules, or a package in LEFT_TO_NODE. */
function leftToNode(specifier: string): boolean {
  return (
    specifier.startsWith('node:') ||
    LEFT_TO_NODE.some((pattern) => (pattern.endsWith('/*') ? specifier.startsWith(pattern.slice(0, -1)) : specifier === pattern))
  );
}
