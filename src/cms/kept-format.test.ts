import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parse, stringify } from 'yaml';
import { keptFormat } from './kept-format.ts';

// Text as content holds it, with what YAML gives meaning to: quotes, colons, #, line breaks, leading
// spaces, text that reads as a number, a date or true, and other scripts.
const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('07:00', '1972', 'true', 'null', '- a', '# no', 'a: b', ' lead', 'end ', "it's", '"q"', 'two\nlines', 'é ✓ 😀', 'a  b', '{phone}', '>-'),
  fc.array(fc.constantFrom('word', 'longer', 'text'), { minLength: 12, maxLength: 40 }).map((w) => w.join(' ')),
);
const scalar = fc.oneof(text, fc.integer(), fc.boolean());
const key = fc.constantFrom('title', 'phone', 'lead', 'hours', 'items', 'e164', 'a', 'b');
const value = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, scalar, scalar, tie('map'), tie('list')),
  map: fc.dictionary(key, tie('node'), { minKeys: 1, maxKeys: 4 }),
  list: fc.array(tie('node'), { maxLength: 3 }),
})) as { node: fc.Arbitrary<unknown>; map: fc.Arbitrary<Record<string, unknown>> };

/** The file as a person might have written it: a comment on top and beside a field, long text folded. */
function handWritten(data: Record<string, unknown>): string {
  return `# yaml-language-server: $schema=./schemas/site.json\n# Facts of the business.\n${stringify(data, { lineWidth: 60 })}`;
}

/** A change an editor makes in a form: one value replaced somewhere in the tree. */
function changed(data: Record<string, unknown>, path: number, next: unknown, leavesOnly = false): Record<string, unknown> {
  const copy = structuredClone(data);
  const places: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = [];
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    for (const [k, child] of Object.entries(node)) {
      places.push({ parent: node as Record<string, unknown>, key: Array.isArray(node) ? Number(k) : k });
      visit(child);
    }
  };
  visit(copy);
  const candidates = leavesOnly ? places.filter((p) => typeof (p.parent as Record<string | number, unknown>)[p.key] !== 'object') : places;
  if (candidates.length === 0) return copy;
  const place = candidates[path % candidates.length]!;
  (place.parent as Record<string | number, unknown>)[place.key] = next;
  return copy;
}

describe('a file saved from the browser editor', () => {
  it('holds exactly what the editor saved, whatever was changed (generated)', () => {
    fc.assert(
      fc.property(value.map, fc.nat(), value.node, (data, path, next) => {
        const edited = changed(data, path, next);
        // The editor writes its own serialisation, in its own order and style.
        const saved = stringify(edited, { sortMapEntries: true, lineWidth: 0, defaultStringType: 'QUOTE_DOUBLE' });
        const result = keptFormat(handWritten(data), saved, false);
        expect(parse(result)).toEqual(edited);
      }),
      { numRuns: 600 },
    );
  });

  it('keeps every line but the changed values’ when only values change, comments and folded text included (generated)', () => {
    fc.assert(
      fc.property(value.map, fc.nat(), scalar, (data, path, next) => {
        const edited = changed(data, path, next, true);
        const before = handWritten(data);
        const result = keptFormat(before, stringify(edited, { sortMapEntries: true }), false);
        expect(parse(result)).toEqual(edited);
        expect(result.split('\n').slice(0, 2)).toEqual(before.split('\n').slice(0, 2));
        if (JSON.stringify(edited) === JSON.stringify(data)) {
          expect(result).toBe(before);
          return;
        }
        // Nothing but the changed value moved: the lines before it and after it are the file's own.
        const [a, b] = [before.split('\n'), result.split('\n')];
        let head = 0;
        while (head < a.length && a[head] === b[head]) head++;
        let tail = 0;
        while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
        // The old value spans at most a few folded lines (long text is folded at 60 columns).
        expect(a.length - head - tail, result).toBeLessThanOrEqual(12);
      }),
      { numRuns: 400 },
    );
  });

  it('keeps the front matter’s comments and order in a Markdown page and takes the new body', () => {
    const before = '---\n# the post\ntemplate: post\ntitle: "Old title"\ndraft: true\n---\n\nOld body.\n';
    const saved = '---\ndraft: false\ntemplate: post\ntitle: New title\n---\nNew body.\n';
    expect(keptFormat(before, saved, true)).toBe('---\n# the post\ntemplate: post\ntitle: "New title"\ndraft: false\n---\nNew body.\n');
  });

  it('takes the editor’s file as it is when the file on disk does not parse', () => {
    expect(keptFormat('a: [unclosed\n', 'a: 1\n', false)).toBe('a: 1\n');
  });
});
