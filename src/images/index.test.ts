// images(): every raster picture of static/ is made into variants (named in an image field), encoded again without
// its camera data (linked by its path from published content), or left out with a warning at its file (used by nothing published).
import { Type } from '@sinclair/typebox';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cameraData, cameraPhoto, type PhotoFormat } from '../../tests/helpers/camera-photo.ts';
import type { StaticEntry } from '../contracts/model.ts';
import { makeTempFolder, pageEntry, articleEntry, redirectEntry, removeFolder, siteModel, tinyTheme } from '../../tests/helpers/unit.ts';
import { images } from './index.ts';
import { rasterFormat } from './raster.ts';

const base = tinyTheme();
const theme = tinyTheme({
  templates: {
    plain: {
      ...base.templates.plain!,
      schema: Type.Object({ heading: Type.String(), photo: Type.Optional(Type.String({ contentMediaType: 'image/*' })), more: Type.Optional(Type.String()) }),
    },
  } as never,
});

type Use = 'field' | 'page-link' | 'site-link' | 'article-link' | 'redirect' | 'own-address' | 'none';

let cache: string;
beforeAll(async () => {
  cache = await makeTempFolder();
});
afterAll(async () => {
  await removeFolder(cache);
});

describe('images and the raster pictures of static/', () => {
  it('publishes each only through sharp: variants, a clean copy at its own address, or nothing and a warning', async () => {
    const cases = fc.sample(
      fc.record({
        format: fc.constantFrom<PhotoFormat>('jpeg', 'png', 'webp'),
        use: fc.constantFrom<Use>('field', 'page-link', 'site-link', 'article-link', 'redirect', 'own-address', 'none'),
        misnamed: fc.boolean(),
      }),
      { numRuns: 21, seed: 7 },
    );
    const statics: StaticEntry[] = [{ file: 'static/robots-note.txt', route: '/robots-note.txt', contents: Buffer.from('plain text stays as it is') }];
    const pages = [];
    const articles = [];
    const siteLinks: string[] = [];
    const redirects = [];
    for (const [index, c] of cases.entries()) {
      const route = `/images/p${index}.${c.misnamed ? 'txt' : c.format}`;
      statics.push({ file: `static${route}`, route, contents: await cameraPhoto(c.format, 40 + index, 30, index + 1) });
      if (c.use === 'field') pages.push(pageEntry(`/field-${index}`, { photo: route }));
      if (c.use === 'page-link') pages.push(pageEntry(`/link-${index}`, { more: route }));
      if (c.use === 'site-link') siteLinks.push(route);
      // A redirect from an old address of the photo, and a page linking it by the site's whole address.
      if (c.use === 'redirect') redirects.push(redirectEntry(`/old-photo-${index}`, route));
      if (c.use === 'own-address') pages.push(pageEntry(`/address-${index}`, { more: `https://www.example.com${route}?v=2` }));
      if (c.use === 'article-link')
        articles.push(articleEntry(`article-${index}`, { title: 'An article', summary: 'An article.', date: '2024-01-01' }, `See [the photo](${route}).`));
    }
    expect(new Set(cases.map((c) => c.use)).size, 'every use is tried').toBe(7);
    const model = siteModel({
      statics,
      pages: [...pages, ...articles],
      redirects,
      site: { name: 'Tiny', baseUrl: 'https://www.example.com', pictures: siteLinks },
    });
    const result = await images(model, theme, cache);
    const published = new Map(result.statics.map((s) => [s.route, s]));

    expect(published.get('/robots-note.txt')).toBe(statics[0]);
    for (const [index, c] of cases.entries()) {
      const route = statics[index + 1]!.route;
      const unused = result.diagnostics.filter((d) => d.code === 'image-unused' && d.file === `static${route}`);
      if (c.use === 'none') {
        expect(published.has(route), route).toBe(false);
        expect(unused.map((d) => [d.line, d.column, d.severity])).toEqual([[1, 1, 'warning']]);
        continue;
      }
      expect(unused).toEqual([]);
      if (c.use === 'field') {
        // The original goes no further than build.ts, which leaves out what was made into variants.
        expect(result.replaced.has(route)).toBe(true);
        expect(result.pictures[route]?.sources.length).toBeGreaterThan(0);
      } else {
        expect(result.replaced.has(route)).toBe(false);
        const copy = published.get(route)!;
        expect(rasterFormat(copy.contents)).toBe(c.format);
        expect(await cameraData(copy.contents)).toEqual([]);
      }
    }
    // Whatever is published as it is carries no camera data.
    for (const s of result.statics) if (!result.replaced.has(s.route) && rasterFormat(s.contents)) expect(await cameraData(s.contents), s.route).toEqual([]);
    expect(result.diagnostics.filter((d) => d.code !== 'image-unused')).toEqual([]);
  });

  it('refuses a file published as it is that carries a GPS position (a PDF around a phone photo), at the file, and publishes the rest', async () => {
    const photo = await cameraPhoto('jpeg');
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\nstream\n'), photo, Buffer.from('\nendstream\n%%EOF\n')]);
    const statics: StaticEntry[] = [
      { file: 'static/docs/scan.pdf', route: '/docs/scan.pdf', contents: pdf },
      // A photo pasted into a drawing is cleaned (src/images/raster.ts), so the drawing itself is published.
      { file: 'static/plan.svg', route: '/plan.svg', contents: Buffer.from(`<svg><image href="data:image/jpeg;base64,${photo.toString('base64')}"/></svg>`) },
      { file: 'static/notes.txt', route: '/notes.txt', contents: Buffer.from('plain') },
    ];
    const result = await images(siteModel({ statics }), theme, cache);
    expect(result.diagnostics.map((d) => [d.code, d.file, d.line, d.column])).toEqual([['file-location', 'static/docs/scan.pdf', 1, 1]]);
    expect(result.diagnostics[0]!.message).toMatch(/^\/docs\/scan\.pdf carries a GPS position \(in the EXIF data of a photo inside it\)/);
    expect(result.statics.map((s) => s.route)).toEqual(['/plan.svg', '/notes.txt']);
    expect(await cameraData(result.statics[0]!.contents)).toEqual([]);
  });

  it('leaves a model without raster pictures as it was', async () => {
    const model = siteModel({ statics: [{ file: 'static/a.svg', route: '/a.svg', contents: Buffer.from('<svg width="1" height="1"/>') }] });
    const result = await images(model, theme, cache);
    expect(result.statics).toBe(model.statics);
    expect(result.diagnostics).toEqual([]);
  });
});
