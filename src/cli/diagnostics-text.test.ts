// How the CLI prints diagnostics for people (one line each) and for tools (--format json), and its summary line.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diagnostic } from '../contracts/diagnostics.ts';
import { diagnosticsJson, formatBytes, formatDiagnostic, formatDiagnostics, summaryLine } from './diagnostics-text.ts';

const located = diagnostic(
  'schema',
  { file: 'pages/a.yaml', line: 4, column: 9, path: 'links[0].href' },
  { message: 'must start with "/"', hint: 'write /contact' },
);
const wholeFile = diagnostic('front-matter', { file: 'pages/blog/x.md' });
const warning = diagnostic(
  'non-canonical-link',
  { file: 'site.yaml', line: 2, column: 3, path: 'nav[0]', subject: '/about/' },
  { href: '/about/', path: '/about' },
);

describe('formatDiagnostic', () => {
  it('writes file:line:column, the field path, the message and the hint on one line', () => {
    expect(formatDiagnostic(located)).toBe('pages/a.yaml:4:9  links[0].href  must start with "/"; write /contact');
  });

  it('names only the file for a problem of the whole file, and leaves out an empty path', () => {
    expect(formatDiagnostic(wholeFile)).toBe(
      'pages/blog/x.md  a Markdown page must start with front matter between two "---" lines; begin the file with ---, the fields of the page (its template: first), and another ---',
    );
  });

  it('labels warnings', () => {
    expect(formatDiagnostic(warning)).toBe('site.yaml:2:3  nav[0]  warning "/about/" ends in a slash and costs the visitor a redirect; link /about instead');
  });

  it('paints with ANSI codes only when asked', () => {
    expect(formatDiagnostic(warning, true)).toBe(
      '\u001b[1msite.yaml:2:3\u001b[0m  \u001b[36mnav[0]\u001b[0m  \u001b[33mwarning\u001b[0m "/about/" ends in a slash and costs the visitor a redirect\u001b[2m; link /about instead\u001b[0m',
    );
    expect(formatDiagnostics([located, wholeFile])).not.toContain('\u001b');
  });

  it('prints any file name, path, message and hint as one visible line: no line break, escape sequence or reordering mark gets through', () => {
    // What a terminal acts on: C0 and C1 controls, DEL, line and paragraph separators, direction marks and overrides.
    const actsOnTerminal = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;
    const text = fc.string({
      unit: fc.oneof(
        fc.constantFrom('\n', '\r', '\u001b', '[31m', '\u009b', '\u2028', '\u202e', '\u2067', '\t', '\u0007'),
        fc.string({ unit: 'grapheme', maxLength: 3 }),
      ),
      maxLength: 12,
    });
    fc.assert(
      fc.property(text, text, text, fc.nat(99), (file, path, message, line) => {
        const d = { ...located, file: `pages/${file}.yaml`, path, message, hint: message, line };
        const plain = formatDiagnostic(d);
        expect(plain).not.toMatch(actsOnTerminal);
        // Painted, the only escapes are the painter's own.
        expect(formatDiagnostic(d, true).replace(/\u001b\[\d+m/g, '')).not.toMatch(actsOnTerminal);
        // And the name is still told apart from its neighbours: written escapes, not dropped characters.
        if (/[\n\u001b]/.test(file)) expect(plain).toMatch(/\\n|\\u001B/);
      }),
      { numRuns: 500 },
    );
    expect(formatDiagnostic({ ...wholeFile, file: 'pages/evil\npages/x.yaml:1:1  fake.yaml' })).toMatch(/^pages\/evil\\npages\/x\.yaml:1:1 {2}fake\.yaml {2}/);
  });

  it('puts one diagnostic per line, in the order given', () => {
    expect(
      formatDiagnostics([wholeFile, located])
        .split('\n')
        .map((line) => line.split(' ')[0]),
    ).toEqual(['pages/blog/x.md', 'pages/a.yaml:4:9']);
  });
});

describe('diagnosticsJson', () => {
  it('counts errors and warnings and keeps only the documented fields (no subject)', () => {
    expect(JSON.parse(diagnosticsJson([located, warning]))).toEqual({
      errors: 1,
      warnings: 1,
      diagnostics: [
        {
          file: 'pages/a.yaml',
          line: 4,
          column: 9,
          path: 'links[0].href',
          severity: 'error',
          code: 'schema',
          message: 'must start with "/"',
          hint: 'write /contact',
        },
        {
          file: 'site.yaml',
          line: 2,
          column: 3,
          path: 'nav[0]',
          severity: 'warning',
          code: 'non-canonical-link',
          message: '"/about/" ends in a slash and costs the visitor a redirect',
          hint: 'link /about instead',
        },
      ],
    });
  });

  it('leaves out a hint that is absent', () => {
    const noHint = diagnostic('schema', { file: 'site.yaml' }, { message: 'x' });
    expect(Object.keys(JSON.parse(diagnosticsJson([noHint])).diagnostics[0])).toEqual(['file', 'line', 'column', 'path', 'severity', 'code', 'message']);
  });
});

describe('summary', () => {
  it.each([
    [0, '0 B'],
    [999, '999 B'],
    [1000, '1.0 kB'],
    [212_400, '212.4 kB'],
    [1_000_000, '1.00 MB'],
    [3_456_789, '3.46 MB'],
  ])('%d bytes → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it('says how many pages, how big, how long and where', () => {
    expect(summaryLine({ pages: 7, bytes: 212_400, milliseconds: 318 }, 'dist')).toBe('Built 7 pages, 212.4 kB in 318 ms → dist');
    expect(summaryLine({ pages: 1, bytes: 10, milliseconds: 5 }, '../out')).toBe('Built 1 page, 10 B in 5 ms → ../out');
  });
});
