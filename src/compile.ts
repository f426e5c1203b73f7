// Runs TypeScript (the CLI, the theme) without a loader: esbuild bundles the
// entry into one ES module beside the project's node_modules, Node imports it,
// and the file is removed. Faster than a per-file loader, and no extra dependency.
import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { tmpdir } from 'node:os';
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';

/** Imports a TypeScript entry and everything it imports, React excepted. */
export async function importTypeScript<T>(root: string, entry: string): Promise<T> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // React stays external so the theme and the engine share one copy (hooks and context need that);
    // the rest is bundled, which loads much faster than many small package files.
    external: ['react', 'react-dom', 'react/*', 'react-dom/*'],
    banner: { js: "import { createRequire as __siteRequire } from 'node:module'; const require = __siteRequire(import.meta.url);" },
    jsx: 'automatic',
    sourcemap: 'inline',
    write: false,
    logLevel: 'silent',
  });
  // Bare imports resolve from the file's folder upwards, so the module must sit inside the project.
  const dir = existsSync(join(root, 'node_modules')) ? join(root, 'node_modules', '.cache', 'site') : join(tmpdir(), 'site-cache');
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${basename(entry).replace(/\.[^.]+$/, '')}-${process.pid}-${randomBytes(4).toString('hex')}.mjs`);
  await writeFile(file, result.outputFiles[0]!.contents);
  try {
    return (await import(pathToFileURL(file).href)) as T;
  } finally {
    await rm(file, { force: true });
  }
}
