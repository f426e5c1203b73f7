// The fonts' fingerprint (fonts.ts): whatever changes the fonts text is set in changes it; nothing else does.
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { fontPlaces, fontsFingerprint } from './fonts.ts';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

type Change = 'font added' | 'font removed' | 'font replaced' | 'folder added' | 'config changed' | 'same again';
const CHANGES: Change[] = ['font added', 'font removed', 'font replaced', 'folder added', 'config changed', 'same again'];

describe('the fonts fingerprint', () => {
  it('changes with every font added, removed or replaced, and every folder or setting, and only then (generated)', () => {
    let run = 0;
    let time = 1_000_000;
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...CHANGES), { minLength: 1, maxLength: 6 }), (changes) => {
        const root = mkdtempSync(join(tmpdir(), `fonts-${run++}-`));
        roots.push(root);
        const fonts = join(root, 'fonts');
        mkdirSync(join(fonts, 'truetype', 'dejavu'), { recursive: true });
        writeFileSync(join(fonts, 'truetype', 'dejavu', 'DejaVuSans.ttf'), 'glyphs');
        const places = [fonts, join(root, 'missing')];
        let env: NodeJS.ProcessEnv = {};
        let fingerprint = fontsFingerprint(places, env);
        let n = 0;
        for (const change of changes) {
          const folder = join(fonts, 'truetype', 'dejavu');
          // Removing a font already gone changes nothing.
          const effective = change !== 'same again' && (change !== 'font removed' || existsSync(join(folder, 'DejaVuSans.ttf')));
          if (change === 'font added') writeFileSync(join(folder, `Added${n++}.ttf`), 'more glyphs');
          else if (change === 'font removed') rmSync(join(folder, 'DejaVuSans.ttf'), { force: true });
          else if (change === 'font replaced') {
            // As a package manager replaces a file: written beside it, renamed over it (the folder's time moves on).
            writeFileSync(join(folder, 'new.tmp'), 'other glyphs');
            renameSync(join(folder, 'new.tmp'), join(folder, 'DejaVuSans.ttf'));
            utimesSync(folder, ++time, time);
          } else if (change === 'folder added') mkdirSync(join(fonts, `family-${n++}`));
          else if (change === 'config changed') env = { FONTCONFIG_FILE: `/etc/fonts/other-${n++}.conf` };
          const now = fontsFingerprint(places, env);
          expect(now !== fingerprint, change).toBe(effective);
          fingerprint = now;
        }
      }),
      { numRuns: 40 },
    );
  });

  it('looks where fontconfig looks, the user’s own folders too', () => {
    const places = fontPlaces({ XDG_DATA_HOME: '/data' }, '/home/ed');
    expect(places).toEqual(expect.arrayContaining(['/etc/fonts', '/usr/share/fonts', '/usr/local/share/fonts', '/home/ed/.fonts', '/data/fonts']));
    expect(fontPlaces({}, '/home/ed')).toContain('/home/ed/.local/share/fonts');
  });
});
