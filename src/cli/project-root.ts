// Commands work from any folder inside a project, as git's do: an editor who
// has cd'd into pages/services means the project around it.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { SITE_FILE, THEME_ENTRIES } from '../contracts/project.ts';

/** The nearest folder at or above `from` holding site.yaml or the theme; `from` itself when there is none. */
export function projectRoot(from: string, exists: (path: string) => boolean = existsSync): string {
  let dir = resolve(from);
  for (;;) {
    if ([SITE_FILE, ...THEME_ENTRIES].some((file) => exists(join(dir, file)))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return resolve(from);
    dir = parent;
  }
}
