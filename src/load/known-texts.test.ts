// Known texts (known-texts.ts): a page file the last build read, standing as it stood then, is known by the key of
// its text instead of being read; anything that changes its bytes must make it read again.
import { execFileSync } from 'node:child_process';
import { linkSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheKey } from '../digest.ts';
import { listContent, load, type SourceFile } from './load.ts';
import { firstLineOf, keepTexts, readKeptTexts, settled, SETTLE_MS, textsKey, textsToKeep, type KeptTexts, type TextStamp } from './known-texts.ts';
import { createParseCache } from '../validate/parse-cache.ts';
import { checksOf, compileValidators, MODELINE_START, validate } from '../validate/validate.ts';
import { DESCRIPTION, tinyTheme } from '../../tests/helpers/unit.ts';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'known-texts-'));
  roots.push(root);
  mkdirSync(join(root, 'pages'));
  return root;
}

/** Files written within one tick of the file system's clock can share their times: the test waits that out between keeping and editing. */
const tick = () => new Promise((done) => setTimeout(done, 15));

/** Every file counts as settled: the tests edit files within milliseconds of reading them, and wait out the clock's tick themselves. */
const ANY_TIME = -60_000;

async function loadWith(root: string, kept: KeptTexts): Promise<SourceFile[]> {
  return (await load(root, await listContent(root), kept)).pages;
}

const FILES = ['pages/a.yaml', 'pages/b.yaml', 'pages/c.yml', 'pages/d.yaml'];
// Few texts, some of one size, so an edit often keeps a file's size (or writes its very text again).
const TEXTS = ['a: 1\n', 'a: 2\n', 'b: 3\n', 'title: x\n', 'title: y\n', 'title: xy\n'];
type Edit = 'none' | 'rewrite' | 'replace' | 'delete' | 'touch back' | 'link' | 'hard link';

describe('known texts', () => {
  let knownSeen = 0;
  it('know a file only while it stands as it was read: every edit, replacement, link or restored time is seen (generated)', async () => {
    const edit = fc.record({
      file: fc.constantFrom(...FILES),
      how: fc.constantFrom<Edit>('none', 'rewrite', 'replace', 'delete', 'touch back', 'link', 'hard link'),
      text: fc.constantFrom(...TEXTS),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(edit, { maxLength: 3 }), { minLength: 1, maxLength: 5 }), async (rounds) => {
        const root = project();
        FILES.forEach((file, i) => writeFileSync(join(root, file), TEXTS[i]!));
        let kept: KeptTexts = new Map();
        for (const edits of [[], ...rounds]) {
          await tick();
          for (const { file, how, text } of edits) applyEdit(root, file, how, text);
          const pages = await loadWith(root, kept);
          for (const page of pages) {
            const now = readFileSync(join(root, page.file), 'utf8');
            if (page.known) {
              knownSeen++;
              expect([page.file, page.known.key]).toEqual([page.file, cacheKey(now)]);
            }
            expect([page.file, page.text]).toEqual([page.file, now]);
          }
          kept = textsToKeep(pages, kept, (text) => cacheKey(text), undefined, ANY_TIME);
        }
      }),
      { numRuns: 40 },
    );
    // Most files stand as they were between rounds: known, not read.
    expect(knownSeen).toBeGreaterThan(100);
  });

  it('keeps no file whose times were not SETTLE_MS old when it was read, as a second write in the same tick could keep them', async () => {
    const stamp: TextStamp = { dev: 1, ino: 2, size: 3, mtimeMs: 1_000_000, ctimeMs: 1_000_000 };
    expect(settled(stamp, 1_000_000 + SETTLE_MS)).toBe(false);
    expect(settled(stamp, 1_000_001 + SETTLE_MS)).toBe(true);
    expect(settled({ ...stamp, ctimeMs: 1_000_002 }, 1_000_001 + SETTLE_MS)).toBe(false);
    // A file written just now, read and kept as a build does: not kept.
    const root = project();
    writeFileSync(join(root, 'pages/a.yaml'), 'a: 1\n');
    const pages = await loadWith(root, new Map());
    expect(pages[0]!.read).toBeDefined();
    expect(textsToKeep(pages, undefined, (text) => cacheKey(text)).size).toBe(0);
    // Kept before, then edited just now: its old entry stays, as the next build finds it no longer fits the file.
    const kept = textsToKeep(pages, undefined, (text) => cacheKey(text), undefined, ANY_TIME);
    await tick();
    writeFileSync(join(root, 'pages/a.yaml'), 'a: 2\n');
    const edited = await loadWith(root, kept);
    expect(edited[0]!.known).toBeUndefined();
    expect(edited[0]!.text).toBe('a: 2\n');
    const again = textsToKeep(edited, kept, (text) => cacheKey(text));
    expect(again.get('pages/a.yaml')).toBe(kept.get('pages/a.yaml'));
    expect((await loadWith(root, again))[0]!.known).toBeUndefined();
  });

  it('are thrown away whole when kept by another engine or not as written', async () => {
    const root = project();
    writeFileSync(join(root, 'pages/a.yaml'), 'a: 1\n');
    const texts = textsToKeep(await loadWith(root, new Map()), undefined, (text) => cacheKey(text), undefined, ANY_TIME);
    const file = join(root, 'texts.json');
    await keepTexts(file, textsKey('engine-1'), texts);
    expect(readKeptTexts(file, textsKey('engine-1'))).toEqual(texts);
    expect(readKeptTexts(file, textsKey('engine-2')).size).toBe(0);
    const written = JSON.parse(readFileSync(file, 'utf8'));
    written.texts[0][6] = 'not a key';
    writeFileSync(file, JSON.stringify(written));
    expect(readKeptTexts(file, textsKey('engine-1')).size).toBe(0);
  });

  it('validate as read texts do, and are read only to place a problem below the top level', async () => {
    const theme = tinyTheme();
    const validators = compileValidators(theme);
    const root = project();
    const page = (heading: string, modeline = '# yaml-language-server: $schema=../schemas/plain.json') =>
      [modeline, 'template: plain', 'title: A title of this page', `description: ${DESCRIPTION}`, `heading: ${heading}`, 'extra: 1', ''].join('\n');
    writeFileSync(join(root, 'site.yaml'), '# yaml-language-server: $schema=./schemas/site.json\nname: Tiny\nbaseUrl: https://www.example.com/\n');
    writeFileSync(join(root, 'pages/good.yaml'), page('Good').replace('extra: 1\n', ''));
    writeFileSync(join(root, 'pages/odd.yaml'), page('Odd', '# yaml-language-server: $schema=../schemas/other.json'));
    const read = await load(root, await listContent(root), new Map());
    const cache = createParseCache({});
    const first = validate(read, theme, validators, { cache, today: '2026-01-01' });
    const firstKept = textsToKeep(read.pages, undefined, cache.keyOf, checksOf(first.model, theme, validators), ANY_TIME);
    expect(firstKept.size).toBe(2);
    // A text read anew keeps no check (a cold build would pay for what only later ones use); known, it does.
    expect([...firstKept.values()].filter((text) => text.checked)).toEqual([]);
    const known = await load(root, await listContent(root), firstKept);
    const between = validate(known, theme, validators, { cache: createParseCache(cache.changes() ?? {}), today: '2026-01-01' });
    expect(between.diagnostics).toEqual(first.diagnostics);
    const kept = textsToKeep(known.pages, firstKept, cache.keyOf, checksOf(between.model, theme, validators), ANY_TIME);
    // The page that checked cleanly keeps its check: the next build fills in its defaults without checking it again.
    expect([...kept].filter(([, text]) => text.checked).map(([file]) => file)).toEqual(['pages/good.yaml']);
    let checks = 0;
    for (const validator of [validators.header, ...validators.templates.values()]) {
      const { validate: checkValue, check } = validator;
      validator.validate = (...args) => (checks++, checkValue(...args));
      validator.check = (...args) => (checks++, check(...args));
    }

    const again = await load(root, await listContent(root), kept);
    const reads = new Map<string, number>();
    for (const source of again.pages) {
      expect(source.known).toBeDefined();
      const getter = Object.getOwnPropertyDescriptor(source, 'text')!.get!;
      Object.defineProperty(source, 'text', { get: () => (reads.set(source.file, (reads.get(source.file) ?? 0) + 1), getter()) });
    }
    const second = validate(again, theme, validators, { cache: createParseCache(cache.changes() ?? {}), today: '2026-01-01' });
    expect(second.diagnostics).toEqual(first.diagnostics);
    // The odd page is checked again (header and template), as its check found a problem; the good one is not.
    expect(checks).toBe(2);
    expect(JSON.stringify(second.model.pages.map((p) => p.data))).toBe(JSON.stringify(first.model.pages.map((p) => p.data)));
    expect(first.diagnostics.map((d) => d.code).sort()).toEqual(['modeline', 'schema']);
    const facts = (model: typeof first.model) => model.pages.map(({ source: _, facts: _f, ...entry }) => entry);
    expect(facts(second.model)).toEqual(facts(first.model));
    const odd = second.model.pages.find((p) => p.file === 'pages/odd.yaml');
    expect(odd).toBeUndefined();
    const good = second.model.pages.find((p) => p.file === 'pages/good.yaml')!;
    expect(good.source.locate(['title'])).toEqual({ line: 3, column: 8 });
    expect(reads.size).toBe(0);
    // Below the top level, the parser places it: the text is read then, once.
    expect(good.source.locate(['heading', 'nothing'])).toEqual(
      first.model.pages.find((p) => p.file === 'pages/good.yaml')!.source.locate(['heading', 'nothing']),
    );
    expect(reads.get('pages/good.yaml')).toBe(1);
  });

  it('keep a first line the schema line check answers alike for, however long (generated lines, up to 40,000 characters)', () => {
    const piece = fc.constantFrom(MODELINE_START, ' $schema=../schemas/plain.json', ' ', '\t', 'x', 'é', ' '.repeat(5000), 'y'.repeat(9000));
    const text = fc.tuple(fc.array(piece, { maxLength: 8 }), fc.constantFrom('\n', '\r\n', '')).map(([parts, end]) => `${parts.join('')}${end}rest: 1\n`);
    const expected = fc.constantFrom(`${MODELINE_START} $schema=../schemas/plain.json`, `${MODELINE_START} $schema=../${'../'.repeat(1300)}schemas/x.json`);
    fc.assert(
      fc.property(text, expected, (t, e) => {
        const whole = (t.split(/\r?\n/, 1)[0] ?? '').trim();
        const kept = firstLineOf(t);
        const warns = (first: string) => first.startsWith(MODELINE_START) && first !== e;
        expect(warns(kept)).toBe(warns(whole));
        expect(kept.length).toBeLessThanOrEqual(8193);
      }),
      { numRuns: 500 },
    );
  });
});

/** One edit of a page file, as an editor, a tool or a checkout makes it. */
function applyEdit(root: string, file: string, how: Edit, text: string): void {
  const path = join(root, file);
  const exists = (() => {
    try {
      return statSync(path).isFile();
    } catch {
      return false;
    }
  })();
  if (how === 'none') return;
  rmSync(`${path}.tmp`, { force: true });
  if (how === 'rewrite') writeFileSync(path, text);
  if (how === 'replace') {
    writeFileSync(`${path}.tmp`, text);
    renameSync(`${path}.tmp`, path);
  }
  if (how === 'delete') rmSync(path, { force: true });
  if (how === 'link' || how === 'hard link') {
    const other = FILES.find((f) => f !== file && lstatSync(join(root, f), { throwIfNoEntry: false })?.isFile());
    if (!other) return;
    rmSync(path, { force: true });
    if (how === 'link') symlinkSync(join(root, other), path);
    else linkSync(join(root, other), path);
  }
  if (how === 'touch back' && exists) {
    // The bytes change, then the time is put back to the nanosecond (touch -r copies it whole): only the change time tells.
    execFileSync('touch', ['-r', path, `${path}.time`]);
    writeFileSync(path, text);
    execFileSync('touch', ['-m', '-r', `${path}.time`, path]);
    rmSync(`${path}.time`);
  }
}
