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

/** site.yaml, every page file and every Markdown page's front matter of the real site. */
function realTexts(): string[] {
  const texts = [readFileSync('site.yaml', 'utf8')];
  for (const file of readdirSync('pages', { recursive: true, encoding: 'utf8' }).sort()) {
    if (file.endsWith('.yaml')) texts.push(readFileSync(join('pages', file), 'utf8'));
    else if (file.endsWith('.md')) texts.push(splitFrontMatter(readFileSync(join('pages', file), 'utf8'))?.front ?? '');
  }
  return texts;
}

const SCALARS = [
  '0o17',
  '0O17',
  '0x1F',
  '0X1f',
  '0b101',
  '012',
  '-012',
  '+12',
  '1_000',
  '1e3',
  '1E3',
  '1.5e-3',
  '.5',
  '5.',
  '-.5',
  '+.5',
  '-0',
  '0.0',
  '.inf',
  '-.Inf',
  '+.INF',
  '.nan',
  '.NaN',
  '.NAN',
  'inf',
  'nan',
  'yes',
  'No',
  'on',
  'OFF',
  'y',
  'n',
  '~',
  'null',
  'Null',
  'NULL',
  'nUll',
  'true',
  'True',
  'TRUE',
  'tRue',
  'false',
  '2025-01-01',
  '2025-01-01T10:00:00Z',
  '12:30',
  '1:20:30',
  '0.1.2',
  '1,000',
  "'q'",
  '"q"',
  '""',
  "''",
  '"\\u00e9"',
  '"a\\tb"',
  "'it''s'",
  '|\n  two\n  lines',
  '>\n  folded\n  text',
  '|-\n  kept',
  '>+\n  kept\n\n',
  '[]',
  '{}',
  '[a, b]',
  '{a: 1, b: [2]}',
  '"#1"',
  'a #1',
  'a#1',
  'x: y',
  '- z',
  '?',
  '%',
  '@at',
  '`tick',
  'é',
  '"\\x41"',
  '"\\/"',
  '"\\N"',
  '"\\_"',
];
const KEYS = ['k', '1', '0x1', 'true', 'null', '~', '""', "''", '"a b"', '.5', '-1', 'y', 'on', '[a]', '{a: 1}', 'é', 'a b', 'a:b'];

// ── Generated YAML: scalars of every kind, written every way, in every place ──

const sign = fc.constantFrom('', '', '+', '-');
const digitRun = fc.array(fc.constantFrom(...'0123456789'), { minLength: 1, maxLength: 4 }).map((d) => d.join(''));
/** Numbers in odd forms: prefixes, leading zeros, underscores, bare dots, exponents far out of range. */
const numberLike = fc
  .tuple(
    sign,
    fc.constantFrom('', '', '0', '0x', '0X', '0o', '0O', '0b', '00'),
    fc.oneof(digitRun, fc.constantFrom('1F', 'ff', '1_000', '1__0', '_1', '1_')),
    fc.constantFrom('', '', '.', '.5', '.05', '._5', '.5.5'),
    fc.constantFrom('', '', 'e3', 'E3', 'e+3', 'e-3', 'E-07', 'e999', 'E+999', 'e-999', 'e99999999', 'e', 'e+'),
  )
  .map((parts) => parts.join(''));
const special = fc.constantFrom(
  '.inf',
  '.Inf',
  '.INF',
  '.iNf',
  '+.inf',
  '-.inf',
  '-.Inf',
  'inf',
  '-inf',
  'Infinity',
  '-Infinity',
  '.nan',
  '.NaN',
  '.NAN',
  '-.nan',
  'nan',
  'NaN',
  '.',
  '..',
  '.e1',
  '0.',
  '-0',
  '+0',
  '-0.0',
);
/** Booleans and nulls of YAML 1.1 and 1.2, in every case. */
const word = fc.constantFrom(
  'yes',
  'Yes',
  'YES',
  'no',
  'No',
  'NO',
  'on',
  'On',
  'ON',
  'off',
  'Off',
  'OFF',
  'y',
  'Y',
  'n',
  'N',
  'true',
  'True',
  'TRUE',
  'tRue',
  'false',
  'False',
  'FALSE',
  'null',
  'Null',
  'NULL',
  'nULL',
  '~',
  '',
  'none',
  'nil',
);
const dateLike = fc.constantFrom(
  '2025-01-01',
  '2025-1-1',
  '2025-02-30',
  '2001-12-14t21:59:43.10-05:00',
  '2001-12-14 21:59:43.10 -5',
  '2025-01-01T10:00:00Z',
  '12:30',
  '1:20:30',
  '190:20:30.15',
  '0.1.2',
  '1,000',
  '1/2',
  '$1',
);
const text = fc.constantFrom(
  'text',
  'two words',
  'é',
  'ü ß',
  '-',
  '+',
  'a-b',
  'a_b',
  'x.y',
  'Call us',
  '-x',
  '.x',
  '+x',
  '~x',
  'tx',
  'nx',
  // Characters the two libraries might class differently: line and paragraph separators, NEL, BOM, controls, a lone surrogate.
  'a\u2028b',
  'a\u2029b',
  'a\u0085b',
  'a\u00a0b',
  '\u00a0',
  'a\ufeffb',
  'a\u0000b',
  'a\u001bb',
  'a\u007fb',
  'a\ud800b',
  'a\u200bb',
  '\u{1F600}',
);
const scalarText = fc.oneof(numberLike, special, word, dateLike, text);

/** A scalar as written: plain, quoted either way, or as a block scalar below its key. */
const written = fc
  .tuple(scalarText, fc.constantFrom('plain', 'plain', 'plain', 'single', 'double', 'literal', 'folded', 'literal-strip', 'folded-keep'))
  .map(([value, how]) => {
    switch (how) {
      case 'single':
        return `'${value.replace(/'/g, "''")}'`;
      case 'double':
        return JSON.stringify(value);
      case 'literal':
        return `|\n    ${value}`;
      case 'folded':
        return `>\n    ${value}\n    ${value}`;
      case 'literal-strip':
        return `|-\n    ${value}`;
      case 'folded-keep':
        return `>+\n    ${value}\n`;
      default:
        return value;
    }
  });
const inlineOnly = fc
  .tuple(scalarText, fc.constantFrom('plain', 'single', 'double'))
  .map(([value, how]) => (how === 'single' ? `'${value.replace(/'/g, "''")}'` : how === 'double' ? JSON.stringify(value) : value));
const key = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('title', 'price', 'count', 'flag', 'a', 'b_c', 'd-e') },
  { weight: 1, arbitrary: fc.constantFrom(...KEYS) },
  { weight: 1, arbitrary: scalarText },
);

/** One `key: value` entry with the value in one of the places a value can be. */
const entry = fc
  .tuple(key, fc.constantFrom('value', 'value', 'list', 'flow list', 'flow map', 'nested'), written, inlineOnly, inlineOnly)
  .map(([k, place, value, a, b]) => {
    switch (place) {
      case 'list':
        return `${k}:\n  - ${value.replace(/\n {4}/g, '\n      ')}\n  - ${a}`;
      case 'flow list':
        return `${k}: [${a}, ${b}]`;
      case 'flow map':
        return `${k}: {x: ${a}, y: ${b}}`;
      case 'nested':
        return `${k}:\n  inner: ${value.replace(/\n {4}/g, '\n      ')}`;
      default:
        return `${k}: ${value}`;
    }
  });
const yamlDocument = fc.array(entry, { minLength: 1, maxLength: 4 }).map((entries) => entries.join('\n') + '\n');

describe('quickYamlValue', () => {
  it('reads generated texts (numbers in odd forms, YAML 1.1 words, dates, quoted and block scalars, odd keys) as the full reader does, or not at all', () => {
    let read = 0;
    let runs = 0;
    fc.assert(
      fc.property(yamlDocument, (text) => {
        runs++;
        if (quickYamlValue(text) !== undefined) read++;
        return agrees(text);
      }),
      { numRuns: Number(process.env.QUICK_YAML_RUNS ?? 5000) },
    );
    // The generated texts are mostly plain: a reader that declined them all would prove nothing here.
    expect(read).toBeGreaterThan(runs / 5);
  });

  it('reads 1e999 and other numbers past the largest as the full reader does: Infinity, not text', () => {
    for (const value of ['1e999', '-1e999', '0.1e999999', '1E+400']) {
      expect(quickYamlValue(`title: ${value}\n`)).toEqual(parseYaml('x.yaml', `title: ${value}\n`).data);
    }
    expect(quickYamlValue('title: 1e999\n')).toEqual({ title: Infinity });
  });

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
    for (const text of [
      'title: We are #1\n',
      'a: &x 1\nb: *x\n',
      'a: !!str 1\n',
      '<<: {a: 1}\n',
      '__proto__: {polluted: 1}\n',
      'a:\n\tb: 1\n',
      'a: 1\r\nb: 2\r\n',
      '- 1\n',
      'just text\n',
      '',
    ]) {
      expect(quickYamlValue(text), text).toBeUndefined();
    }
  });

  it('never reads a mutated page differently from the full reader', () => {
    const texts = realTexts().filter((text) => quickYamlValue(text) !== undefined);
    const pieces = [
      ...SCALARS,
      ...KEYS.map((k) => `${k}:`),
      ':',
      ': ',
      '- ',
      '  ',
      '\n',
      '"',
      "'",
      '{',
      '}',
      '[',
      ']',
      ',',
      '|',
      '>',
      '\\',
      '---\n',
      '...\n',
      '\u00a0',
      '\ufeff',
    ];
    fc.assert(
      fc.property(
        fc.nat(texts.length - 1),
        fc.nat(),
        fc.constantFrom(...pieces),
        fc.constantFrom('insert', 'replace line', 'delete line', 'indent'),
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
      ),
      { numRuns: Number(process.env.QUICK_YAML_RUNS ?? 3000) },
    );
  });
});
