// The fonts this machine's text rendering can choose from, as one fingerprint. A share card is SVG whose text
// librsvg (inside sharp) sets in the fonts fontconfig finds: the same drawing comes out as other pixels once a font
// package is installed or removed. Seen here: Debian's Chromium brings fonts-liberation, which took "sans-serif"
// from DejaVu, and the cards the cache kept from before no longer matched a build with an empty cache. So a
// drawing is kept under its text and this fingerprint (share-cards.ts), and after the fonts change a build draws
// its cards again, as a build with an empty cache would.
import { readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { cacheKey } from '../digest.ts';

/** Where fontconfig (and the systems sharp runs on) keep fonts and their configuration. */
export function fontPlaces(env: NodeJS.ProcessEnv = process.env, home = homedir()): string[] {
  const data = env.XDG_DATA_HOME || join(home, '.local', 'share');
  return [
    '/etc/fonts',
    '/usr/share/fonts',
    '/usr/local/share/fonts',
    join(home, '.fonts'),
    join(data, 'fonts'),
    // macOS and Windows, where sharp's fontconfig also looks.
    '/System/Library/Fonts',
    '/Library/Fonts',
    join(home, 'Library', 'Fonts'),
    ...(env.WINDIR ? [join(env.WINDIR, 'Fonts')] : []),
  ];
}

/**
 * A fingerprint of the fonts in `places`: every name below each (a font added, removed or renamed) and the
 * modification time of each folder (a font replaced in place is renamed into its folder, which changes it), with
 * the configuration fontconfig is pointed at. A place that is not there counts as such.
 */
export function fontsFingerprint(places: readonly string[] = fontPlaces(), env: NodeJS.ProcessEnv = process.env): string {
  const seen: unknown[] = [env.FONTCONFIG_FILE ?? '', env.FONTCONFIG_PATH ?? ''];
  for (const place of places) {
    try {
      const entries = readdirSync(place, { recursive: true, withFileTypes: true });
      const folders = [place, ...entries.filter((e) => e.isDirectory()).map((e) => join(e.parentPath, e.name))];
      seen.push(
        place,
        entries.map((e) => join(e.parentPath, e.name)).sort(),
        folders.sort().map((folder) => statSync(folder).mtimeMs),
      );
    } catch {
      seen.push(place, null);
    }
  }
  return cacheKey(JSON.stringify(seen));
}

let known: string | undefined;

/** The fingerprint of this machine's fonts, worked out once per process (a build's cards are drawn with the fonts it started with). */
export function machineFonts(): string {
  return (known ??= fontsFingerprint());
}
