// The bundle kept between processes: generated sequences of edits (client code, stylesheet, theme
// settings, a touch that changes nothing, a kept file broken or lost), each followed by a bundle
// that may take the kept one and compared with a bundle made from nothing.
import { readFile, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bundle, type Bundle } from './bundle.ts';
import { cacheKey } from '../digest.ts';
import { cacheFolder } from '../node-module.js';
import { makeTempFolder, removeFolder, tinyTheme, writeTree } from '../../tests/helpers/unit.ts';

let root: string;
let kept: string;
beforeEach(async () => {
  root = await makeTempFolder();
  kept = join(cacheFolder(root), `bundle-${cacheKey(resolve(root)).slice(0, 12)}.json`);
});
afterEach(async () => {
  await removeFolder(root);
  await rm(kept, { force: true });
});

const FILES = {
  // Without its extension: a file added beside label.ts can take its place (label.tsx comes first).
  'client/menu.ts': "import { label } from './label';\ndocument.querySelector('.menu')?.setAttribute('aria-label', label);\n",
  'client/label.ts': "export const label = 'Open the menu';\n",
  'style.css': '@import "./parts/base.css";\n.menu { margin: 0px; }\n',
  'parts/base.css': 'body { color: red; }\n',
};

/** Files written an hour ago: a bundle made from them is kept (one made from files written just now is not). */
async function settle(): Promise<void> {
  const then = new Date(Date.now() - 3_600_000);
  for (const path of Object.keys(FILES)) await utimes(join(root, path), then, then).catch(() => undefined);
}

const theme = (browsers: string[]) => tinyTheme({ client: { scripts: { menu: 'client/menu.ts' }, stylesheet: 'style.css', browsers } });

/** What a bundle gives a build, bytes as text, so two can be compared. */
function shown(b: Bundle) {
  return { ...b, files: b.files.map((f) => ({ path: f.path, text: Buffer.from(f.contents).toString('base64') })) };
}

describe('kept bundle', () => {
  it('is taken whole while nothing it was made from changed, and never after', async () => {
    await writeTree(root, FILES);
    await settle();
    const made = await bundle(root, theme(['es2020']));
    // Marked, to tell a kept bundle from one made again.
    const text = await readFile(kept, 'utf8');
    await writeFile(kept, text.replace('"css":"', '"css":"/*kept*/'));
    expect((await bundle(root, theme(['es2020']))).assets.css).toMatch(/^\/\*kept\*\//);
    // Another setting of the theme: made again, and the same as at first.
    expect(shown(await bundle(root, theme(['es2020', 'safari14'])))).not.toHaveProperty('assets.css', expect.stringMatching(/kept/));
    expect(shown(await bundle(root, theme(['es2020'])))).toEqual(shown(made));
  });

  it('is made again when tsconfig.json or package.json changes, which esbuild reads without naming', async () => {
    for (const settings of ['tsconfig.json', 'package.json']) {
      await writeTree(root, FILES);
      await settle();
      await bundle(root, theme(['es2020']));
      await writeFile(kept, (await readFile(kept, 'utf8')).replace('"css":"', '"css":"/*kept*/'));
      expect((await bundle(root, theme(['es2020']))).assets.css).toMatch(/kept/);
      await writeTree(root, { [settings]: '{}\n' });
      expect((await bundle(root, theme(['es2020']))).assets.css).not.toMatch(/kept/);
      await rm(join(root, settings));
    }
  });

  it('matches a bundle made from nothing after every step of generated edits', async () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('label' as const), text: fc.constantFrom('Open', 'Close', 'Menu', 'Open') }),
      fc.record({ kind: fc.constant('base' as const), colour: fc.constantFrom('red', 'blue', 'teal') }),
      fc.record({ kind: fc.constant('browsers' as const), browsers: fc.constantFrom(['es2020'], ['es2019'], ['es2020', 'safari14']) }),
      fc.record({ kind: fc.constant('touch' as const) }),
      fc.record({ kind: fc.constant('break' as const), keep: fc.integer({ min: 0, max: 200 }) }),
      fc.record({ kind: fc.constant('lose' as const) }),
      fc.record({ kind: fc.constant('import' as const), on: fc.boolean() }),
      fc.record({ kind: fc.constant('shadow' as const), on: fc.boolean() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        await rm(kept, { force: true });
        await rm(join(root, 'client/label.tsx'), { force: true });
        await writeTree(root, FILES);
        let browsers = ['es2020'];
        await settle();
        await bundle(root, theme(browsers));
        for (const s of steps) {
          if (s.kind === 'label') await writeTree(root, { 'client/label.ts': `export const label = '${s.text} the menu';\n` });
          if (s.kind === 'base') await writeTree(root, { 'parts/base.css': `body { color: ${s.colour}; }\n` });
          if (s.kind === 'browsers') browsers = [...s.browsers];
          if (s.kind === 'touch') await writeTree(root, { 'style.css': await readFile(join(root, 'style.css'), 'utf8') });
          if (s.kind === 'break') await writeFile(kept, (await readFile(kept, 'utf8').catch(() => '')).slice(0, s.keep));
          if (s.kind === 'lose') await rm(kept, { force: true });
          if (s.kind === 'import') await writeTree(root, { 'style.css': s.on ? FILES['style.css'] : '.menu { margin: 0px; }\n' });
          if (s.kind === 'shadow' && s.on) await writeTree(root, { 'client/label.tsx': "export const label = 'Shadowed';\n" });
          if (s.kind === 'shadow' && !s.on) await rm(join(root, 'client/label.tsx'), { force: true });
          await settle();
          const warm = await bundle(root, theme(browsers));
          // From nothing: the kept file set aside, then put back for the next step.
          await rename(kept, `${kept}.aside`).catch(() => undefined);
          const cold = await bundle(root, theme(browsers));
          await rename(`${kept}.aside`, kept).catch(() => undefined);
          expect(shown(warm)).toEqual(shown(cold));
        }
      }),
      { numRuns: 12 },
    );
  }, 120_000);

  it('is not kept when an input was written while it was made', async () => {
    await writeTree(root, FILES);
    await bundle(root, theme(['es2020']));
    await expect(readFile(kept, 'utf8')).rejects.toThrow();
  });
});
