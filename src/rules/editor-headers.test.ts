import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { APP_BLOCKS, MAX_HEADER_BLOCKS } from '../extras/headers-file.ts';
import { editorHeaders } from './editor-headers.ts';

/** A site of `count` folders, each with a page from pages/ and a picture the build made, plus the editor's own files. */
function site(count: number) {
  return [
    { path: 'index.html', from: 'pages/index.yaml' },
    { path: 'admin/editor.html', from: 'the build' },
    { path: 'admin/decap-cms.js', from: 'the build' },
    ...Array.from({ length: count }, (_, i) => [
      { path: `f${String(i).padStart(3, '0')}/page.html`, from: `pages/f${i}/page.yaml` },
      { path: `f${String(i).padStart(3, '0')}/card.png`, from: 'the build' },
    ]).flat(),
  ];
}

describe('the browser editor’s headers', () => {
  // `/`, `/:page` and one block per folder, with the three of every build with an editor.
  const most = MAX_HEADER_BLOCKS - APP_BLOCKS - 2;

  it(`let a site have ${most} folders, and refuse one more at a file of that folder, before anything is written`, () => {
    expect(editorHeaders(site(most), '/admin/')).toEqual([]);
    const [problem, ...rest] = editorHeaders(site(most + 1), '/admin/');
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({ code: 'editor-headers-limit', severity: 'error', file: `pages/f${most}/page.yaml`, line: 1, column: 1 });
    expect(problem!.message).toContain(`${most + 1} folders`);
  });

  it('count no folder of the editor’s own', () => {
    const extra = Array.from({ length: 20 }, (_, i) => ({ path: `admin/x${i}/a.js`, from: 'the build' }));
    expect(editorHeaders([...site(most), ...extra], '/admin/')).toEqual([]);
  });

  it('refuse, once at a content file of each, the folders no pattern can name as themselves, and let every other through (generated names)', () => {
    const names = fc.oneof(
      fc.stringMatching(/^[A-Za-z0-9._~-]{1,12}$/),
      fc.constantFrom('my photos', ':x', 'a*b', 'Admin', 'ADMIN', 'admin', 'a:b', 'a b', '%', 'x?y', 'ß', 'é'),
    );
    fc.assert(
      fc.property(fc.uniqueArray(fc.array(names, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 8, selector: (p) => p.join('/') }), (dirs) => {
        const outputs = dirs.flatMap((parts, i) => [
          { path: `${parts.join('/')}/card-${i}.png`, from: 'the build' },
          { path: `${parts.join('/')}/p${i}.html`, from: `pages/p${i}.yaml` },
        ]);
        const refused = editorHeaders(outputs, '/admin/');
        const bad = [...new Set(dirs.map((parts) => parts.join('/')))].filter(
          (dir) => dir.split('/').some((name) => !/^[A-Za-z0-9._~-]+$/.test(name)) || `/${dir}/`.toLowerCase().startsWith('/admin/'),
        );
        expect(refused.map((d) => d.code)).toEqual(bad.map(() => 'editor-folder-name'));
        for (const problem of refused) expect(problem.file).toMatch(/^pages\//);
      }),
      { numRuns: 300 },
    );
  });
});
