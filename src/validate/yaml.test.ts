// parseYaml() and splitFrontMatter(): values, positions of fields, and syntax errors pointed at where the mistake starts.
import fc from 'fast-check';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { fieldAfterFrontMatter, parseYaml, splitFrontMatter, type ParseCache } from './yaml.ts';

const located = (d: { code: string; line: number; column: number; message: string }) => [d.code, d.line, d.column, d.message];

describe('parseYaml', () => {
  const text = 'name: Tiny\nlinks:\n  - label: Home\n    href: /\n  - label: About\n    href: /about\n';

  it('gives the plain value and no diagnostics for clean YAML', () => {
    const parsed = parseYaml('site.yaml', text);
    expect(parsed.data).toEqual({
      name: 'Tiny',
      links: [
        { label: 'Home', href: '/' },
        { label: 'About', href: '/about' },
      ],
    });
    expect(parsed.diagnostics).toEqual([]);
  });

  it('locates values and keys by field path, falling back to the nearest parent that exists', () => {
    const parsed = parseYaml('site.yaml', text);
    expect(parsed.locate(['name'])).toEqual({ line: 1, column: 7 });
    expect(parsed.locate(['links', 1, 'href'])).toEqual({ line: 6, column: 11 });
    expect(parsed.locate(['links', 1])).toEqual({ line: 5, column: 5 });
    expect(parsed.locate(['links', 1, 'missing'])).toEqual({ line: 5, column: 5 });
    expect(parsed.locate(['nothing', 'here'])).toEqual({ line: 1, column: 1 });
    expect(parsed.locateKey(['links', 0], 'href')).toEqual({ line: 4, column: 5 });
    expect(parsed.locateKey([], 'links')).toEqual({ line: 2, column: 1 });
  });

  it('shifts lines by the offset of front matter in a Markdown file', () => {
    expect(parseYaml('pages/blog/a.md', 'title: A\ndate: 2024-01-01\n', 1).locate(['date'])).toEqual({ line: 3, column: 7 });
  });

  it('points an unclosed bracket at where it opens, not where the text ends', () => {
    const parsed = parseYaml('pages/a.yaml', 'title: A\ntags: [one, two\nheading: B\n');
    expect(parsed.data).toBeUndefined();
    expect(parsed.diagnostics.map(located)[0]).toEqual(['yaml-syntax', 2, 7, '"[" is never closed']);
    expect(parsed.diagnostics[0]!.hint).toBe('close it with "]", or put the whole value in quotes if the "[" is part of the text');
  });

  it('points an unclosed quote at the quote that opens it', () => {
    const parsed = parseYaml('pages/a.yaml', 'title: "Panel upgrades\nheading: B\n');
    expect(parsed.data).toBeUndefined();
    expect(parsed.diagnostics.map(located)[0]).toEqual(['yaml-syntax', 1, 8, 'the quote " that starts here is never closed']);
  });

  it('reports a repeated key with a hint, and no value', () => {
    const parsed = parseYaml('pages/a.yaml', 'title: A\ntitle: B\n');
    expect(parsed.data).toBeUndefined();
    expect(parsed.diagnostics.map((d) => [d.code, d.file, d.line, d.hint])).toEqual([
      ['yaml-syntax', 'pages/a.yaml', 2, 'each field may appear once; remove or rename one of them'],
    ]);
    expect(parsed.diagnostics[0]!.message).not.toMatch(/\.$/);
  });

  it('keeps a clean parse in the cache and reads it back, still able to locate fields', () => {
    const store = new Map<string, unknown>();
    const cache: ParseCache = { get: (t) => store.get(t), set: (t, d) => void store.set(t, d) };
    parseYaml('site.yaml', text, 0, cache);
    expect([...store.values()]).toEqual([
      {
        name: 'Tiny',
        links: [
          { label: 'Home', href: '/' },
          { label: 'About', href: '/about' },
        ],
      },
    ]);
    store.set(text, { from: 'cache' });
    const again = parseYaml('site.yaml', text, 0, cache);
    expect(again.data).toEqual({ from: 'cache' });
    expect(again.locate(['links', 0, 'href'])).toEqual({ line: 4, column: 11 });
  });

  it('caches nothing that has errors', () => {
    const store = new Map<string, unknown>();
    parseYaml('a.yaml', 'a: [', 0, { get: (t) => store.get(t), set: (t, d) => void store.set(t, d) });
    expect(store.size).toBe(0);
  });
});

describe('splitFrontMatter', () => {
  it('splits front matter from the body and gives the body’s first line', () => {
    expect(splitFrontMatter('---\ntitle: A\ndate: 2024-01-01\n---\n\nBody text\n')).toEqual({
      front: 'title: A\ndate: 2024-01-01',
      body: '\nBody text\n',
      bodyLine: 5,
    });
  });

  it('reads Windows line ends', () => {
    expect(splitFrontMatter('---\r\ntitle: A\r\n---\r\nBody\r\n')).toEqual({ front: 'title: A', body: 'Body\r\n', bodyLine: 4 });
  });

  it('gives null for a file that does not start with ---', () => {
    expect(splitFrontMatter('# Title\n---\ntitle: A\n---\n')).toBeNull();
    expect(splitFrontMatter('---\ntitle: A\n')).toBeNull();
  });

  it('ends the front matter only at a line that is a marker on its own, never at a value ending in " ---"', () => {
    const text = '---\ntitle: A\nmetaDescription: Call an electrician ---\ndraft: true\n---\nBody\n';
    expect(splitFrontMatter(text)).toEqual({ front: 'title: A\nmetaDescription: Call an electrician ---\ndraft: true', body: 'Body\n', bodyLine: 6 });
    expect(splitFrontMatter('---\na: 1\n---x\n--- \nBody')).toEqual({ front: 'a: 1\n---x', body: 'Body', bodyLine: 5 });
    expect(splitFrontMatter('---\na: 1\n...\nBody')).toEqual({ front: 'a: 1', body: 'Body', bodyLine: 4 });
    expect(splitFrontMatter('---\n---')).toEqual({ front: '', body: '', bodyLine: 3 });
  });

  it('ends the front matter at a marker followed by a comment, as YAML does, and opens it at one', () => {
    expect(splitFrontMatter('---\na: 1\n--- # end\nBody')).toEqual({ front: 'a: 1', body: 'Body', bodyLine: 4 });
    expect(splitFrontMatter('--- # the article\na: 1\n...\t# end\nBody')).toEqual({ front: 'a: 1', body: 'Body', bodyLine: 4 });
    // With no space before it, # is not a comment: the line is not a marker.
    expect(splitFrontMatter('---#x\na: 1\n---\n')).toBeNull();
    expect(splitFrontMatter('---\na: 1\n---#x\n---\nB')).toEqual({ front: 'a: 1\n---#x', body: 'B', bodyLine: 5 });
  });

  // Whatever the values, the split gives back the front matter as it was written, and its fields
  // as they were: a draft stays a draft. Values are made of pieces that look like markers.
  const piece = fc.constantFrom(
    '---',
    ' ---',
    '--- ',
    '...',
    ' ...',
    '-',
    '--',
    'an electrician',
    ' ',
    '  ',
    '\n',
    '\n---',
    '---\n',
    '\n...\n',
    '#',
    ': ',
    '"',
    "'",
    '|',
    '>',
    '\t',
    '---x',
    'é',
    '\r\n',
  );
  const value = fc.array(piece, { maxLength: 10 }).map((pieces) => pieces.join(''));
  const fields = fc.dictionary(fc.constantFrom('title', 'metaDescription', 'summary', 'note'), value, { minKeys: 1 });
  const body = fc.array(fc.constantFrom('---', '...', 'text', '', '# Heading', 'draft: false', '---\n---'), { maxLength: 6 }).map((lines) => lines.join('\n'));

  it('gives back exactly the front matter a YAML writer wrote (but its last line end), whatever the values, and draft: true stays', () => {
    fc.assert(
      fc.property(fields, body, fc.integer({ min: 20, max: 100 }), fc.boolean(), (written, after, lineWidth, crlf) => {
        let front = stringify({ ...written, draft: true }, { lineWidth });
        if (crlf) front = front.replace(/\n/g, '\r\n');
        const newline = crlf ? '\r\n' : '\n';
        const split = splitFrontMatter(`---${newline}${front}---${newline}${after}`);
        expect(split).toEqual({ front: front.replace(/\r?\n$/, ''), body: after, bodyLine: front.split('\n').length + 2 });
        // The fields read from the split are those of the front matter read alone (the YAML writer's own
        // round trip is not the question here: it folds some values into a form it reads back otherwise).
        const parsed = parseYaml('pages/blog/a.md', split!.front, 1);
        const alone = parseYaml('alone.yaml', front);
        const errors = (list: typeof parsed.diagnostics, offset = 0) =>
          list.filter((d) => d.severity === 'error').map((d) => [d.line + offset, d.column, d.message]);
        // The writer now and then writes what YAML forbids (a block scalar whose first, blank line is indented
        // more than its text: " \n\t\n"): the split must then report just what the text read alone reports,
        // a line further down (below the opening ---).
        expect(errors(parsed.diagnostics)).toEqual(errors(alone.diagnostics, 1));
        if (errors(alone.diagnostics).length > 0) return;
        expect(parsed.data).toEqual(alone.data);
        expect(Object.keys(parsed.data as object).sort()).toEqual(Object.keys({ ...written, draft: true }).sort());
        expect((parsed.data as { draft: unknown }).draft).toBe(true);
      }),
      { numRuns: 2000 },
    );
    // The writer's own mistake that showed it: a blank first line indented more than the text below.
    const written = stringify({ title: ' \n\t\n', draft: true }, { lineWidth: 20 });
    const split = splitFrontMatter(`---\n${written}---\n`)!;
    expect(parseYaml('pages/blog/a.md', split.front, 1).diagnostics.map((d) => [d.line, d.column])).toEqual(
      parseYaml('alone.yaml', written).diagnostics.map((d) => [d.line + 1, d.column]),
    );
  });

  it('gives back exactly the front matter written by hand in block scalars and folded lines (but its last line end)', () => {
    // Lines of a value, each written indented below its key as a block scalar or plain continuation lines.
    const lines = fc.array(
      fc
        .array(
          piece.filter((p) => !p.includes('\n')),
          { maxLength: 6 },
        )
        .map((p) => p.join('')),
      { minLength: 1, maxLength: 5 },
    );
    const style = fc.constantFrom('|', '|-', '>', '>-', '|+', 'plain');
    fc.assert(
      fc.property(lines, style, body, (valueLines, how, after) => {
        const indented = valueLines.map((line) => `  ${line}`).join('\n');
        const front = `title: A\nmetaDescription:${how === 'plain' ? '' : ` ${how}`}\n${indented}\ndraft: true\n`;
        const split = splitFrontMatter(`---\n${front}---\n${after}`);
        expect(split?.front).toBe(front.slice(0, -1));
        expect(split?.body).toBe(after);
        // Whatever the value reads as, if it reads, the field after it is there.
        const parsed = parseYaml('pages/blog/a.md', split!.front, 1);
        if (parsed.data !== undefined) expect((parsed.data as { draft?: unknown }).draft).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('aliases', () => {
  it('reports an alias to no anchor at the alias, not as a crash', () => {
    const parsed = parseYaml('pages/a.yaml', 'title: Hi\nheading: *missing\n');
    expect(parsed.data).toBeUndefined();
    expect(parsed.diagnostics.map(located)).toEqual([['yaml-syntax', 2, 10, '*missing refers to an anchor &missing that is not set above it']]);
  });

  it('refuses a billion laughs at its first alias', () => {
    const lines = ['a: &a [x, x, x, x, x, x, x, x, x]'];
    for (const [name, from] of [
      ['b', 'a'],
      ['c', 'b'],
      ['d', 'c'],
      ['e', 'd'],
      ['f', 'e'],
      ['g', 'f'],
      ['h', 'g'],
    ])
      lines.push(`${name}: &${name} [${Array(9).fill(`*${from}`).join(', ')}]`);
    const parsed = parseYaml('pages/a.yaml', lines.join('\n') + '\n');
    expect(parsed.data).toBeUndefined();
    expect(parsed.diagnostics.map(located)).toEqual([['yaml-syntax', 2, 8, 'the aliases (*name) in this file repeat their values more than 100 times in all']]);
  });

  it('keeps aliases that reuse a value a few times', () => {
    expect(parseYaml('pages/a.yaml', 'a: &x hi\nb: *x\n').data).toEqual({ a: 'hi', b: 'hi' });
  });
});

describe('fieldAfterFrontMatter', () => {
  const fields = ['title', 'draft', 'date'];
  it('names the first field line above the body’s first marker line, counting the body’s lines from 1', () => {
    expect(fieldAfterFrontMatter('  more text\ndraft: true\ndate: x\n---\nBody', fields)).toEqual({ line: 2, field: 'draft' });
    expect(fieldAfterFrontMatter('draft:\r\n... # end\r\n', fields)).toEqual({ line: 1, field: 'draft' });
  });
  it('finds nothing without a marker line below, past a code fence, in unknown or indented names, or in prose', () => {
    expect(fieldAfterFrontMatter('draft: true\nBody', fields)).toBeNull();
    expect(fieldAfterFrontMatter('```\ndraft: true\n---\n```', fields)).toBeNull();
    expect(fieldAfterFrontMatter('note: x\n  draft: true\nTitle:x\n---\n', fields)).toBeNull();
    expect(fieldAfterFrontMatter('Text.\n---\ndraft: true\n---\n', fields)).toBeNull();
  });
  it('names a field among lines that could be front matter, and nothing once a line of prose comes before the marker', () => {
    const yamlLine = fc.oneof(
      fc.constantFrom('', '  folded text of a value', '# a comment', '- an item', '-', 'other: x', 'tags:'),
      fc.stringMatching(/^ {1,4}[a-z ]{0,10}$/),
    );
    const prose = fc.stringMatching(/^[A-Z][a-z]{0,8}(?: [a-z]{1,8}){0,4}[.!?]?$/);
    fc.assert(
      fc.property(
        fc.array(yamlLine, { maxLength: 4 }),
        fc.constantFrom(...fields),
        fc.array(yamlLine, { maxLength: 4 }),
        fc.option(prose, { nil: undefined }),
        fc.nat(8),
        (before, field, after, line, at) => {
          const lines = [...before, `${field}: yes`, ...after];
          if (line !== undefined) lines.splice(at % (lines.length + 1), 0, line);
          const found = fieldAfterFrontMatter(`${lines.join('\n')}\n---\nThe body.`, fields);
          if (line === undefined) expect(found).toEqual({ line: before.length + 1, field });
          else expect(found).toBeNull();
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('keys that are not plain text', () => {
  it('finds a key written as a number, a boolean or null at its own line, under the name the value gives it', () => {
    const keys = ['5', '0x1F', '0o17', '1.0', '1e3', '-7', 'true', 'false', '~', '.inf', '.nan', 'NO', 'on', '2024-01-01'];
    const text = `group:\n${keys.map((k) => `  ${k}: v`).join('\n')}\n`;
    const parsed = parseYaml('k.yaml', text);
    expect(parsed.diagnostics).toEqual([]);
    const names = Object.keys((parsed.data as { group: object }).group);
    expect(names.length).toBe(keys.length);
    // Found by the name the plain value gives each key (5, 31, 15, 1, 1000, -7, true, false, "", Infinity, NaN, ...).
    keys.forEach((k, index) => {
      const name = Object.keys(parseYaml('k.yaml', `${k}: 1`).data as object)[0]!;
      expect(parsed.locateKey(['group'], name)).toEqual({ line: 2 + index, column: 3 });
    });
  });

  it('refuses a key that is a list, a map or an alias at where it starts, writing nothing to the console', () => {
    const warn = process.emitWarning;
    const warned: unknown[] = [];
    process.emitWarning = ((...args: unknown[]) => void warned.push(args)) as typeof process.emitWarning;
    try {
      for (const [text, line, column] of [
        ['a: 1\n? [a, b]\n: c\n', 2, 3],
        ['x: {[a]: b}\n', 1, 5],
        ['a: &k {b: 1}\n*k : 2\n', 2, 1],
      ] as const) {
        const parsed = parseYaml('k.yaml', text);
        expect(parsed.data).toBeUndefined();
        expect(parsed.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([['yaml-syntax', line, column]]);
      }
    } finally {
      process.emitWarning = warn;
    }
    expect(warned).toEqual([]);
  });
});

describe('syntax errors of every kind', () => {
  // A valid file with YAML's own characters put anywhere: whatever the parser meets, each error it
  // reports is at a line of the file, in one line of words, with a hint of what to change.
  it('each come with a hint, on one line, at a line of the file', () => {
    const base = 'title: About us\nhero:\n  heading: "A family firm"\n  points:\n    - Licensed\n    - \'Insured\'\nlinks: [a, b]\n';
    const special = fc.constantFrom(':', '#', '"', "'", '[', ']', '{', '}', '@', '`', '%', '\\', '- ', '  ', '\n', '&', '*', '!', '|', '>', '?', ',');
    const edit = fc.tuple(fc.nat({ max: base.length }), special);
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 3 }), (edits) => {
        let text = base;
        for (const [at, what] of edits) text = text.slice(0, at % (text.length + 1)) + what + text.slice(at % (text.length + 1));
        const lines = text.split('\n').length;
        for (const d of parseYaml('k.yaml', text).diagnostics.filter((d) => d.severity === 'error')) {
          expect(d.hint, `${JSON.stringify(text)}: ${d.message}`).toBeTruthy();
          expect(d.message).not.toMatch(/\n| at line \d+/);
          expect(d.line).toBeGreaterThanOrEqual(1);
          expect(d.line).toBeLessThanOrEqual(lines);
        }
      }),
      { numRuns: 3000 },
    );
  });
});
