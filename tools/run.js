#!/usr/bin/env node
// Runs a TypeScript tool of this project without a loader, the way bin/site.js
// runs the engine (both through src/node-module.js): esbuild bundles the entry (project sources inlined, packages
// left as imports) into one module in node_modules/.cache/site/, which is
// imported and its `main(args, context)` awaited. Its result is the exit code.
//
//   node tools/run.js tools/audit/main.ts [args...]
import { readFile, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { randomBytes } from 'node:crypto';
import { bundleForNode, moduleFolder, packagesBut, writeWhole } from 'trn-site/launcher';

process.setSourceMapsEnabled(true);
const project = join(dirname(fileURLToPath(import.meta.url)), '..');
const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node tools/run.js <entry.ts> [args...]');
  process.exit(2);
}

// Packages stay imports, the project's own excepted: tools import the engine by its name, as `trn-site/…`.
const { name } = JSON.parse(await readFile(join(project, 'package.json'), 'utf8'));
const { contents } = await bundleForNode({ entryPoints: [resolve(entry)], plugins: [packagesBut(name)], sourcemap: 'inline', logLevel: 'error' });
// One file per run, removed once imported: tools are run rarely, and two may run at once.
const file = join(moduleFolder(project), `tool-${process.pid}-${randomBytes(4).toString('hex')}.mjs`);
await writeWhole(file, contents);
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
