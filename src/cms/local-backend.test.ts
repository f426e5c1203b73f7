import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { answerLocal, withSchemaLine } from './local-backend.ts';

const SECRET = 'the secret that must never leave its folder';
let base: string;
let root: string;

/** A project beside a folder it must never reach: links from inside pages/ and static/ lead there. */
beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'site-local-backend-'));
  root = join(base, 'project');
  await mkdir(join(base, 'outside'), { recursive: true });
  await writeFile(join(base, 'outside', 'secret.yaml'), SECRET);
  await writeFile(join(base, 'outside', 'secret.jpg'), SECRET);
  for (const dir of ['pages/gta', 'static/images', 'templates', 'node_modules']) await mkdir(join(root, dir), { recursive: true });
  await writeFile(join(root, 'site.yaml'), 'name: Site\n');
  await writeFile(join(root, 'pages/about.yaml'), '# yaml-language-server: $schema=../schemas/about.json\ntemplate: about\ntitle: About\n');
  await writeFile(join(root, 'pages/gta/ajax.yaml'), 'template: location\ntitle: Ajax\n');
  await writeFile(join(root, 'static/images/photo.jpg'), 'jpeg bytes');
  await writeFile(join(root, 'templates/index.ts'), 'export default {};\n');
  await writeFile(join(root, 'package.json'), '{}\n');
  await symlink(join(base, 'outside'), join(root, 'pages/out'));
  await symlink(join(base, 'outside'), join(root, 'static/images/out'));
  await symlink(join(base, 'outside', 'secret.yaml'), join(root, 'pages/linked.yaml'));
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

/** Every file below `dir` with its contents, links as their targets. */
async function snapshot(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const visit = async (at: string) => {
    for (const entry of await readdir(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isSymbolicLink()) out.set(relative(base, path), `link`);
      else if (entry.isDirectory()) await visit(path);
      else out.set(relative(base, path), await readFile(path, 'utf8'));
    }
  };
  await visit(dir);
  return out;
}

/** Paths as a hostile or confused page might send them, from pieces that lead everywhere. */
const piece = fc.constantFrom(
  'pages',
  'static',
  'images',
  'gta',
  'out',
  '..',
  '.',
  '',
  'site.yaml',
  'about.yaml',
  'new.yaml',
  'linked.yaml',
  'secret.yaml',
  'photo.jpg',
  'x.png',
  'x.svg',
  'templates',
  'index.ts',
  'package.json',
  'node_modules',
  '.git',
  'outside',
  'a\\b',
  '%2e%2e',
  'x\0y',
  'post.md',
);
// Most start where the editor may go, so the rest of the path is what decides.
const start = fc.constantFrom('pages', 'pages/gta', 'pages/out', 'static', 'static/images', 'static/images/out', 'templates', '..', '');
const path = fc.oneof(
  {
    arbitrary: fc.tuple(start, fc.array(piece, { minLength: 1, maxLength: 3 })).map(([first, parts]) => [first, ...parts].filter(Boolean).join('/')),
    weight: 4,
  },
  { arbitrary: start, weight: 1 },
  fc.array(piece, { minLength: 1, maxLength: 5 }).map((parts) => parts.join('/')),
  fc.array(piece, { minLength: 1, maxLength: 4 }).map((parts) => `/${parts.join('/')}`),
  fc.constantFrom(
    join(tmpdir(), 'x.yaml'),
    'pages/../../outside/secret.yaml',
    './pages/new.yaml',
    'pages/gta/',
    'pages/out/secret.yaml',
    'pages/out/new.yaml',
    'static/images/out/new.jpg',
  ),
);
const request = fc.oneof(
  path.map((p) => ({ action: 'getEntry', params: { path: p } })),
  path.map((p) => ({ action: 'entriesByFolder', params: { folder: p, extension: 'yaml', depth: 3 } })),
  path.map((p) => ({ action: 'entriesByFiles', params: { files: [{ path: p }] } })),
  path.map((p) => ({ action: 'getMedia', params: { mediaFolder: p } })),
  path.map((p) => ({ action: 'getMediaFile', params: { path: p } })),
  fc.tuple(path, fc.option(path, { nil: undefined })).map(([p, n]) => ({
    action: 'persistEntry',
    params: { dataFiles: [{ path: p, raw: 'template: about\ntitle: Saved\n', ...(n ? { newPath: n } : {}) }], assets: [] },
  })),
  fc.tuple(path, path).map(([p, a]) => ({
    action: 'persistEntry',
    params: { dataFiles: [{ path: p, raw: 'title: x\n' }], assets: [{ path: a, content: 'aGk=', encoding: 'base64' }] },
  })),
  path.map((p) => ({ action: 'persistMedia', params: { asset: { path: p, content: 'aGk=', encoding: 'base64' } } })),
  path.map((p) => ({ action: 'deleteFile', params: { path: p } })),
  path.map((p) => ({ action: 'deleteFiles', params: { paths: [p] } })),
  fc.constantFrom(
    { action: 'nope' },
    null,
    'text',
    { action: 'getEntry', params: null },
    { action: 'persistEntry', params: { dataFiles: [{ path: 'pages/a.yaml', raw: 5 }] } },
  ),
);

/** What the editor may change: site.yaml, page files in pages/ (not through a link), pictures in static/. */
function mayChange(file: string): boolean {
  const inProject = file.startsWith('project/') ? file.slice('project/'.length) : null;
  if (inProject === null) return false;
  // The two links of the fixture: a folder named `out` that the editor made itself elsewhere is a folder like any other.
  if (inProject.startsWith('pages/out/') || inProject.startsWith('static/images/out/')) return false;
  return inProject === 'site.yaml' || /^pages\/.+\.(ya?ml|md)$/.test(inProject) || /^static\/.+\.(jpe?g|png|webp|avif)$/.test(inProject);
}

describe('the local backend', () => {
  it('reads and writes only the project’s content, never through a link, and never throws (generated)', async () => {
    await fc.assert(
      fc.asyncProperty(request, async (req) => {
        const before = await snapshot(base);
        const answer = await answerLocal(root, req);
        const after = await snapshot(base);
        expect(answer.status, JSON.stringify(req)).toBeGreaterThanOrEqual(200);
        expect(JSON.stringify(answer.body)).not.toContain(SECRET);
        for (const file of new Set([...before.keys(), ...after.keys()]))
          if (before.get(file) !== after.get(file)) expect(mayChange(file), `${JSON.stringify(req)} changed ${file}`).toBe(true);
        // Nothing half-written is left beside a saved file.
        expect([...after.keys()].filter((f) => f.endsWith('.saving'))).toEqual([]);
        expect((await lstat(join(root, 'pages/out'))).isSymbolicLink()).toBe(true);
      }),
      { numRuns: 800 },
    );
  });

  it('answers what Decap CMS asks, as its own local server does', async () => {
    expect((await answerLocal(root, { action: 'info' })).body).toMatchObject({ publish_modes: ['simple'], type: 'local_fs' });
    const listed = (await answerLocal(root, { action: 'entriesByFolder', params: { folder: 'pages/gta', extension: 'yaml', depth: 1 } })).body as {
      file: { path: string };
    }[];
    // The generated test above may have saved pages there too: the listing is every YAML file there is, and no link.
    const there = (await readdir(join(root, 'pages/gta'), { withFileTypes: true })).filter((e) => e.isFile() && e.name.endsWith('.yaml'));
    expect(listed.map((e) => e.file.path).sort()).toEqual(there.map((e) => `pages/gta/${e.name}`).sort());
    expect(listed.map((e) => e.file.path)).toContain('pages/gta/ajax.yaml');
    const saved = await answerLocal(root, {
      action: 'persistEntry',
      params: { dataFiles: [{ path: 'pages/gta/new-town.yaml', raw: 'template: location\ntitle: New town\n' }], assets: [] },
    });
    expect(saved.status).toBe(200);
    expect(await readFile(join(root, 'pages/gta/new-town.yaml'), 'utf8')).toBe(
      '# yaml-language-server: $schema=../../schemas/location.json\ntemplate: location\ntitle: New town\n',
    );
    const refused = await answerLocal(root, { action: 'getEntry', params: { path: 'pages/linked.yaml' } });
    expect(refused.body).toMatchObject({ data: null });
  });

  it('puts back the schema line a saved YAML file lacks: its template’s, site.yaml’s or the redirects’', () => {
    expect(withSchemaLine('site.yaml', 'a: 1\n')).toBe('# yaml-language-server: $schema=./schemas/site.json\na: 1\n');
    expect(withSchemaLine('pages/_redirects.yaml', 'redirects: []\n')).toBe('# yaml-language-server: $schema=../schemas/redirects.json\nredirects: []\n');
    expect(withSchemaLine('pages/x/y.yaml', 'title: T\ntemplate: "service"\n')).toBe(
      '# yaml-language-server: $schema=../../schemas/service.json\ntitle: T\ntemplate: "service"\n',
    );
    expect(withSchemaLine('pages/blog/p.md', '---\ntemplate: post\n---\n')).toBe('---\ntemplate: post\n---\n');
    expect(withSchemaLine('pages/x.yaml', 'title: no template\n')).toBe('title: no template\n');
  });
});
