// The bundle an earlier process made, kept in the cache folder: a build whose client scripts,
// stylesheet and icon have not changed takes it instead of running esbuild again (on the real
// site, about half a second of a cold build). What is kept is the whole bundle with what it was
// made from: the engine's format, esbuild's version, the theme's client settings, and the
// fingerprint of every file esbuild read. Any difference, or a file that cannot be read whole,
// means bundling again; a kept bundle is used whole or not at all.
import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { packageVersion } from '../package-version.ts';
import { cacheKey } from '../digest.ts';
import { fingerprints, unchanged } from '../load/fingerprint.ts';
import { keepWhole } from '../node-module.js';
import type { Theme } from '../contracts/theme.ts';
import type { OutputFile } from '../contracts/output.ts';

/** What of a bundle this module needs to know: the rest is kept as it is. */
interface Keepable {
  files: OutputFile[];
  inputs: string[] | null;
  diagnostics: readonly unknown[];
}

/** Raise when what bundle.ts makes changes for the same inputs: kept bundles of another format are never read. */
const FORMAT = 1;

interface Kept<B> {
  key: string;
  inputs: Record<string, string>;
  bundle: Omit<B, 'files'> & { files: { path: string; contents: string }[] };
}

/** What a bundle is made from besides its input files. */
export function bundleKey(theme: Theme): string {
  return cacheKey(JSON.stringify([FORMAT, packageVersion('esbuild'), theme.client, Boolean(theme.manifest)]));
}

/** One file per project folder, as the parse cache: two projects sharing a cache folder keep their own. */
function keptFile(root: string, folder: string): string {
  return join(folder, `bundle-${cacheKey(resolve(root)).slice(0, 12)}.json`);
}

/** The kept bundle for `key`, if every file it was made from is as it was. */
export function keptBundle<B extends Keepable>(root: string, folder: string, key: string): B | undefined {
  let kept: Kept<B>;
  try {
    kept = JSON.parse(readFileSync(keptFile(root, folder), 'utf8')) as Kept<B>;
  } catch {
    return undefined;
  }
  if (kept.key !== key || !kept.bundle?.inputs || !unchanged(root, kept.inputs)) return undefined;
  const files = kept.bundle.files.map((file) => ({ path: file.path, contents: new Uint8Array(Buffer.from(file.contents, 'base64')) }));
  // The JSON of a B, with its files' bytes in base64: put back, it is that B.
  return { ...kept.bundle, files } as unknown as B;
}

/**
 * Keeps a bundle that was made without problems for the next process. An input written since shortly
 * before `started` (when bundling began) may have changed under esbuild, so its fingerprint now need not
 * be what was bundled: such a bundle is not kept. A failure to keep it only costs the next process a bundle.
 */
export async function keepBundle<B extends Keepable>(root: string, folder: string, key: string, bundle: B, started: number): Promise<void> {
  if (!bundle.inputs || bundle.diagnostics.length) return;
  if (bundle.inputs.some((input) => writtenSince(resolve(root, input), started - SETTLE_MS))) return;
  const kept: Kept<B> = {
    key,
    inputs: fingerprints(root, [...bundle.inputs, ...SETTINGS]),
    bundle: { ...bundle, files: bundle.files.map((file) => ({ path: file.path, contents: Buffer.from(file.contents).toString('base64') })) },
  };
  await keepWhole(keptFile(root, folder), JSON.stringify(kept));
}

// Files esbuild reads for its settings, not named among the inputs it reports: tsconfig.json (how
// TypeScript is read) and package.json (`sideEffects`, what a bare import resolves to).
const SETTINGS = ['tsconfig.json', 'package.json'];

/** How long before bundling an input's write still counts as possibly unfinished (an editor saving in two steps, a coarse clock). */
const SETTLE_MS = 2_000;

function writtenSince(path: string, time: number): boolean {
  try {
    return statSync(path).mtimeMs >= time;
  } catch {
    return true;
  }
}
