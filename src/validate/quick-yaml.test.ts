import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quickYamlValue } from './quick-yaml.ts';
import { parseYaml, splitFrontMatter } from './yaml.ts';

// The quick reader may decline any text; what it must never do is read a text
// differently from the full reader, or accept one the full reader has a word about.
function agrees(text: string): boolean {
  const quick = quickYamlValue(text);
  if (quick === undefined) return true;
  const full = parseYaml('x.yaml', text);
  expect(full.diagnostics, text).toEqual([]);
  expect(quick, text).toStrictEqual(full.data);
  return true;
}

/** site.yaml, every page file and every post's front matter of the real site. */
function realTexts(): string[] {
  const texts = [readFileSync('site.yaml', 'utf8')];
  for (const file of readdirSync('pages', { recursive: true, encoding: 'utf8' }).sort()) {
    if (file.endsWith('.yaml')) texts.push(readFileSync(join('pages', file), 'utf8'));
    else if (file.endsWith('.md')) texts.push(splitFrontMatter(readFileSync(join('pages', file), 'utf8'))?.front ?? '');
  }
  return texts;
}

const SCALARS = [
  '0o17', '0O17', '0x1F', '0X1f', '0b101', '012', '-012', '+12', '1_000', '1e3', '1E3', '1.5e-3', '.5', '5.', '-.5', '+.5', '-0', '0.0',
  '.inf', '-.Inf', '+.INF', '.nan', '.NaN', '.NAN', 'inf', 'nan', 'yes', 'No', 'on', 'OFF', 'y', 'n', '~', 'null', 'Null', 'NULL', 'nUll',
  'true', 'True', 'TRUE', 'tRue', 'false', '2025-01-01', '2025-01-01T10:00:00Z', '12:30', '1:20:30', '0.1.2', '1,000', "'q'", '"q"', '""',
  "''", '"\\u00e9"', '"a\\tb"', "'it''s'", '|\n  two\n  lines', '>\n  folded\n  text', '|-\n  kept', '>+\n  kept\n\n', '[]', '{}',
  '[a, b]', '{a: 1, b: [2]}', '"#1"', 'a #1', 'a#1', 'x: y', '- z', '?', '%', '@at', '`tick', 'é', '"\\x41"', '"\\/"', '"\\N"', '"\\_"',
];
const KEYS = ['k', '1', '0x1', 'true', 'null', '~', '""', "''", '"a b"', '.5', '-1', 'y', 'on', '[a]', '{a: 1}', 'é', 'a b', 'a:b'];

describe('quickYamlValue', () => {
  it('reads every text of the real site as the full reader does, and reads most of them', () => {
    const texts = realTexts();
    let read = 0;
    for (const text of texts) {
      agrees(text);
      if (quickYamlValue(text) !== undefined) read++;
    }
    // If it declined nearly everything, a build of a large site would gain nothing from it.
    expect(read).toBeGreaterThan(texts.length / 2);
  });

  it('reads every scalar form, as a value and as a key, as the full reader does', () => {
    for (const scalar of SCALARS) {
      agrees(`value: ${scalar}\n`);
      agrees(`list:\n  - ${scalar}\n  - other\n`);
    }
    for (const key of KEYS) agrees(`${key}: v\nnext: w\n`);
  });

  it('declines what the full reader warns about or reads its own way', () => {
    for (const text of ['title: We are #1\n', 'a: &x 1\nb: *x\n', 'a: !!str 1\n', '<<: {a: 1}\n', '__proto__: {polluted: 1}\n', 'a:\n\tb: 1\n', 'a: 1\r\nb: 2\r\n', '- 1\n', 'just text\n', '']) {
      expect(quickYamlValue(text), text).toBeUndefined();
    }
  });

  it('never reads a mutated page differently from the full reader', () => {
    const texts = realTexts().filter((text) => quickYamlValue(text) !== undefined);
    const pieces = [...SCALARS, ...KEYS.map((k) => `${k}:`), ':', ': ', '- ', '  ', '\n', '"', "'", '{', '}', '[', ']', ',', '|', '>', '\\', '---\n', '...\n', '\u00a0', '\ufeff'];
    fc.assert(fc.property(
      fc.nat(texts.length - 1), fc.nat(), fc.constantFrom(...pieces), fc.constantFrom('insert', 'replace line', 'delete line', 'indent'),
      (which, at, piece, how) => {
        const text = texts[which]!;
        const lines = text.split('\n');
        const line = at % lines.length;
        let mutated: string;
        if (how === 'insert') mutated = text.slice(0, at % (text.length + 1)) + piece + text.slice(at % (text.length + 1));
        else if (how === 'replace line') mutated = [...lines.slice(0, line), lines[line]!.replace(/:.*$/, `: ${piece}`), ...lines.slice(line + 1)].join('\n');
        else if (how === 'delete line') mutated = [...lines.slice(0, line), ...lines.slice(line + 1)].join('\n');
        else mutated = [...lines.slice(0, line), `  ${lines[line]}`, ...lines.slice(line + 1)].join('\n');
        return agrees(mutated);
      },
    ), { numRuns: Number(process.env.QUICK_YAML_RUNS ?? 3000) });
  });
});
