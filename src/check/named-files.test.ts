// namedFiles() and concerning(): which files a check reports on, and which problems elsewhere are about them.
import fc from 'fast-check';
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';
import { concerning, namedFiles, type NamedFile } from './named-files.ts';
import { makeTempFolder, removeFolder, writeTree } from '../../tests/helpers/unit.ts';

describe('namedFiles', () => {
  let root: string;
  beforeEach(async () => {
    root = await makeTempFolder();
    await writeTree(root, { 'pages/about.yaml': 'x', 'pages/gta/ajax.yaml': 'x' });
  });
  afterEach(async () => {
    await removeFolder(root);
  });

  it('makes files and folders project-relative, absolute or relative to the project', () => {
    expect(namedFiles(root, [join(root, 'pages/about.yaml'), 'pages/gta', '.'])).toEqual({
      named: [
        { path: 'pages/about.yaml', folder: false },
        { path: 'pages/gta', folder: true },
        { path: '', folder: true },
      ],
      problems: [],
    });
  });

  it('names a file as the loader does, whatever characters its name holds, a backslash among them', () => {
    // On Linux a backslash is a character of a name: `ab\\out.yaml` was taken for `ab/out.yaml`, and its problems left out.
    const name = fc
      .string({ unit: fc.constantFrom('a', 'b', '-', '_', ' ', '.', 'é', '\\'), minLength: 1, maxLength: 8 })
      .filter((n) => n !== '.' && n !== '..');
    fc.assert(
      fc.property(name, name, (folder, file) => {
        const path = `pages/${folder}/${file}.yaml`;
        mkdirSync(join(root, 'pages', folder), { recursive: true });
        writeFileSync(join(root, path), 'x');
        for (const given of [path, join(root, path)]) {
          const { named, problems } = namedFiles(root, [given]);
          expect(problems).toEqual([]);
          expect(named).toEqual([{ path, folder: false }]);
          expect(concerning(named)(diagnostic('schema', { file: path }, { message: 'x' }))).toBe(true);
        }
        expect(namedFiles(root, [`pages/${folder}`]).named).toEqual([{ path: `pages/${folder}`, folder: true }]);
      }),
      { numRuns: 100 },
    );
  });

  it('refuses a file that does not exist and one outside the project', () => {
    const outside = join(root, '..', 'elsewhere.yaml');
    const { named, problems } = namedFiles(root, ['pages/abuot.yaml', outside]);
    expect(named).toEqual([]);
    expect(problems.map((d) => [d.file, d.code, d.severity, d.message])).toEqual([
      ['pages/abuot.yaml', 'named-file', 'error', 'there is no such file or folder to check'],
      [outside, 'named-file', 'error', `cannot check a file outside the project (${root})`],
    ]);
  });
});

describe('concerning', () => {
  const at = (file: string, subject?: string) => ({ file, line: 3, column: 5, ...(subject ? { subject } : {}) });
  const reported = (named: NamedFile[], list: Diagnostic[]) => list.filter(concerning(named)).map((d) => `${d.code} ${d.file}`);
  const services: NamedFile[] = [{ path: 'pages/services.yaml', folder: false }];

  it('keeps the named file’s own problems and leaves out other files’', () => {
    expect(
      reported(services, [
        diagnostic('schema', at('pages/services.yaml'), { message: 'wrong' }),
        diagnostic('schema', at('pages/contact.yaml'), { message: 'wrong' }),
        diagnostic('broken-link', at('pages/contact.yaml', '/nowhere'), { path: '/nowhere' }),
      ]),
    ).toEqual(['schema pages/services.yaml']);
  });

  it('keeps problems elsewhere about the named page’s route: links to it, another file claiming it', () => {
    expect(
      reported(services, [
        diagnostic('non-canonical-link', at('pages/index.yaml', '/services/#top'), { href: '/services/#top', path: '/services' }),
        diagnostic('duplicate-route', at('pages/services/index.yaml', '/services'), { first: 'pages/services.yaml', route: '/services' }),
        diagnostic('through-redirect', at('site.yaml', '/services-old'), { href: '/services-old', target: '/services' }),
      ]),
    ).toEqual(['non-canonical-link pages/index.yaml', 'duplicate-route pages/services/index.yaml']);
  });

  it('keeps a named template’s failures on any page, and its articles’ and static files’ links', () => {
    const named: NamedFile[] = [
      { path: 'templates/pages/location.tsx', folder: false },
      { path: 'pages/blog/first.md', folder: false },
      { path: 'static/images/logo.svg', folder: false },
    ];
    expect(
      reported(named, [
        diagnostic('render', at('pages/gta/ajax.yaml', 'templates/pages/location.tsx'), { template: 'location', error: 'boom' }),
        diagnostic('render', at('pages/about.yaml', 'templates/pages/about.tsx'), { template: 'about', error: 'boom' }),
        diagnostic('non-canonical-link', at('pages/index.yaml', '/blog/first/'), { href: '/blog/first/', path: '/blog/first' }),
        diagnostic('broken-link', at('pages/index.yaml', '/images/logo.svg'), { path: '/images/logo.svg' }),
      ]),
    ).toEqual(['render pages/gta/ajax.yaml', 'non-canonical-link pages/index.yaml', 'broken-link pages/index.yaml']);
  });

  it('keeps what stopped every page from rendering, since the named files could not be checked through', () => {
    expect(
      reported(services, [
        diagnostic('yaml-syntax', at('site.yaml'), { message: 'bad' }),
        diagnostic('yaml-syntax', at('pages/about.yaml'), { message: 'bad' }),
      ]),
    ).toEqual(['yaml-syntax site.yaml']);
  });

  it('takes a folder for the files below it and the routes they serve', () => {
    const gta: NamedFile[] = [{ path: 'pages/gta', folder: true }];
    expect(
      reported(gta, [
        diagnostic('schema', at('pages/gta/ajax.yaml'), { message: 'wrong' }),
        diagnostic('schema', at('pages/gta.yaml'), { message: 'wrong' }),
        diagnostic('non-canonical-link', at('pages/index.yaml', '/gta/ajax/'), { href: '/gta/ajax/', path: '/gta/ajax' }),
        diagnostic('non-canonical-link', at('pages/index.yaml', '/gta/'), { href: '/gta/', path: '/gta' }),
      ]),
    ).toEqual(['schema pages/gta/ajax.yaml', 'non-canonical-link pages/index.yaml']);
    expect(reported([{ path: '', folder: true }], [diagnostic('schema', at('pages/gta.yaml'), { message: 'wrong' })])).toEqual(['schema pages/gta.yaml']);
  });
});
