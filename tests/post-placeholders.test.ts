// resolveHtml(): placeholders in a post's HTML are resolved by the HTML's structure,
// each value escaped for where it stands, so no value can open or close a tag or an attribute.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Parser } from 'htmlparser2';
import { resolveHtml, Text, tokenNames, type TokenValues } from '../templates/lib/tokens.ts';
import { claimKeys, type Claims } from '../templates/lib/claims.ts';

function values(text: string): TokenValues {
  const claims = Object.fromEntries(claimKeys.map((key) => [key, text])) as unknown as Claims;
  return {
    claims,
    business: text,
    phone: { display: text, href: 'tel:+14165550100' },
    officePhone: { display: text, href: 'tel:+14165550101' },
    hours: text,
    emergencyHours: text,
  };
}

/** The tags and attributes of HTML, and its text, as a browser's parser reads them. */
function structure(html: string) {
  const tags: string[] = [];
  let text = '';
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        tags.push(`${name}(${Object.keys(attributes).join(',')})`);
      },
      ontext(piece) {
        text += piece;
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return { tags, text };
}

describe('resolveHtml', () => {
  it('writes a phone in text as a tap-to-call link, and as its printed form in a title, an alt and inside a link', () => {
    const html = '<p>Call {phone}.</p><p><a href="/contact" title="{phone}">ring {phone}</a><img src="/a.png" alt="call {business}"></p>';
    expect(resolveHtml(html, values('(416) 555-0100'))).toBe(
      '<p>Call <a class="tel" href="tel:+14165550100">(416) 555-0100</a>.</p><p><a href="/contact" title="(416) 555-0100">ring (416) 555-0100</a><img src="/a.png" alt="call (416) 555-0100"></p>',
    );
  });

  it('leaves code as it is written, unknown names included', () => {
    const html = '<pre><code>{unknownName} {phone}</code></pre><p>Use <code>{phone}</code>.</p>';
    expect(resolveHtml(html, values('x'))).toBe(html);
  });

  it('keeps the structure of the HTML whatever a value holds', () => {
    const html =
      '<p>{business} <a href="/x" title="{phone} and {hours}">{phone}</a></p><img src="/a.png" alt="{business}"><table><tr><td title="{hours}">{hours}</td></tr></table>';
    const before = structure(html.replace(/\{[A-Za-z]+\}/g, 'v'));
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('"', "'", '<', '>', '&', '/', '=', ' ', 'a', 'script', 'onclick', '{', '}') }), (value) => {
        const after = structure(resolveHtml(html, values(value)));
        // Text in text becomes one tel link per phone: those are the only tags added.
        expect(after.tags.filter((tag) => tag !== 'a(class,href)')).toEqual(before.tags);
        expect(after.text).toContain(value);
      }),
      { numRuns: 300 },
    );
  });
});

describe('text with placeholders (the schema of prose)', () => {
  it('accepts exactly the text whose braces each hold a known name', () => {
    const pattern = new RegExp(Text().pattern!);
    const piece = fc.oneof(
      fc.constantFrom(...tokenNames.map((name) => `{${name}}`)),
      fc.constantFrom('{', '}', '{}', '{phon}', '{{phone}}', 'a', ' ', 'é', '\n'),
      fc.constantFrom(...tokenNames),
      fc.string({ maxLength: 3 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join('');
        // Each known placeholder taken out, no brace is left.
        const known = new RegExp(`\\{(?:${tokenNames.join('|')})\\}`, 'g');
        expect(pattern.test(text)).toBe(!/[{}]/.test(text.replace(known, '')));
      }),
      { numRuns: 2000 },
    );
  });
});
