#!/usr/bin/env node
// The engine is TypeScript. esbuild bundles the CLI with its dependencies into
// one file, cached under node_modules/.cache until a source file changes:
// no compile step to forget, no loader, and one file for Node to load instead
// of hundreds (the difference is most of a second). V8's compiled code for it
// is kept beside it, as Node 20 keeps none (runKeptCode, src/node-module.js).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import nodeModule from 'node:module';
import { mkdir, readFile, readdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleForNode, moduleFolder, runKeptCode, writeWhole } from 'trn-site/launcher';

// React's development build checks every element and is several times slower; a build is production.
process.env.NODE_ENV ??= 'production';
// Node's own source maps stay off: they cost about 14 ms of every command (the theme bundle's inline map parsed
// as it loads), and the engine maps a template error's frames to templates/*.tsx itself (src/load/theme-frames.ts).

const project = join(dirname(fileURLToPath(import.meta.url)), '..');
const cache = moduleFolder(project);
// Node 22 and later keep what V8 compiled of the bundles between runs (on Node 22 here, --version went from
// 0.15 to 0.12 s). Node 20 has no such API: the CLI's bundle keeps its own (runKeptCode below), the theme's none.
nodeModule.enableCompileCache?.(join(cache, 'v8-compile'));
const engine = sourceKey();
const file = join(cache, `cli-${engine}.cjs`);
if (!existsSync(file)) await bundleCli();
// Run from the code V8 compiled for it in an earlier run, when there is some (runKeptCode in src/node-module.js).
const cli = runKeptCode(file, cache);
const { version } = JSON.parse(await readFile(join(project, 'package.json'), 'utf8'));
// The key of the engine's code goes with it: what a build keeps for the next is made by this code only.
process.exitCode = await cli.exports.main(process.argv, version, engine);
await cli.keepCode();

/** Changes whenever a source file, this launcher or the installed packages change. */
function sourceKey() {
  const hash = createHash('sha256');
  const visit = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else {
        const { mtimeMs, size } = statSync(path);
        hash.update(`${path} ${mtimeMs} ${size}\n`);
      }
    }
  };
  visit(join(project, 'src'));
  for (const path of [fileURLToPath(import.meta.url), join(project, 'package-lock.json')]) {
    if (existsSync(path)) hash.update(`${path} ${statSync(path).mtimeMs}\n`);
  }
  return hash.digest('hex').slice(0, 16);
}

async function bundleCli() {
  const { contents } = await bundleForNode({
    entryPoints: [join(project, 'src/cli/cli.ts')],
    // React stays one shared copy with the theme's components; esbuild is a native binary; typescript
    // is megabytes that only `site check` loads, on demand, and a production install may not have.
    // sharp is a native library too, loaded only when an image has to be drawn.
    external: ['react', 'react-dom', 'react/*', 'react-dom/*', 'esbuild', 'typescript', 'sharp'],
    // CommonJS, so that runKeptCode can run it from V8's kept code; its few uses of import.meta.url get the file's.
    // Strict first, as the ES module it was, wherever it runs: esbuild's own "use strict" comes after the banner,
    // where it is no directive, and a render thread (which Node's loader starts from the file) ran it sloppy.
    format: 'cjs',
    banner: { js: "'use strict'; const __siteUrl = require('node:url').pathToFileURL(__filename).href;" },
    define: { 'import.meta.url': '__siteUrl' },
    logLevel: 'error',
  });
  await mkdir(cache, { recursive: true });
  // Old bundles go once they are an hour old (a run started before a change may still be importing one).
  for (const old of (await readdir(cache)).filter((name) => name.startsWith('cli-'))) {
    const path = join(cache, old);
    if (Date.now() - statSync(path).mtimeMs > 3_600_000) await rm(path, { force: true });
  }
  await writeWhole(file, contents);
}
