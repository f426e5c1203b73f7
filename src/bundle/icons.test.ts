// The site's icons: drawn from one SVG at the sizes platforms ask for, opaque where they must
// be, listed for the head and the manifest, cached by the source, and a missing or broken
// source is a located problem at the theme line that names it.
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bundle } from './bundle.ts';
import { IconProblem, makeIcons } from './icons.ts';
import { makeTempFolder, removeFolder, tinyTheme, writeTree } from '../../tests/helpers/unit.ts';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#123456"/><path d="M4 4h8v8H4z" fill="#ffcc00"/></svg>';

let root: string;
beforeEach(async () => {
  root = await makeTempFolder();
});
afterEach(async () => {
  await removeFolder(root);
});

describe('makeIcons', () => {
  it('serves the SVG and draws each PNG at its size, opaque on the background where a platform crops or fills', async () => {
    await writeTree(root, { 'theme/icon.svg': SVG });
    const made = await makeIcons(root, 'theme/icon.svg', '#0b2545', join(root, 'cache'));
    expect(made.files.map((f) => f.path)).toEqual([
      'favicon.svg',
      'icon-32.png',
      'apple-touch-icon.png',
      'icon-192.png',
      'icon-512.png',
      'icon-maskable-512.png',
    ]);
    expect(Buffer.from(made.files[0]!.contents).toString()).toBe(SVG);
    const drawn = await Promise.all(made.files.slice(1).map(async (f) => ({ path: f.path, ...(await sharp(f.contents).metadata()) })));
    expect(drawn.map((d) => [d.path, d.format, d.width, d.height])).toEqual([
      ['icon-32.png', 'png', 32, 32],
      ['apple-touch-icon.png', 'png', 180, 180],
      ['icon-192.png', 'png', 192, 192],
      ['icon-512.png', 'png', 512, 512],
      ['icon-maskable-512.png', 'png', 512, 512],
    ]);
    // The corner of the home-screen icon is the background, not black or transparent.
    const corner = await sharp(made.files[2]!.contents).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer();
    expect([...corner.subarray(0, 3)]).toEqual([0x0b, 0x25, 0x45]);
    expect(drawn.find((d) => d.path === 'icon-maskable-512.png')!.hasAlpha).toBe(false);
    expect(made.icons.links).toEqual([
      { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
      { rel: 'icon', href: '/icon-32.png', type: 'image/png', sizes: '32x32' },
      { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
    ]);
    expect(made.icons.manifest.map((i) => `${i.src} ${i.sizes} ${i.purpose}`)).toEqual([
      '/icon-192.png 192x192 any',
      '/icon-512.png 512x512 any',
      '/icon-maskable-512.png 512x512 maskable',
    ]);
  });

  it('takes the icons from the cache while the source and background are unchanged, and draws again when either changes', async () => {
    await writeTree(root, { 'icon.svg': SVG });
    const cache = join(root, 'cache');
    await makeIcons(root, 'icon.svg', '#000000', cache);
    const [folder] = await readdir(cache);
    // Mark the cached copy: only a build that reads the cache can return the mark.
    await writeFile(join(cache, folder!, 'icon-32.png'), 'cached');
    const again = await makeIcons(root, 'icon.svg', '#000000', cache);
    expect(Buffer.from(again.files.find((f) => f.path === 'icon-32.png')!.contents).toString()).toBe('cached');
    const otherBackground = await makeIcons(root, 'icon.svg', '#ffffff', cache);
    expect(Buffer.from(otherBackground.files.find((f) => f.path === 'icon-32.png')!.contents).toString()).not.toBe('cached');
    await writeFile(join(root, 'icon.svg'), SVG.replace('#ffcc00', '#00ccff'));
    const newSource = await makeIcons(root, 'icon.svg', '#000000', cache);
    expect(Buffer.from(newSource.files.find((f) => f.path === 'icon-32.png')!.contents).toString()).not.toBe('cached');
    expect(await readdir(cache)).toHaveLength(3);
  });

  it('refuses a missing source and one that is not an SVG', async () => {
    await writeTree(root, { 'photo.svg': 'not an image at all' });
    await expect(makeIcons(root, 'missing.svg', '#000', join(root, 'cache'))).rejects.toThrow(new IconProblem('the icon missing.svg does not exist'));
    await expect(makeIcons(root, 'photo.svg', '#000', join(root, 'cache'))).rejects.toThrow(/the icon photo\.svg is not an SVG image that can be drawn/);
  });
});

describe('bundle with an icon', () => {
  it('adds the icon files and the head links, and counts the source among its inputs', async () => {
    await writeTree(root, { 'style.css': 'a{color:red}', 'theme/icon.svg': SVG });
    const result = await bundle(
      root,
      tinyTheme({ client: { scripts: {}, stylesheet: 'style.css', icon: { source: 'theme/icon.svg', background: '#000000' } } }),
    );
    expect(result.diagnostics).toEqual([]);
    expect(result.files.map((f) => f.path)).toContain('apple-touch-icon.png');
    expect(result.assets.icons?.map((l) => l.href)).toEqual(['/favicon.svg', '/icon-32.png', '/apple-touch-icon.png']);
    expect(result.manifestIcons).toHaveLength(3);
    expect(result.inputs).toContain('theme/icon.svg');
  });

  it('reports a missing icon at the line of templates/index.ts that names it', async () => {
    await writeTree(root, {
      'style.css': 'a{color:red}',
      'templates/index.ts': "export default {\n  client: { icon: { source: 'templates/logo.svg' } },\n};\n",
    });
    const result = await bundle(
      root,
      tinyTheme({ client: { scripts: {}, stylesheet: 'style.css', icon: { source: 'templates/logo.svg', background: '#000000' } } }),
    );
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        code: 'bundle',
        file: 'templates/index.ts',
        line: 2,
        column: 30,
        message: expect.stringContaining('the icon templates/logo.svg does not exist'),
      }),
    ]);
    expect(result.inputs).toBeNull();
  });
});
