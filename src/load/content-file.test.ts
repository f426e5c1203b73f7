// readContentFile() and load(): whatever stands at a content path, reading ends, reads at most its
// limit, and refuses what is not a regular file inside the project, with the reason.
import { execFileSync } from 'node:child_process';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { statSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readContentFile } from './content-file.ts';
import { load, reloadFiles } from './load.ts';
import { makeTempFolder, removeFolder, writeTree } from '../../tests/helpers/unit.ts';

let base: string;
let root: string;
beforeEach(async () => {
  base = await makeTempFolder();
  root = join(base, 'project');
  await mkdir(root);
  await writeFile(join(base, 'outside.yaml'), 'secret: outside the project\n');
});
afterEach(async () => {
  await removeFolder(base);
});

async function fifo(path: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  execFileSync('mkfifo', [path]);
}

async function link(target: string, path: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await symlink(target, path);
}

describe('readContentFile', () => {
  it('reads a regular file, whole', async () => {
    await writeTree(root, { 'pages/a.yaml': 'title: A\n' });
    // With the file's status as it was opened: what a page file's known text is stamped with (known-texts.ts).
    const { ino, size } = statSync(join(root, 'pages/a.yaml'));
    for (const known of ['unknown', 'regular'] as const) {
      const read = readContentFile(root, 'pages/a.yaml', 100, known);
      expect(read && 'bytes' in read && [read.bytes, read.stats.ino, read.stats.size]).toEqual([Buffer.from('title: A\n'), ino, size]);
    }
    expect(readContentFile(root, 'pages/none.yaml', 100)).toBeNull();
  });

  it('refuses a file past its limit without reading it', async () => {
    await writeTree(root, { 'static/big.bin': 'x'.repeat(101) });
    expect(readContentFile(root, 'static/big.bin', 100)).toEqual({ refused: { why: 'too-large', bytes: 101, limit: 100 } });
  });

  it('refuses a named pipe without waiting for a writer, even when a listing took it for a file', async () => {
    await fifo(join(root, 'site.yaml'));
    expect(readContentFile(root, 'site.yaml', 100)).toEqual({ refused: { why: 'pipe' } });
    expect(readContentFile(root, 'site.yaml', 100, 'regular')).toEqual({ refused: { why: 'pipe' } });
  });

  it('refuses a link to /dev/zero, out of the project, and a link inside it to a pipe', async () => {
    await link('/dev/zero', join(root, 'site.yaml'));
    expect(readContentFile(root, 'site.yaml', 100)).toEqual({ refused: { why: 'link-outside', target: '/dev/zero' } });
    await fifo(join(root, 'pipe'));
    await link('../pipe', join(root, 'pages/p.yaml'));
    expect(readContentFile(root, 'pages/p.yaml', 100)).toEqual({ refused: { why: 'link-special', target: '../pipe' } });
    // A link the listing took for a regular file (it was swapped in since) is looked at again.
    expect(readContentFile(root, 'pages/p.yaml', 100, 'regular')).toEqual({ refused: { why: 'link-special', target: '../pipe' } });
  });

  it('refuses a socket and a folder where a file should be', async () => {
    await mkdir(join(root, 'pages'), { recursive: true });
    const server: Server = createServer();
    await new Promise<void>((done) => server.listen(join(root, 'pages/s.yaml'), done));
    try {
      expect(readContentFile(root, 'pages/s.yaml', 100)).toEqual({ refused: { why: 'socket' } });
    } finally {
      await new Promise((done) => server.close(done));
    }
    await mkdir(join(root, 'site.yaml'));
    expect(readContentFile(root, 'site.yaml', 100)).toEqual({ refused: { why: 'folder' } });
  });
});

/** The kinds of things an editor's folder may hold at a content path. */
const KINDS = [
  'file',
  'pipe',
  'link to a file inside',
  'link out of the project',
  'link to nothing',
  'link to a folder',
  'link to a pipe',
  'link loop',
  'too large',
] as const;
type Kind = (typeof KINDS)[number];
const REASON: Record<Exclude<Kind, 'file' | 'link to a file inside'>, string> = {
  pipe: 'pipe',
  'link out of the project': 'link-outside',
  'link to nothing': 'link-nowhere',
  'link to a folder': 'link-folder',
  'link to a pipe': 'link-special',
  'link loop': 'link-nowhere',
  'too large': 'too-large',
};

async function place(path: string, kind: Kind): Promise<void> {
  const full = join(root, path);
  await mkdir(dirname(full), { recursive: true });
  const up = '../'.repeat(path.split('/').length - 1);
  switch (kind) {
    case 'file':
      return writeFile(full, `file: ${path}\n`);
    case 'pipe':
      return fifo(full);
    case 'link to a file inside':
      return link(`${up}inside.txt`, full);
    case 'link out of the project':
      return link(`${up}../outside.yaml`, full);
    case 'link to nothing':
      return link(`${up}gone.yaml`, full);
    case 'link to a folder':
      return link(`${up}folder`, full);
    case 'link to a pipe':
      return link(`${up}pipe`, full);
    case 'link loop':
      return link(full.slice(full.lastIndexOf('/') + 1), full);
    case 'too large':
      return writeFile(full, 'x'.repeat(5_000_000));
  }
}

describe('load', () => {
  it('ends, reads what is a file inside the project, and refuses every other thing at its path', async () => {
    const paths = fc.uniqueArray(
      fc.tuple(fc.constantFrom('site.yaml', 'pages/a.yaml', 'pages/b/c.md', 'pages/notes.txt', 'static/x.bin', 'static/d/e.png'), fc.constantFrom(...KINDS)),
      { minLength: 1, maxLength: 5, selector: ([path]) => path },
    );
    await fc.assert(
      fc.asyncProperty(paths, async (entries) => {
        await removeFolder(root);
        await writeTree(root, { 'inside.txt': 'inside: yes\n', 'folder/f.txt': 'f' });
        await fifo(join(root, 'pipe'));
        for (const [path, kind] of entries) await place(path, kind);
        const content = await load(root);
        const readTexts = new Map([...(content.site ? [content.site] : []), ...content.pages].map((s) => [s.file, s.text]));
        const readStatics = new Map(content.statics.map((s) => [s.file, s.contents.toString('utf8')]));
        for (const [path, kind] of entries) {
          const refusal = content.refused!.find((r) => r.file === path)?.refusal;
          if (kind === 'file' || kind === 'link to a file inside') {
            const expected = kind === 'file' ? `file: ${path}\n` : 'inside: yes\n';
            expect(refusal, path).toBeUndefined();
            // A file under pages/ that is not a page is never read, only named.
            if (path === 'pages/notes.txt') expect(content.strays).toContain(path);
            else expect(path.startsWith('static/') ? readStatics.get(path) : readTexts.get(path), path).toBe(expected);
          } else if (kind === 'too large' && path.startsWith('static/')) {
            // 5 MB is within what static/ may hold.
            expect(refusal, path).toBeUndefined();
            expect(readStatics.get(path)?.length).toBe(5_000_000);
          } else if (kind === 'too large' && path === 'pages/notes.txt') {
            // A stray is named, never read: its size does not matter.
            expect(refusal, path).toBeUndefined();
            expect(content.strays).toContain(path);
          } else {
            expect(refusal?.why, `${path} (${kind})`).toBe(REASON[kind]);
            expect(readTexts.has(path) || readStatics.has(path) || (content.strays ?? []).includes(path)).toBe(false);
          }
        }
        const readable = (path: string, kind: Kind) =>
          kind === 'file' || kind === 'link to a file inside' || (kind === 'too large' && (path.startsWith('static/') || path === 'pages/notes.txt'));
        expect(content.refused!.length).toBe(entries.filter(([path, kind]) => !readable(path, kind)).length);
      }),
      { numRuns: 40 },
    );
  });

  it('refuses pages/ or static/ made a link out of the project without walking it, and walks one to a folder inside', async () => {
    await writeTree(root, { 'site.yaml': 'a: 1\n', 'content/pages/a.yaml': 'a: 1\n' });
    await link('/', join(root, 'static'));
    await link('content/pages', join(root, 'pages'));
    const content = await load(root);
    expect(content.refused).toEqual([{ file: 'static', refusal: { why: 'link-outside', target: '/' } }]);
    expect(content.statics).toEqual([]);
    expect(content.pages.map((p) => [p.file, p.text])).toEqual([['pages/a.yaml', 'a: 1\n']]);
    const again = await reloadFiles(root, content, ['static']);
    expect(again.refused).toEqual(content.refused);
  });

  it('refuses pages/ or static/ made a file, a pipe, or a link to a file inside the project, at its path, and again on a rebuild', async () => {
    const kinds = fc.constantFrom('file', 'pipe', 'link to a file');
    await fc.assert(
      fc.asyncProperty(kinds, fc.constantFrom('pages', 'static'), async (kind, area) => {
        const project = join(base, `p${Math.random().toString(36).slice(2)}`);
        await writeTree(project, { 'site.yaml': 'a: 1\n', 'notes.txt': 'x\n' });
        if (kind === 'file') await writeFile(join(project, area), 'a: 1\n');
        else if (kind === 'pipe') await fifo(join(project, area));
        else await link('notes.txt', join(project, area));
        const content = await load(project);
        const refusal = kind === 'link to a file' ? { why: 'not-folder', target: 'notes.txt' } : { why: 'not-folder' };
        expect(content.refused).toEqual([{ file: area, refusal }]);
        expect([content.pages, content.statics]).toEqual([[], []]);
        expect((await reloadFiles(project, content, [area])).refused).toEqual(content.refused);
      }),
      { numRuns: 12 },
    );
  });

  it('refuses a folder under pages/ named like a page (_redirects.yaml made a folder) at its path, and walks what it holds', async () => {
    const name = fc.tuple(fc.constantFrom('', 'gta/', 'blog/', 'a/b/'), fc.constantFrom('_redirects', 'about', 'x'), fc.constantFrom('yaml', 'yml', 'md'));
    await fc.assert(
      fc.asyncProperty(name, fc.boolean(), async ([folder, stem, extension], holdsAPage) => {
        const project = join(base, `p${Math.random().toString(36).slice(2)}`);
        const path = `pages/${folder}${stem}.${extension}`;
        await writeTree(project, { 'site.yaml': 'a: 1\n', 'pages/index.yaml': 'a: 1\n', [`static/${stem}.${extension}/s.txt`]: 's\n' });
        await mkdir(join(project, path), { recursive: true });
        if (holdsAPage) await writeFile(join(project, path, 'inner.yaml'), 'b: 1\n');
        const content = await load(project);
        expect(content.refused).toEqual([{ file: path, refusal: { why: 'folder' } }]);
        expect(content.pages.map((p) => p.file)).toEqual(holdsAPage ? [`${path}/inner.yaml`, 'pages/index.yaml'].sort() : ['pages/index.yaml']);
        expect(content.statics.map((s) => s.file)).toEqual([`static/${stem}.${extension}/s.txt`]);
        // The dev server, told of the new folder alone, ends where a fresh load does.
        const before = await load(project);
        await removeFolder(join(project, path));
        const gone = await reloadFiles(project, before, [path]);
        expect(gone.refused).toEqual([]);
        await mkdir(join(project, path), { recursive: true });
        if (holdsAPage) await writeFile(join(project, path, 'inner.yaml'), 'b: 1\n');
        const again = await reloadFiles(project, gone, [path]);
        expect([again.refused, again.pages.map((p) => p.file)]).toEqual([content.refused, content.pages.map((p) => p.file)]);
      }),
      { numRuns: 20 },
    );
  });

  it("leaves an editor's hidden lock link under pages/ a stray, never refused", async () => {
    await writeTree(root, { 'site.yaml': 'a: 1\n', 'pages/about.yaml': 'a: 1\n' });
    await link('me@host.1234:1700000000', join(root, 'pages/.#about.yaml'));
    const content = await load(root);
    expect(content.refused).toEqual([]);
    expect(content.strays).toEqual(['pages/.#about.yaml']);
  });

  it('keeps the refusals of a rebuild to the paths it read again', async () => {
    await writeTree(root, { 'site.yaml': 'a: 1\n', 'pages/a.yaml': 'a: 1\n' });
    await fifo(join(root, 'pages/p.yaml'));
    await link('/etc/hostname', join(root, 'static/h.txt'));
    const first = await load(root);
    expect(first.refused!.map((r) => [r.file, r.refusal.why])).toEqual([
      ['pages/p.yaml', 'pipe'],
      ['static/h.txt', 'link-outside'],
    ]);
    await removeFolder(join(root, 'pages/p.yaml'));
    await writeFile(join(root, 'pages/p.yaml'), 'a: 2\n');
    await removeFolder(join(root, 'site.yaml'));
    await link('/dev/zero', join(root, 'site.yaml'));
    const again = await reloadFiles(root, first, ['pages/p.yaml', 'site.yaml']);
    expect(again.refused!.map((r) => [r.file, r.refusal.why])).toEqual([
      ['site.yaml', 'link-outside'],
      ['static/h.txt', 'link-outside'],
    ]);
    expect(again.site).toBeNull();
    expect(again.pages.map((p) => p.file)).toEqual(['pages/a.yaml', 'pages/p.yaml']);
    const whole = await reloadFiles(root, again, ['static']);
    expect(whole.refused!.map((r) => r.file)).toEqual(['site.yaml', 'static/h.txt']);
  });
});
