// What `site dev` prints for each rebuild.
import { describe, expect, it } from 'vitest';
import { diagnostic } from '../contracts/diagnostics.ts';
import type { DevBuild } from '../dev/build-thread.ts';
import { devReportText } from './dev-text.ts';
import { jobsLeft, progressOf, progressText } from '../dev/media-progress.ts';

const result = (rendered: number, diagnostics: DevBuild['diagnostics'] = []): DevBuild => ({
  files: new Map(),
  routes: [],
  diagnostics,
  renderedRoutes: Array.from({ length: rendered }, (_, i) => `/p${i}`),
  later: [],
  build: 1,
  stats: {
    pages: 102,
    bytes: 0,
    milliseconds: 17,
    stages: {},
    memory: { stages: {}, peak: 0 },
    scripts: {},
    images: { drawn: 0, cached: 0 },
    cards: { drawn: 0, cached: 0 },
  },
});

describe('devReportText', () => {
  it('says how many pages the first build made', () => {
    expect(devReportText({ kind: 'built', changed: [], result: result(102), reloaded: 0, updated: 102 })).toBe('Built 102 pages in 17 ms');
  });

  it('names the changed files, the pages updated and the tabs reloaded', () => {
    expect(devReportText({ kind: 'built', changed: ['pages/gta/ajax.yaml'], result: result(1), reloaded: 2, updated: 1 })).toMatch(
      /^\d\d:\d\d:\d\d pages\/gta\/ajax\.yaml changed: 1 page updated in 17 ms, 2 tabs reloaded$/,
    );
    expect(devReportText({ kind: 'built', changed: ['a', 'b', 'c', 'd', 'e'], result: result(3), reloaded: 0, updated: 3 })).toMatch(
      /a, b, c and 2 more changed: 3 pages updated in 17 ms$/,
    );
  });

  it('counts the pages the tabs see change, not those rendered again to the same bytes', () => {
    expect(devReportText({ kind: 'built', changed: ['pages/gta/ajax.yaml'], result: result(103), reloaded: 1, updated: 1 })).toMatch(
      /ajax\.yaml changed: 1 page updated in 17 ms, 1 tab reloaded$/,
    );
    expect(devReportText({ kind: 'built', changed: ['templates/a.tsx'], result: result(103), reloaded: 0, updated: 0 })).toMatch(/changed: 0 pages updated in/);
  });

  it('lists warnings after the first build, and later those of the files just saved', () => {
    const warning = diagnostic('not-a-page', { file: 'pages/notes.txt' }, { file: 'pages/notes.txt' });
    expect(devReportText({ kind: 'built', changed: [], result: result(102, [warning]), reloaded: 0, updated: 102 })).toContain(warning.message);
    expect(devReportText({ kind: 'built', changed: ['pages/notes.txt'], result: result(0, [warning]), reloaded: 0, updated: 0 })).toContain(warning.message);
    expect(devReportText({ kind: 'built', changed: ['pages/a.yaml'], result: result(1, [warning]), reloaded: 0, updated: 1 })).not.toContain(warning.message);
  });

  it('prints each problem at its place and says the browser shows them', () => {
    const problem = diagnostic('front-matter', { file: 'pages/blog/x.md', line: 1, column: 1 });
    const text = devReportText({ kind: 'failed', changed: ['pages/blog/x.md'], diagnostics: [problem] });
    expect(text).toContain('pages/blog/x.md:1:1');
    expect(text).toContain(problem.message);
    expect(text).toContain('1 error in 1 file; the browser shows them over the last build that worked.');
  });

  it('after a save, counts the warnings of other files with where they are, and lists none of them', () => {
    const warning = diagnostic('not-a-page', { file: 'pages/notes.txt' }, { file: 'pages/notes.txt' });
    const text = devReportText({ kind: 'built', changed: ['pages/a.yaml'], result: result(1, [warning]), reloaded: 0, updated: 1 });
    expect(text).toMatch(
      / pages\/a\.yaml changed: 1 page updated in 17 ms \(1 warning in 1 file not saved just now: pages\/notes\.txt; npx site check lists them\)$/,
    );
  });

  it('lists the errors that stopped a build, then the warnings apart, said not to stop it', () => {
    const error = diagnostic('front-matter', { file: 'pages/blog/x.md', line: 1, column: 1 });
    const warning = diagnostic('not-a-page', { file: 'pages/notes.txt' }, { file: 'pages/notes.txt' });
    const lines = devReportText({ kind: 'failed', changed: ['pages/blog/x.md'], diagnostics: [warning, error] }).split('\n');
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^pages\/blog\/x\.md:1:1 /),
      'Also a warning, which does not stop the build:',
      expect.stringMatching(/^pages\/notes\.txt {2}warning /),
      '1 error, 1 warning in 2 files; the browser shows them over the last build that worked.',
    ]);
  });

  it('says a bug is a bug, and that the server keeps running', () => {
    expect(devReportText({ kind: 'crashed', changed: ['templates/x.ts'], error: new Error('boom') })).toContain(
      'Internal error (this is a bug in the generator, not in your content); the server keeps running:\nError: boom',
    );
    expect(devReportText({ kind: 'watch-error', error: new Error('EMFILE') })).toBe('The file watcher reported a problem; the server keeps running: EMFILE');
  });

  it('says which photos and share cards are made in the background, then each photo with its tabs, then the cards', () => {
    const jobs = [
      { group: '/images/a.jpg', paths: ['assets/images/a-1.avif'] },
      { group: '/images/a.jpg', paths: ['assets/images/a-1.jpg'] },
      { group: 'share cards', paths: ['assets/share/home-1.png'] },
      { group: 'share cards', paths: ['assets/share/about-1.png', 'assets/share/contact-1.png'] },
    ];
    const left = jobsLeft(jobs);
    expect(devReportText({ kind: 'media', progress: progressOf(jobs, left, 'started') })).toBe(
      '  Making 1 new photo (2 files) and 2 share cards in the background; pages show a quick version of each photo meanwhile',
    );
    expect(progressText(jobs, left)).toBe('Making: new photo 0/2 · share cards 0/2');
    left.set('/images/a.jpg', 0);
    expect(progressText(jobs, left)).toBe('Making: share cards 0/2');
    const photo = { ...progressOf(jobs, left, 'made'), group: '/images/a.jpg', reloaded: 2, milliseconds: 3_240, diagnostics: [] };
    expect(devReportText({ kind: 'media', progress: photo })).toBe('  /images/a.jpg made (3.2 s after the build), 2 tabs reloaded');
    left.set('share cards', 0);
    expect(progressText(jobs, left)).toBe('');
    const cards = { ...progressOf(jobs, left, 'done'), group: 'share cards', reloaded: 0, milliseconds: 5_010, diagnostics: [] };
    expect(devReportText({ kind: 'media', progress: cards })).toBe('  2 share cards drawn (5.0 s after the build); every photo and share card is made');
    // Only photos, or only cards: no word about the other.
    expect(devReportText({ kind: 'media', progress: progressOf(jobs.slice(2), jobsLeft(jobs.slice(2)), 'started') })).toBe(
      '  Making 2 share cards in the background',
    );
  });
});
