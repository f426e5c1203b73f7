// The theme's rule on site.yaml's phones: a printed number that dials elsewhere
// is one diagnostic at its line in site.yaml, not an error on every page.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LineCounter, parseDocument, isMap, type Node } from 'yaml';
import { copyProject, removeCopy } from './helpers/project-copy.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check } from 'trn-site';
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
    // Printed as it is dialled inside its country, with the trunk 0: the same number.
    ['+442079460958', '020 7946 0958', true],
    ['+442079460958', '020 7946 0959', false],
    ['+442079460958', '20 7946 0958 1', false],
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
    expect(problems[0]!.message).toBe(
      'the printed "(905) 555-0198" and the dialled e164 "+19055550199" are different numbers: visitors read one and their phone calls the other',
    );
    // A new number changes both fields: each way of making them agree, written out.
    expect(problems[0]!.hint).toBe(
      'a new number changes both: if "(905) 555-0198" is the right number, write e164: "+19055550198"; if "+19055550199" is, write display: "(905) 555-0199"',
    );
  });

  it('offers, for any printed number of the plan against any dialled one, forms that then agree', () => {
    // Printed as North America prints its numbers, or in international form (a print is read as a number of the dialled one's country).
    const numbers = ['+14165550100', '+19055550199', '+16475550142', '+442079460958', '+33142685300'];
    const printed = (n: string) => (n.startsWith('+1') ? `(${n.slice(2, 5)}) ${n.slice(5, 8)}-${n.slice(8)}` : `${n.slice(0, 3)} ${n.slice(3)}`);
    for (const e164 of numbers)
      for (const other of numbers) {
        if (other === e164 || (e164.startsWith('+1') !== other.startsWith('+1') && other.startsWith('+1'))) continue;
        const display = printed(other);
        const [problem] = phoneRules({ phones: { main: { e164, display } } } as unknown as Site);
        const offered = [...problem!.hint!.matchAll(/write (e164|display): "([^"]+)"/g)].map((m) => ({ field: m[1]!, value: m[2]! }));
        expect(
          offered.map((o) => o.field),
          `${e164} printed as ${display}`,
        ).toEqual(['e164', 'display']);
        for (const { field, value } of offered) {
          const fixed = { e164, display, [field]: value };
          expect(phoneRules({ phones: { main: fixed } } as unknown as Site), JSON.stringify(fixed)).toEqual([]);
        }
      }
  });

  it('names a phone that dials no one at its e164, even when its printed form matches it digit for digit', () => {
    const phones = {
      main: { e164: '+1905555019', display: '(905) 555-019' },
      toronto: { e164: '+11234567890', display: '(123) 456-7890' },
      office: { e164: '+19055550199', display: '(905) 555-0199' },
    };
    const problems = phoneRules({ phones } as unknown as Site);
    expect(problems.map((p) => [p.path, p.message])).toEqual([
      [['phones', 'main', 'e164'], '"+1905555019" dials no one: it is too short for a +1 number: a digit is missing'],
      [['phones', 'toronto', 'e164'], '"+11234567890" dials no one: it is not a +1 number anyone can dial: its area or exchange code is not in use'],
    ]);
  });
});

describe('a mismatched phone in the real site.yaml', () => {
  let root: string;

  beforeAll(async () => {
    root = await copyProject('phone');
  });
  afterAll(async () => {
    await removeCopy(root);
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
