// _redirects and _headers as Netlify's and Cloudflare's parsers read them, against the engine's reading.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHeaders, parseRedirects } from 'trn-site/serve';
import { cloudflareReading } from '../../tools/cdn/cloudflare.ts';
import { headerDifferences, readWithNetlify, redirectDifferences } from '../../tools/cdn/netlify.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cdn-readings-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function netlifyReads(redirects: string, headers = '/*\n  X-Frame-Options: DENY\n') {
  await writeFile(join(dir, '_redirects'), redirects);
  await writeFile(join(dir, '_headers'), headers);
  return readWithNetlify(join(dir, '_redirects'), join(dir, '_headers'));
}

describe('Netlify’s reading of _redirects', () => {
  it('agrees with the engine on the lines the site writes', async () => {
    const text = '# comment\n/blog /blog 200\n/blog/ /blog 301\n/old /new 301\n/news/:year/* /news/:year 302\n/promo/* /sale 302!\n';
    const netlify = await netlifyReads(text);
    expect(netlify.refused).toEqual([]);
    expect(redirectDifferences(netlify.redirects, parseRedirects(text).rules)).toEqual([]);
  });

  it('finds a line Netlify reads as a condition where the engine sees none', async () => {
    const text = '/a /b 301\n/c /d 302 Country=ca\n';
    const netlify = await netlifyReads(text);
    // The engine refuses the line with the condition, so the two readings no longer line up.
    expect(redirectDifferences(netlify.redirects, parseRedirects(text).rules)).toEqual(['Netlify reads a rule the engine does not: /c /d 302']);
  });

  it('names a line Netlify refuses', async () => {
    expect((await netlifyReads('/a\n')).refused).toEqual([expect.stringContaining('Missing destination')]);
  });

  it('finds another status or target', () => {
    const engine = parseRedirects('/a /b 301\n').rules;
    expect(redirectDifferences([{ from: '/a', to: '/b', status: 302, force: false }], engine)).toEqual([
      '_redirects line 1: the engine reads /a /b 301, Netlify /a /b 302',
    ]);
  });
});

describe('Netlify’s reading of _headers', () => {
  it('agrees with the engine on the blocks the site writes and on which apply where', async () => {
    const text = '/*\n  X-Frame-Options: DENY\n  Permissions-Policy: camera=(), usb=()\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n';
    const netlify = await netlifyReads('', text);
    expect(headerDifferences(netlify.headers, parseHeaders(text).rules, ['/', '/assets', '/assets/a.css', '/about?x=1'])).toEqual([]);
  });

  it('finds a value Netlify reads otherwise', async () => {
    const text = '/*\n  Cache-Control: a,b\n';
    const netlify = await netlifyReads('', text);
    expect(headerDifferences(netlify.headers, parseHeaders(text).rules, ['/'])).toEqual([
      '_headers block /*, Cache-Control: the engine reads "a,b", Netlify "a, b"',
    ]);
  });

  it('finds a path where the two apply different blocks', async () => {
    const text = '/About\n  X-Frame-Options: DENY\n';
    const netlify = await netlifyReads('', text);
    // Netlify matches paths whatever their case; the engine, like Cloudflare, does not.
    expect(headerDifferences(netlify.headers, parseHeaders(text).rules, ['/about'])).toEqual([
      '/about: the engine applies the header blocks [], Netlify [/About]',
    ]);
  });
});

describe('Cloudflare’s reading, from what wrangler prints', () => {
  it('counts the rules it accepted and names each it refused, with its place', () => {
    const output = [
      '✨ Parsed 3 valid redirect rules.',
      'Found 1 invalid redirect rule:',
      '  ▶︎ Expected exactly 2 or 3 whitespace-separated tokens. Got 5.',
      '    at ../dist/_redirects:4 | /a /b 301 # note',
      '',
      '  ▶︎ Maximum number of dynamic rules supported is 100. Skipping remaining 3 lines of file.',
      '✨ Parsed 2 valid header rules.',
    ].join('\n');
    expect(cloudflareReading(output)).toEqual({
      redirects: 3,
      headers: 2,
      refused: [
        'Expected exactly 2 or 3 whitespace-separated tokens. Got 5. (at ../dist/_redirects:4 | /a /b 301 # note)',
        'Maximum number of dynamic rules supported is 100. Skipping remaining 3 lines of file.',
      ],
    });
  });

  it('reads nothing into an output without the counts', () => {
    expect(cloudflareReading('No Functions. Shimming...')).toEqual({ redirects: null, headers: null, refused: [] });
  });
});
