// The theme's rule on site.yaml's phones: a printed number that dials elsewhere
// is one diagnostic at its line in site.yaml, not an error on every page.
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { LineCounter, parseDocument, isMap, type Node } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check } from '../src/index.ts';
import { phoneRules, printedMatches } from '../templates/rules/phones.ts';
import type { Site } from '../templates/site.schema.ts';

describe('printedMatches', () => {
  it.each([
    ['+14165550100', '(416) 555-0100', true],
    ['+14165550100', '416.555.0100', true],
    ['+14165550100', '1-416-555-0100', true],
    ['+14165550100', '(416) 555-0101', false],
    ['+14165550100', '555-0100', false],
    ['+442079460958', '+44 20 7946 0958', true],
    ['+442079460958', '020 7946 0958', false],
  ])('%s printed as %s: %s', (e164, display, expected) => {
    expect(printedMatches({ e164, display })).toBe(expected);
  });
});

describe('phoneRules', () => {
  it('names each phone that disagrees, at its display field', () => {
    const phones = {
      main: { e164: '+14165550100', display: '(416) 555-0100' },
      office: { e164: '+19055550199', display: '(905) 555-0198' },
    };
    const problems = phoneRules({ phones } as unknown as Site);
    expect(problems.map((p) => p.path)).toEqual([['phones', 'office', 'display']]);
    expect(problems[0]!.message).toBe('"(905) 555-0198" is not the number its e164 "+19055550199" dials');
  });
});

describe('a mismatched phone in the real site.yaml', () => {
  let root: string;

  beforeAll(async () => {
    // A copy of the project as an editor has it, with the project's packages linked in.
    root = await mkdtemp(join(tmpdir(), 'site-phone-'));
    const skip = new Set(['node_modules', 'dist', '.git', 'reports']);
    for (const part of await readdir('.')) if (!skip.has(part)) await cp(resolve(part), join(root, part), { recursive: true });
    await mkdir(join(root, 'node_modules'));
    for (const entry of await readdir(resolve('node_modules'))) {
      if (entry !== '.cache') await symlink(resolve('node_modules', entry), join(root, 'node_modules', entry), 'dir');
    }
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('is one diagnostic, at its line in site.yaml', async () => {
    const text = await readFile(join(root, 'site.yaml'), 'utf8');
    const lines = new LineCounter();
    const doc = parseDocument(text, { lineCounter: lines });
    const phones = doc.get('phones', true);
    if (!isMap(phones)) throw new Error('site.yaml has no phones map');
    const [name, phone] = phones.items.map((pair) => [String((pair.key as { value: unknown }).value), pair.value as Node] as const)[0]!;
    const display = (phone as unknown as { get(key: string, keep: true): Node }).get('display', true);
    const at = lines.linePos(display.range![0]);
    // Change the last digit the visitor reads, keeping the number dialled.
    const printed = String((display as unknown as { value: unknown }).value);
    const wrong = printed.replace(/\d(?=\D*$)/, (digit) => String((Number(digit) + 1) % 10));
    await writeFile(join(root, 'site.yaml'), text.slice(0, display.range![0]) + wrong + text.slice(display.range![1]));

    const found = await check({ root });
    expect(found.map((d) => ({ file: d.file, line: d.line, column: d.column, path: d.path, code: d.code }))).toEqual([
      { file: 'site.yaml', line: at.line, column: at.col, path: `phones.${name}.display`, code: 'site-rule' },
    ]);
  });
});
