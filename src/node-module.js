// Running TypeScript without a loader, shared by the three places that do it:
// bin/site.js (the engine's CLI), tools/run.js (the project's tools) and the
// engine's theme loader (src/load/typescript-module.ts). Plain JavaScript, as
// the launchers import it before any TypeScript is bundled; the engine's part
// of it, so the launchers import the engine and never the reverse. esbuild bundles an
// entry into one ES module, which is written into the project's
// node_modules/.cache/site (so its package imports resolve as the sources' do)
// and imported from there.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';

/** esbuild options every Node bundle here shares; callers add entry, externals and source maps. */
export const NODE_BUNDLE = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Bundled CommonJS packages require Node's built-ins.
  banner: { js: "import { createRequire as __siteRequire } from 'node:module'; const require = __siteRequire(import.meta.url);" },
  write: false,
  logLevel: 'silent',
};

/** Bundles with NODE_BUNDLE plus `options`; returns the bundle's bytes (the first file's, of several), the files and esbuild's metafile. */
export async function bundleForNode(options) {
  // Imported here, not above: a launcher whose bundle is already made never loads esbuild (about 20 ms).
  const { build } = await import('esbuild');
  const result = await build({ ...NODE_BUNDLE, ...options });
  return { contents: result.outputFiles[0].contents, outputFiles: result.outputFiles, metafile: result.metafile };
}

/**
 * An esbuild plugin that leaves every package a bundle imports as an import, but the project's own
 * (`name`, or one of its `exports` entries such as `name/theme`): those are its TypeScript sources,
 * which Node cannot import as they are, so esbuild resolves them through package.json and bundles them.
 */
export function packagesBut(name) {
  return {
    name: 'packages-but-own',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) =>
        args.path === name || args.path.startsWith(`${name}/`) ? undefined : { path: args.path, external: true },
      );
    },
  };
}

/**
 * Where the modules made for a project are imported from (the CLI's bundle, the theme's, a tool's, the
 * compiled validators): inside its node_modules, so that the packages they import are found from there;
 * the system's temporary folder without one.
 */
export function moduleFolder(root) {
  return existsSync(join(root, 'node_modules')) ? join(root, 'node_modules', '.cache', 'site') : join(tmpdir(), 'site-cache');
}

/**
 * Where the rest of what one run of a project hands the next is kept (the parse cache, the client bundle,
 * photos, share cards, icons, the pages rendered): the folder SITE_CACHE_DIR names, relative to the project,
 * when it is set, so that CI can keep it between runs wherever its cache reaches (`npm ci` empties
 * node_modules); else moduleFolder's.
 */
export function cacheFolder(root) {
  const chosen = process.env.SITE_CACHE_DIR;
  return chosen ? resolve(root, chosen) : moduleFolder(root);
}

/**
 * Writes a file aside and renames it into place, so another process never imports half a file.
 * The aside name is unique to the call: two builds in one process may write the same file at once.
 */
export async function writeWhole(file, contents) {
  await mkdir(join(file, '..'), { recursive: true });
  const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, contents);
    await rename(temporary, file);
  } catch (error) {
    // A file that could not be put in place (a folder stands there, the disk is full) leaves no half copy beside it.
    await rm(temporary, { force: true }).catch(() => {});
    throw error;
  }
}

/**
 * Writes a file of the cache folder as writeWhole does. A cache that cannot be written (a read-only or full disk,
 * a folder where the file goes) costs only speed: nothing is thrown, and the build goes on without it.
 */
export async function keepWhole(file, contents) {
  await writeWhole(file, contents).catch(() => {});
}
