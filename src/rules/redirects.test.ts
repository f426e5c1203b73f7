// checkRedirects(): unreachable rules, loops, chains, rules and pages hiding each other, and targets that are not pages.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RedirectEntry } from '../contracts/model.ts';
import { checkRedirects } from './redirects.ts';
import { compilePattern, matchPattern } from '../url.ts';
import type { LinkTargets } from './links.ts';
import { redirectEntry } from '../../tests/helpers/unit.ts';

function targets(routes: string[], files: string[] = []): LinkTargets {
  return { routes: new Set(routes), redirectSources: new Map(), files: new Set(files) };
}

/** Rules written one after another in pages/_redirects.yaml, each taking two lines from line 2. */
function rules(...list: [from: string, to: string, options?: { force?: boolean }][]): RedirectEntry[] {
  return list.map(([from, to, options], index) => redirectEntry(from, to, { line: 2 + index * 2, ...options }));
}

const summary = (list: ReturnType<typeof checkRedirects>) => list.map((d) => [d.code, d.path, d.line, d.message]);

describe('unreachable rules', () => {
  it('reports an exact rule after a splat rule that matches it, at its from', () => {
    const found = checkRedirects(rules(['/blog/*', '/news'], ['/blog/old-article', '/news']), targets(['/news']));
    expect(found).toEqual([
      {
        file: 'pages/_redirects.yaml',
        line: 4,
        column: 11,
        path: 'redirects[1].from',
        message: 'never applies: redirects[0] (/blog/*) already matches /blog/old-article',
        hint: 'the first matching rule wins; remove this one or move it up',
        severity: 'error',
        code: 'redirect-unreachable',
      },
    ]);
  });

  it('reports an exact rule after a placeholder rule that matches it', () => {
    const found = checkRedirects(rules(['/news/:slug', '/blog'], ['/news/launch', '/blog']), targets(['/blog']));
    expect(summary(found)).toEqual([
      ['redirect-unreachable', 'redirects[1].from', 4, 'never applies: redirects[0] (/news/:slug) already matches /news/launch'],
    ]);
  });

  it('reports a second rule for the same source, and a narrower pattern after a wider one', () => {
    const found = checkRedirects(rules(['/old', '/a'], ['/blog/*', '/a'], ['/old/', '/b'], ['/blog/:slug', '/b']), targets(['/a', '/b']));
    expect(summary(found)).toEqual([
      ['redirect-unreachable', 'redirects[2].from', 6, 'never applies: redirects[0] (/old) already matches /old/'],
      ['redirect-unreachable', 'redirects[3].from', 8, 'never applies: redirects[1] (/blog/*) already matches /blog/:slug'],
    ]);
  });

  it('accepts an exact rule before the pattern that would catch it', () => {
    expect(checkRedirects(rules(['/blog/old-article', '/news'], ['/blog/*', '/news']), targets(['/news']))).toEqual([]);
  });
});

describe('loops and chains', () => {
  it('a rule that leads into a loop it is not part of names the loop where it closes', () => {
    const found = summary(checkRedirects(rules(['/x', '/a'], ['/a', '/b'], ['/b', '/a']), targets([])));
    expect(found.map((d) => d[3])).toEqual(['redirect loop: /x → /a → /b → /a', 'redirect loop: /a → /b → /a', 'redirect loop: /b → /a → /b']);
  });

  it('reports each rule of a loop at its to', () => {
    const found = checkRedirects(rules(['/a', '/b'], ['/b', '/a']), targets([]));
    expect(found.map((d) => [d.code, d.path, d.line, d.column, d.message, d.hint])).toEqual([
      ['redirect-loop', 'redirects[0].to', 3, 9, 'redirect loop: /a → /b → /a', 'one of these rules must point at a page'],
      ['redirect-loop', 'redirects[1].to', 5, 9, 'redirect loop: /b → /a → /b', 'one of these rules must point at a page'],
    ]);
  });

  it('reports a rule whose target is itself', () => {
    expect(summary(checkRedirects(rules(['/a', '/a/']), targets([])))).toEqual([['redirect-loop', 'redirects[0].to', 3, 'redirect loop: /a → /a']]);
  });

  it('reports a chain at its first rule, naming where it ends', () => {
    const found = checkRedirects(rules(['/a', '/b'], ['/b', '/c'], ['/c', '/page']), targets(['/page']));
    expect(found.map((d) => [d.code, d.path, d.message, d.hint])).toEqual([
      ['redirect-chain', 'redirects[0].to', 'redirect chain: /a → /b → /c → /page', 'point it straight at /page'],
      ['redirect-chain', 'redirects[1].to', 'redirect chain: /b → /c → /page', 'point it straight at /page'],
    ]);
  });

  it('follows only exact rules: a target a pattern rule catches is not a chain', () => {
    expect(checkRedirects(rules(['/a', '/blog/x'], ['/blog/*', '/']), targets(['/', '/blog/x']))).toEqual([]);
  });
});

describe('rules and pages', () => {
  it('reports an unforced exact rule where a page exists: the page is served', () => {
    const found = checkRedirects(rules(['/about', '/']), targets(['/', '/about']));
    expect(found.map((d) => [d.code, d.path, d.message, d.hint])).toEqual([
      [
        'redirect-shadows-page',
        'redirects[0].from',
        'never applies: the page at /about is served instead',
        'remove the rule, or remove the page if it has moved',
      ],
    ]);
  });

  it('reports a forced exact rule where a page exists: the page is hidden', () => {
    const found = checkRedirects(rules(['/about/', '/', { force: true }]), targets(['/', '/about']));
    expect(summary(found)).toEqual([['redirect-shadows-page', 'redirects[0].from', 2, 'hides the page at /about: visitors can never reach it']]);
  });

  it('reports a forced pattern that hides pages, counting them and naming the first', () => {
    const found = checkRedirects(
      rules(['/services/*', '/', { force: true }]),
      targets(['/', '/services/panels', '/services', '/services/ev-chargers', '/about']),
    );
    expect(found.map((d) => [d.code, d.path, d.message, d.hint])).toEqual([
      ['redirect-shadows-page', 'redirects[0].from', 'hides 3 page(s) matching /services/*, such as /services', 'remove force, or narrow the source'],
    ]);
  });

  it('accepts an unforced pattern over pages: pages win over it', () => {
    expect(checkRedirects(rules(['/services/*', '/']), targets(['/', '/services/panels']))).toEqual([]);
  });
});

describe('targets', () => {
  it('reports a target that is neither a page nor a file, at its to', () => {
    const found = checkRedirects(
      rules(['/old', '/gone'], ['/logo', '/images/logo.svg'], ['/ext', 'https://example.org/x'], ['/news/:slug', '/blog/:slug'], ['/q', '/about/?from=q#top']),
      targets(['/about'], ['/images/logo.svg']),
    );
    expect(found).toEqual([
      {
        file: 'pages/_redirects.yaml',
        line: 3,
        column: 9,
        path: 'redirects[0].to',
        message: 'redirects to /gone, which is not a page',
        hint: 'point it at an existing page',
        severity: 'error',
        code: 'redirect-target',
      },
    ]);
  });

  it('finds nothing in a clean file', () => {
    expect(checkRedirects(rules(['/old', '/'], ['/blog/*', '/news', { force: true }]), targets(['/', '/news']))).toEqual([]);
  });
});

describe('rules _redirects cannot hold', () => {
  const codes = (list: ReturnType<typeof checkRedirects>) => list.map((d) => [d.code, d.path, d.line]);

  it('refuses a target with a line break at its line, and says nothing else about the rule', () => {
    const found = checkRedirects(rules(['/promo', 'https://example.com/\n/* https://elsewhere.example/:splat 200!\n/x']), targets(['/']));
    expect(found.map((d) => [d.code, d.path, d.line, d.column, d.message])).toEqual([
      [
        'redirect-character',
        'redirects[0].to',
        3,
        9,
        'the to of this rule holds a line break (U+000A), which a line of _redirects cannot hold: the CDN would split the rule there, or read a rule nobody wrote',
      ],
    ]);
  });

  it('refuses whitespace, control and invisible characters in a source or a path target', () => {
    // Characters drawn as nothing are one token each, and refused all the same: nobody could type such an address.
    for (const bad of ['/a b', '/a\u0001', '/a\u00a0', '/a\u200b', '/a\u2028', '/a\u0085', '/a\u3164', '/a\u034f', '/a\ufe0f', '/a\u115f', '/a\u{E0100}']) {
      expect(codes(checkRedirects(rules([bad, '/']), targets(['/'])))).toEqual([['redirect-character', 'redirects[0].from', 2]]);
      expect(codes(checkRedirects(rules(['/x', bad]), targets(['/'])))).toEqual([['redirect-character', 'redirects[0].to', 3]]);
      expect(codes(checkRedirects(rules(['/x', `https://elsewhere.example${bad}`]), targets(['/'])))).toEqual([['redirect-character', 'redirects[0].to', 3]]);
    }
  });

  it('holds an external target to an https address the URL parser reads, without a user name', () => {
    const found = checkRedirects(
      rules(
        ['/a', 'http://example.com/'],
        ['/b', 'https://www.example.com@evil.example/'],
        ['/c', 'https://'],
        ['/d', 'https:example.com'],
        ['/e', 'https://ex\\ample.com'],
        ['/f', 'https://example.com/ok?x=1#top'],
      ),
      targets(['/']),
    );
    expect(found.map((d) => [d.code, d.path, d.message.split(',')[1]?.trim().split(' ')[0]])).toEqual([
      ['redirect-url', 'redirects[0].to', 'an'],
      ['redirect-url', 'redirects[1].to', 'whose'],
      ['redirect-url', 'redirects[2].to', 'which'],
      ['redirect-url', 'redirects[3].to', 'which'],
      ['redirect-url', 'redirects[4].to', 'which'],
    ]);
  });

  it('refuses a rule longer than a line of _redirects may be on Cloudflare Pages', () => {
    expect(codes(checkRedirects(rules(['/a', `https://example.com/${'x'.repeat(1990)}`]), targets(['/'])))).toEqual([['redirect-url', 'redirects[0].to', 3]]);
    expect(checkRedirects(rules(['/a', `https://example.com/${'x'.repeat(1960)}`]), targets(['/']))).toEqual([]);
  });

  it('refuses a source that is not a pattern the CDNs read', () => {
    expect(codes(checkRedirects(rules(['/a/*/b/*', '/'], ['/:x/:x', '/']), targets(['/'])))).toEqual([
      ['redirect-pattern', 'redirects[0].from', 2],
      ['redirect-pattern', 'redirects[1].from', 4],
    ]);
    expect(codes(checkRedirects(rules(['/.netlify/functions/x', '/']), targets(['/'])))).toEqual([['redirect-pattern', 'redirects[0].from', 2]]);
    expect(codes(checkRedirects(rules(['/.netlifyish', '/'], ['/.Netlify', '/']), targets(['/'])))).toEqual([['redirect-pattern', 'redirects[0].from', 2]]);
  });

  it('refuses a path target a browser reads as another site: two slashes at its start, or a backslash anywhere', () => {
    const rest = fc.stringMatching(/^[a-z0-9./:-]{0,12}$/);
    fc.assert(
      fc.property(rest, fc.constantFrom('//', '/\\', '/a\\', '\\'), rest, fc.boolean(), (before, slashes, after, pattern) => {
        const to = slashes.startsWith('/') ? `${slashes}${before}${after}` : `/${before}${slashes}${after}`;
        const from = pattern ? '/go/*' : '/go';
        const found = checkRedirects(rules([from, to.replace(/:(?!splat)/g, '')]), targets(['/']));
        expect(codes(found)).toEqual([['redirect-other-site', 'redirects[0].to', 3]]);
      }),
      { numRuns: 300 },
    );
    expect(codes(checkRedirects(rules(['/go/*', '//:splat'], ['/go2/:host', '/\\:host']), targets(['/'])))).toEqual([
      ['redirect-other-site', 'redirects[0].to', 3],
      ['redirect-other-site', 'redirects[1].to', 5],
    ]);
    // An escaped backslash is a path of this site to a browser (whether a page is there is another matter).
    expect(codes(checkRedirects(rules(['/go/*', '/a/:splat'], ['/b', '/%5C']), targets(['/', '/%5C']))).map(([code]) => code)).not.toContain(
      'redirect-other-site',
    );
  });

  it('refuses a target that begins with a capture, naming an address that proves it leads to another site; a fixed first folder passes', () => {
    const segment = fc.stringMatching(/^[a-z0-9-]{1,6}$/);
    const name = fc.stringMatching(/^[a-z]\w{0,5}$/).filter((n) => n !== 'splat');
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            segment,
            name.map((n) => `:${n}`),
          ),
          { minLength: 1, maxLength: 3 },
        ),
        fc.constantFrom('', '/*', '*'),
        fc.nat(),
        segment,
        (segments, splat, pick, rest) => {
          const unique = segments.filter((part, i) => !part.startsWith(':') || segments.indexOf(part) === i);
          const from = `/${unique.join('/')}${splat}`;
          const captures = [...unique.filter((p) => p.startsWith(':')).map((p) => p.slice(1)), ...(splat ? ['splat'] : [])];
          // A "*" straight after a placeholder is no pattern (refused on its own, above).
          if (captures.length === 0 || 'error' in compilePattern(from)) return;
          const capture = captures[pick % captures.length]!;
          const to = `/:${capture}/${rest}`;
          const found = checkRedirects(rules([from, to]), targets(['/']));
          expect(codes(found)).toEqual([['redirect-other-site', 'redirects[0].to', 3]]);
          // The address the message names does what it says: matched as the CDN matches, it puts another site's name first.
          const request = /link to (\S+)$/.exec(found[0]!.message)![1]!;
          const params = matchPattern(compilePattern(from) as Exclude<ReturnType<typeof compilePattern>, { error: string }>, decodeURIComponent(request));
          expect(params, request).not.toBeNull();
          const destination = to.replace(/:(\w+)/g, (_, n: string) => params![n]!);
          expect(destination, `${request} → ${destination}`).toMatch(/^\/[\\/]/);
          // Behind a fixed folder the same capture stays on this site.
          expect(codes(checkRedirects(rules([from, `/articles${to}`]), targets(['/']))).map(([code]) => code)).not.toContain('redirect-other-site');
        },
      ),
      { numRuns: 300 },
    );
    // The placeholder's own segment, not one whose name begins the same way.
    expect(checkRedirects(rules(['/:ba/:b', '/:b/-']), targets(['/']))[0]!.message).toMatch(/link to \/:ba\/%5Cevil\.example$/);
  });

  it('refuses a target naming a placeholder its source does not capture, whatever the names', () => {
    const name = fc.stringMatching(/^[A-Za-z_]\w{0,8}$/);
    fc.assert(
      fc.property(fc.uniqueArray(name, { minLength: 2, maxLength: 3 }), fc.boolean(), fc.boolean(), ([used, ...captured], splat, external) => {
        const from = `/old/${captured.map((n) => `:${n}`).join('/')}${splat ? '/*' : ''}`;
        const to = `${external ? 'https://elsewhere.example' : ''}/new/:${used}`;
        const all = [...captured, ...(splat ? ['splat'] : [])];
        const found = checkRedirects(rules([from, to]), targets(['/']));
        if (all.includes(used!)) expect(found.filter((d) => d.code === 'redirect-placeholder')).toEqual([]);
        else
          expect(summary(found)).toEqual([
            [
              'redirect-placeholder',
              'redirects[0].to',
              3,
              `the target names :${used}, which the source ${from} does not capture, so the CDN would send visitors to an address with ":${used}" in it`,
            ],
          ]);
      }),
      { numRuns: 300 },
    );
    // Each capture of the source may be used; an address with a port names no placeholder.
    expect(checkRedirects(rules(['/blog/:year/*', '/news/:year/:splat'], ['/a', 'https://elsewhere.example:8443/a']), targets(['/']))).toEqual([]);
  });
});

describe("targets on the site's own address", () => {
  it('checks them as the paths they name: a missing page, a chain, a loop', () => {
    const found = checkRedirects(
      rules(['/a', 'https://www.example.com/gone'], ['/b', 'https://www.example.com/c'], ['/c', '/page'], ['/d', 'https://www.example.com/d/']),
      targets(['/page']),
      'https://www.example.com',
    );
    expect(found.map((d) => [d.code, d.path, d.message])).toEqual([
      ['redirect-target', 'redirects[0].to', 'redirects to /gone, which is not a page'],
      ['redirect-chain', 'redirects[1].to', 'redirect chain: /b → /c → /page'],
      ['redirect-loop', 'redirects[3].to', 'redirect loop: /d → /d'],
    ]);
  });

  it("leaves another site's address, and one outside the base path, alone", () => {
    expect(
      checkRedirects(
        rules(['/a', 'https://elsewhere.example/gone'], ['/b', 'https://www.example.com/other/x']),
        targets(['/']),
        'https://www.example.com/site',
      ),
    ).toEqual([]);
    expect(checkRedirects(rules(['/a', 'https://www.example.com/site/about']), targets(['/about']), 'https://www.example.com/site')).toEqual([]);
  });
});
