#!/usr/bin/env node
// The engine is TypeScript. esbuild bundles the CLI into one module at start
// (tens of milliseconds) so there is no compile step to forget and no loader.
import { build } from 'esbuild';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { randomBytes } from 'node:crypto';

process.setSourceMapsEnabled(true);
const project = join(dirname(fileURLToPath(import.meta.url)), '..');
const result = await build({
  entryPoints: [join(project, 'src/cli.ts')],
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
const file = join(cache, `cli-${process.pid}-${randomBytes(4).toString('hex')}.mjs`);
await writeFile(file, result.outputFiles[0].contents);
let main;
try {
  ({ main } = await import(pathToFileURL(file).href));
} finally {
  await rm(file, { force: true });
}
const { version } = JSON.parse(await readFile(join(project, 'package.json'), 'utf8'));
process.exitCode = await main(process.argv, version);
