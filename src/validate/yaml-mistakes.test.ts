// The commonest YAML mistakes, each one message in plain words at the line of the mistake.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseYaml } from './yaml.ts';

const problems = (text: string) => parseYaml('pages/a.yaml', text).diagnostics.map((d) => [d.line, d.column, d.message, d.hint]);

describe('YAML mistakes in plain words', () => {
  it('a tab used to indent: one message at the tab, not a chain', () => {
    expect(problems('title: A\nitems:\n  - a\n\t- b\n  - c\n')).toEqual([
      [4, 1, 'a tab character: YAML indents with spaces', expect.stringContaining('replace the tab with spaces')],
    ]);
  });

  it('a value that starts with a {placeholder}, unquoted', () => {
    expect(problems('title: A\ncta: {phone} any time\nnext: x\n')).toEqual([
      [2, 6, 'a value that starts with { must be quoted: "{phone} any time"', 'write it in quotes: cta: "{phone} any time"'],
    ]);
  });

  it('a line indented more than a field that already has a value', () => {
    expect(problems('hero:\n  lead: x\n    more: y\n')).toEqual([
      [
        3,
        5,
        'line 3 is indented more than line 2, which already has a value; fields of one item line up under each other',
        expect.stringContaining('start it at column 3'),
      ],
    ]);
  });

  it('a line indented less than the fields it belongs with', () => {
    expect(problems('hero:\n  lead: x\n points: y\n')).toEqual([
      [
        3,
        2,
        'line 3 is indented less than line 2 (1 space, not 2); fields of one map line up under each other',
        expect.stringContaining('start it at column 3'),
      ],
    ]);
  });

  it('a field of a list item indented less than the item’s fields: at the line, with the column that fixes it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 2 }), (dash, items, fields) => {
        // `items` items of `fields` fields each; the last field of the last item a space short, between its dash and its fields.
        const pad = ' '.repeat(dash);
        const lines = ['title: A', 'faq:'];
        for (let i = 0; i < items; i++) {
          lines.push(`${pad}- q: Question ${i}`);
          for (let f = 0; f < fields; f++) lines.push(`${pad}  a${f}: Answer ${f}`);
        }
        const short = 1;
        const at = lines.length - 1;
        lines[at] = ' '.repeat(dash + 2 - short) + lines[at]!.trimStart();
        const found = problems(lines.join('\n') + '\n');
        expect(found).toEqual([
          [
            at + 1,
            dash + 2 - short + 1,
            expect.stringMatching(new RegExp(`^line ${at + 1} is indented less than the fields of the list item on line \\d+ \\(`)),
            expect.stringContaining(`start it at column ${dash + 3}`),
          ],
        ]);
        // Moved to the column the hint names, the file reads.
        lines[at] = ' '.repeat(dash + 2) + lines[at]!.trimStart();
        expect(problems(lines.join('\n') + '\n')).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it('a value with a colon and a space in it, unquoted', () => {
    expect(problems('title: A\nsections:\n  - heading: Panels: what to know\n')).toEqual([
      [
        3,
        14,
        'a value with a colon and a space in it must be quoted: "Panels: what to know"',
        'write it in quotes: - heading: "Panels: what to know" (unquoted, YAML reads "Panels:" as the start of another field)',
      ],
    ]);
  });

  it('a value quoted with curly quotes: told they are text to YAML, and the straight-quoted value, which reads as the text inside', () => {
    const text = fc.stringMatching(/^[A-Za-z][A-Za-z ,.’]{0,10}: [A-Za-z ]{1,10}[A-Za-z]$/);
    fc.assert(
      fc.property(text, fc.constantFrom(['“', '”'], ['‘', '’']), (inside, [open, close]) => {
        const found = problems(`title: A\nseoTitle: ${open}${inside}${close}\n`);
        expect(found).toEqual([
          [
            2,
            11,
            `${open} and ${close} are curly quotes, which YAML reads as text, not as quotes: the value is not quoted, and its colon starts another field`,
            expect.stringMatching(/^write it in straight quotes: seoTitle: "/),
          ],
        ]);
        // The line the hint writes reads as the text inside the curly quotes.
        const line = /straight quotes: (.*) \(curly/.exec(found[0]![3] as string)![1]!;
        expect(parseYaml('pages/a.yaml', `${line}\n`).data).toEqual({ seoTitle: inside });
      }),
      { numRuns: 200 },
    );
  });

  it('a value that ends in a colon, unquoted, wherever it stands, and what the quotes give back reads as the value', () => {
    const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 .,]{0,12}[A-Za-z0-9.]$/);
    fc.assert(
      fc.property(word, fc.constantFrom('', '  ', '  - '), fc.constantFrom('', ' ', '\r'), (value, lead, end) => {
        const field = lead === '' ? 'author' : `group:\n${lead}author`;
        const text = `title: A\n${field}: ${value}:${end}\nnext: 1\n`;
        const line = lead === '' ? 2 : 3;
        const column = lead.length + 'author: '.length + 1;
        expect(problems(text)).toEqual([
          [
            line,
            column,
            `a value that ends in a colon must be quoted: "${value}:"`,
            expect.stringContaining(`author: "${value}:" (unquoted, YAML reads "${value}:"`),
          ],
        ]);
      }),
      { numRuns: 200 },
    );
  });

  it('a quote inside a value quoted the same way: the hint writes the value so that it reads as the text meant', () => {
    const words = fc.stringMatching(/^[A-Za-z][A-Za-z ,.]{0,8}[A-Za-z.]$/);
    fc.assert(
      fc.property(fc.array(words, { minLength: 2, maxLength: 4 }), fc.constantFrom("'", '"'), fc.constantFrom('', '  - '), (parts, quote, lead) => {
        const meant = parts.join(quote);
        const field = lead ? `group:\n${lead}title` : 'title';
        const text = `name: A\n${field}: ${quote}${meant}${quote}\n`;
        const found = problems(text);
        const line = lead ? 3 : 2;
        expect(found).toEqual([
          [
            line,
            lead.length + 'title: '.length + 1 + parts[0]!.length + 1,
            expect.stringContaining(`the value's quote closes here, at the ${quote}`),
            expect.any(String),
          ],
        ]);
        const suggested = (found[0]![3] as string).split('doubled: ')[1]!;
        expect(parseYaml('a.yaml', suggested).data).toEqual(lead ? [{ title: meant }] : { title: meant });
      }),
      { numRuns: 300 },
    );
  });

  it('a value that starts with @, ` or %, unquoted', () => {
    fc.assert(
      fc.property(fc.constantFrom('@', '`', '%'), fc.stringMatching(/^[a-z"\\ ]{0,8}[a-z]$/), (first, rest) => {
        const found = problems(`name: A\nhandle: ${first}${rest}\n`);
        expect(found).toEqual([[2, 9, `a value cannot start with "${first}" unless it is in quotes`, expect.stringMatching(/^write it in quotes: handle: "/)]]);
        expect(parseYaml('a.yaml', (found[0]![3] as string).slice('write it in quotes: '.length)).data).toEqual({ handle: `${first}${rest}` });
      }),
      { numRuns: 200 },
    );
  });

  it("a list item under a field that already has a value: one message, not the parser's three", () => {
    expect(problems('a: b\n- c\n')).toEqual([
      [
        2,
        1,
        'line 2 starts a list item, but "a" on line 1 already has a value',
        'a field holds one value or a list: move "b" into the list as its first item (- b), or take the - away',
      ],
    ]);
  });

  it('leaves what it does not recognise to the parser', () => {
    expect(problems('? a\n: 1\n? a\n: 2\n').map((p) => p[2])).toEqual(['Map keys must be unique']);
  });

  it('text cut off by a # read as a comment, at the #; a comment with a space after # is fine', () => {
    expect(problems('title: We are #1 in Vaughan\nnote: x # a real comment\n')).toEqual([
      [
        1,
        15,
        '"#1 in Vaughan" is cut off: after a space, # starts a comment in YAML, so the value is only "We are"',
        'put the whole value in quotes: "We are #1 in Vaughan"',
      ],
    ]);
  });

  it('says nothing of a tab in a file that parses', () => {
    expect(problems('title: "A\tB"\n')).toEqual([]);
  });
});
