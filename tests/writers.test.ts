// Every writer of a file in dist/, held to its property (writer-properties.ts):
// any input is refused before writing or read back by the real parser as exactly
// what it described. A few hundred cases each here; the hardening suite runs many more.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redirectsFile } from 'trn-site/internal/extras/redirects-file.ts';
import { headersFile } from 'trn-site/internal/extras/headers-file.ts';
import { robots, sitemap } from 'trn-site/internal/extras/sitemap.ts';
import { UnwritableValue } from 'trn-site/internal/extras/unwritable.ts';
import { xmlText } from 'trn-site/internal/extras/xml.ts';
import { jsonForScript } from '../templates/lib/script-json.ts';
import {
  addressInput,
  feedCase,
  feedInput,
  formActionCase,
  headersCase,
  headersInput,
  hostileText,
  jsonInput,
  jsonLdCase,
  manifestCase,
  manifestInput,
  parseXml,
  policyCase,
  policyInput,
  redirectsCase,
  redirectsInput,
  robotsCase,
  sitemapCase,
  type Outcome,
} from './helpers/writer-properties.ts';

const RUNS = Number(process.env.WRITER_RUNS ?? 150);
const clean = (outcome: Outcome) => outcome.injected === 0;

describe('_redirects', () => {
  it("refuses the issue's target with a line break in it instead of writing a forced proxy of every page", () => {
    const to = 'https://example.com/\n/* https://elsewhere.example/:splat 200!\n/x';
    expect(() => redirectsFile([{ from: '/old', to, status: 301, force: false }])).toThrow(UnwritableValue);
  });

  it('any rules: refused (by the rules first) or read by Netlify and the preview server as exactly the lines meant', async () => {
    await fc.assert(
      fc.asyncProperty(redirectsInput, async (input) => clean(await redirectsCase(input))),
      { numRuns: RUNS },
    );
  });
});

describe('_headers and the policy', () => {
  it('refuses a value with a line break, which would start another header', () => {
    expect(() => headersFile([{ path: '/*', headers: { 'X-A': 'a\n  X-Evil: 1' } }])).toThrow(UnwritableValue);
    expect(() => headersFile([{ path: '/* /x', headers: { 'X-A': 'a' } }])).toThrow(UnwritableValue);
  });

  it('refuses a second block for one path, which Netlify reads as one block (found by the property below, 1 in 40,000)', async () => {
    const twice = [
      { path: '/', headers: { 'X-Frame-Options': 'DENY' } },
      { path: '/', headers: { 'X-Frame-Options': 'DENY' } },
    ];
    expect(() => headersFile(twice)).toThrow(UnwritableValue);
    expect(await headersCase(twice)).toEqual({ written: false, injected: 0 });
  });

  it('refuses a header named like a member every object has, which Netlify reads as that member joined to the value (found by the hardening property)', async () => {
    for (const name of Object.getOwnPropertyNames(Object.prototype)) {
      const rules = [{ path: '/*', headers: { [name]: 'DENY' } }];
      expect(() => headersFile(rules), name).toThrow(UnwritableValue);
      expect(await headersCase(rules), name).toEqual({ written: false, injected: 0 });
    }
  });

  it('any blocks: refused or read by Netlify and the preview server as exactly the blocks given', async () => {
    await fc.assert(
      fc.asyncProperty(headersInput, async (rules) => clean(await headersCase(rules))),
      { numRuns: RUNS },
    );
  });

  it('any sources: refused or one policy with exactly the directives given (a "," would make a second policy)', async () => {
    await fc.assert(
      fc.asyncProperty(policyInput, async (extra) => clean(await policyCase(extra))),
      { numRuns: RUNS },
    );
  });

  it("every form service address site.yaml's schema accepts is a source the policy can hold", () => {
    expect(formActionCase('https://a,b.example/x')).toEqual({ written: false, injected: 0 });
    expect(formActionCase('https://formsubmit.co/{email}')).toEqual({ written: true, injected: 0 });
    fc.assert(
      fc.property(
        fc.oneof(
          hostileText.map((t) => `https://${t}`),
          hostileText.map((t) => `https://formsubmit.co/${t}`),
        ),
        (action) => clean(formActionCase(action)),
      ),
      { numRuns: RUNS },
    );
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('refuses an address with a character XML forbids, and escapes markup', () => {
    expect(() => sitemap(['https://x.example/\u000b'])).toThrow(UnwritableValue);
    expect(sitemap(['https://x.example/?a=1&b=<2>'])).toContain('<loc>https://x.example/?a=1&amp;b=&lt;2&gt;</loc>');
  });

  it('any addresses: refused or exactly those <loc>s, in well-formed XML', () => {
    fc.assert(
      fc.property(fc.array(addressInput, { maxLength: 4 }), (urls) => clean(sitemapCase(urls))),
      { numRuns: RUNS },
    );
  });

  it('refuses a base URL that would add a line to robots.txt', () => {
    expect(() => robots('https://x.example\nDisallow: /')).toThrow(UnwritableValue);
    expect(robots('https://x.example')).toBe('User-agent: *\nAllow: /\n\nSitemap: https://x.example/sitemap.xml\n');
  });

  it('any base URL: refused or exactly the four lines', () => {
    fc.assert(
      fc.property(addressInput, (url) => clean(robotsCase(url))),
      { numRuns: RUNS },
    );
  });
});

describe('the feed', () => {
  it('refuses a vertical tab in a headline, which no XML parser reads', () => {
    expect(feedCase({ title: 'Blog', author: 'A', posts: [{ title: 'Panel\u000bupgrades', summary: 's', slug: 'a' }] })).toEqual({
      written: false,
      injected: 0,
    });
  });

  it('writes tabs and line breaks as references, so a parser reads them back as they were', () => {
    expect(xmlText('f', 'x', 'a\tb\r\nc')).toBe('a&#9;b&#13;&#10;c');
    expect(parseXml(`<a b="${xmlText('f', 'x', '\t\n')}">${xmlText('f', 'x', '\r')}</a>`)!.documentElement.getAttribute('b')).toBe('\t\n');
  });

  it('any titles and summaries: refused (by the hidden-character rule first) or exactly those entries', () => {
    fc.assert(
      fc.property(feedInput, (input) => clean(feedCase(input))),
      { numRuns: RUNS },
    );
  });
});

describe('JSON in a page and the manifest', () => {
  it('escapes what could end the script element or bend it', () => {
    expect(jsonForScript({ a: '</script><!--\u2028&' })).toBe('{"a":"\\u003c/script\\u003e\\u003c!--\\u2028\\u0026"}');
    expect(() => jsonForScript(undefined)).toThrow(TypeError);
  });

  it("any JSON value: the browser's parse of the page gives one script whose JSON is the value", () => {
    fc.assert(
      fc.property(jsonInput, (value) => clean(jsonLdCase(value))),
      { numRuns: RUNS },
    );
  });

  it('any members: the manifest reads back as them', () => {
    fc.assert(
      fc.property(manifestInput, (members) => clean(manifestCase(members))),
      { numRuns: RUNS },
    );
  });
});
