// Loading the theme: templates/index.ts (or .tsx) and everything it imports,
// compiled by esbuild and imported, its default export being the Theme.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ContentError, diagnostic } from '../contracts/diagnostics.ts';
import { THEME_ENTRIES } from '../contracts/project.ts';
import type { Theme } from '../contracts/theme.ts';
import { esbuildDiagnostics } from '../bundle/bundle.ts';
import { bundleHash, importTypeScript } from './typescript-module.ts';

/** The project's theme; a missing or uncompilable theme is a ContentError with located diagnostics. */
export async function loadTheme(projectRoot: string): Promise<Theme> {
  const root = resolve(projectRoot);
  const entry = THEME_ENTRIES[0]!;
  const file = THEME_ENTRIES.map((f) => resolve(root, f)).find((f) => existsSync(f));
  if (!file)
    throw new ContentError([
      diagnostic('missing-file', { file: entry }, { what: 'the theme', hint: `${entry} must export a default theme (defineTheme, from trn-site/theme)` }),
    ]);
  let module: { default?: Theme };
  try {
    module = await importTypeScript<{ default?: Theme }>(root, file);
  } catch (error) {
    // A template that does not compile is a located mistake, not a crash of the engine.
    const located = esbuildDiagnostics(error, 'theme');
    if (located) throw new ContentError(located);
    throw error;
  }
  if (!module.default || typeof module.default !== 'object') {
    throw new ContentError([
      diagnostic('theme', { file: entry }, { message: 'the theme has no default export', hint: 'end the file with: export default defineTheme({ ... })' }),
    ]);
  }
  const hash = bundleHash(module);
  if (hash !== undefined) themeHashes.set(module.default, hash);
  return module.default;
}

const themeHashes = new WeakMap<Theme, string>();

/** The hash of the bundle of the theme's code (its templates and what they import, React aside). */
export function themeHash(theme: Theme): string | undefined {
  return themeHashes.get(theme);
}
