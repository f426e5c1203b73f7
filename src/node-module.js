// Running TypeScript without a loader, shared by the three places that do it:
// bin/site.js (the engine's CLI), tools/run.js (the project's tools) and the
// engine's theme loader (src/load/typescript-module.ts). Plain JavaScript, as
// the launchers import it before any TypeScript is bundled; the engine's part
// of it, so the launchers import the engine and never the reverse. esbuild bundles an
// entry into one ES module, which is written into the project's
// node_modules/.cache/site (so its package imports resolve as the sources' do)
// and imported from there.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { Buffer } from 'node:buffer';
import { createRequire } from 'node:module';
import { Script } from 'node:vm';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
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
  const { build } = await importModule('esbuild');
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
 * import(), through the launcher's when it handed one over. bin/site.js runs the CLI's bundle from V8's code cache,
 * as a script compiled by node:vm, and Node 20 gives such a script no import() of its own; the launcher passes its
 * own as `__siteImport`, a parameter of the function the bundle is compiled into. Everywhere else (the sources under
 * a test runner, the tools, a render thread) it is not there, and import() is Node's. Specifiers are packages and
 * file URLs only, which resolve the same from the launcher.
 */
export function importModule(specifier) {
  // eslint-disable-next-line no-undef -- a parameter of the launcher's wrapper, when there is one
  return typeof __siteImport === 'function' ? __siteImport(specifier) : import(specifier);
}

/**
 * Writes a file of the cache folder as writeWhole does. A cache that cannot be written (a read-only or full disk,
 * a folder where the file goes) costs only speed: nothing is thrown, and the build goes on without it.
 */
export async function keepWhole(file, contents) {
  await writeWhole(file, contents).catch(() => {});
}

/** A file of the cache folder kept as JSON, read back: undefined when it is missing or not JSON (the caller judges its shape). */
export function readKept(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Bytes of the SHA-256 digest a file of kept code starts with (see runKeptCode). */
const DIGEST_BYTES = 32;
const digestOf = (bytes) => createHash('sha256').update(bytes).digest();

/**
 * Runs the CommonJS file `file` as Node runs one, but from the code V8 compiled for it in an earlier run, kept in
 * `folder`, when there is some; `keepCode` keeps this run's, when there was none to use. Node 20 keeps no compiled
 * code between runs, and compiling the CLI's 2.3 MB bundle is about 40 ms of every command (a build of the site with
 * nothing changed: 0.48 s, 0.43 s with the code kept). Kept after the command, the code holds the functions the
 * command compiled as it ran too.
 * V8 checks that kept code is its own version's and flags' and of a text as long as this one, no more: so the code's
 * file is named by a hash of the text, and code compiled for another text is never offered. Nor does it check the
 * code's bytes (a few bytes changed on the disk crashed Node), so the file starts with their digest.
 */
export function runKeptCode(file, folder) {
  // Hashed as bytes: hashing the text would encode its 2.3 MB again (about 3 ms of every command).
  const bytes = readFileSync(file);
  const codeFile = join(folder, `${basename(file).replace(/\.[cm]?js$/, '')}-${digestOf(bytes).toString('hex').slice(0, 16)}.v8`);
  let cachedData;
  try {
    const kept = readFileSync(codeFile);
    const code = kept.subarray(DIGEST_BYTES);
    if (digestOf(code).equals(kept.subarray(0, DIGEST_BYTES))) cachedData = code;
  } catch {
    // None yet, or unreadable (a folder in its place): compiled from the text, and kept after the command.
  }
  // __siteImport is import() for the file (see importModule): a script compiled by node:vm has none of its own on
  // Node 20; this module's, an ES module's, is Node's.
  const wrapper = `(function (exports, require, module, __filename, __dirname, __siteImport) {${bytes.toString('utf8')}\n})`;
  const script = new Script(wrapper, { filename: file, ...(cachedData ? { cachedData } : {}) });
  const module = { exports: {} };
  const run = script.runInThisContext();
  run.call(module.exports, module.exports, createRequire(file), module, file, dirname(file), (specifier) => import(specifier));
  const fromKeptCode = cachedData !== undefined && !script.cachedDataRejected;
  // A cache that cannot be written costs the next run only the compile (keepWhole throws nothing).
  const keepCode = async () => {
    if (fromKeptCode) return;
    const code = script.createCachedData();
    await keepWhole(codeFile, Buffer.concat([digestOf(code), code]));
  };
  return { exports: module.exports, fromKeptCode, keepCode, codeFile };
}
