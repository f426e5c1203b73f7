// Loading the theme: templates/index.ts (or .tsx) and everything it imports,
// compiled by esbuild and imported, its default export being the Theme.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ContentError, diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';
import { themeFrame } from './theme-frames.ts';
import { THEME_ENTRIES } from '../contracts/project.ts';
import type { Theme } from '../contracts/theme.ts';
import { esbuildDiagnostics } from '../bundle/bundle.ts';
import { bundleHash, importTypeScript, ThrownWhileLoading } from './typescript-module.ts';

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
    // A template that does not compile, or theme code that throws as it loads, is a located mistake, not a crash of the engine.
    const located = esbuildDiagnostics(error, 'theme') ?? thrownWhileLoading(root, entry, error);
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

/** What the theme's own code threw as Node ran it, at the first line of the theme's files it passed through (the entry when none). */
function thrownWhileLoading(root: string, entry: string, error: unknown): Diagnostic[] | undefined {
  if (!(error instanceof ThrownWhileLoading)) return undefined;
  const { thrown } = error;
  const at = thrown instanceof Error && thrown.stack ? themeFrame(root, thrown.stack) : undefined;
  return [diagnostic('theme-load', at ? { file: at.file, line: at.line, column: at.column } : { file: entry }, { error: error.message })];
}

const themeHashes = new WeakMap<Theme, string>();

/** The hash of the bundle of the theme's code (its templates and what they import, React aside). */
export function themeHash(theme: Theme): string | undefined {
  return themeHashes.get(theme);
}
