#!/usr/bin/env node
// Runs a TypeScript tool of this project without a loader, the way bin/site.js
// runs the engine: esbuild bundles the entry (project sources inlined, packages
// left as imports) into one module in node_modules/.cache/site/, which is
// imported and its `main(args, context)` awaited. Its result is the exit code.
//
//   node tools/run.js tools/audit/main.ts [args...]
import { build } from 'esbuild';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { randomBytes } from 'node:crypto';

process.setSourceMapsEnabled(true);
const project = join(dirname(fileURLToPath(import.meta.url)), '..');
const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node tools/run.js <entry.ts> [args...]');
  process.exit(2);
}

const result = await build({
  entryPoints: [resolve(entry)],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'inline',
  write: false,
  logLevel: 'error',
});
// Inside the project's node_modules, so the bundle's package imports resolve as the sources' do.
const cache = join(project, 'node_modules', '.cache', 'site');
await mkdir(cache, { recursive: true });
const file = join(cache, `tool-${process.pid}-${randomBytes(4).toString('hex')}.mjs`);
await writeFile(file, result.outputFiles[0].contents);
let main;
try {
  ({ main } = await import(pathToFileURL(file).href));
} finally {
  await rm(file, { force: true });
}
if (typeof main !== 'function') {
  console.error(`${entry} exports no main(args, context) function`);
  process.exit(2);
}
process.exitCode = await main(args, { root: project });
