import { describe, expect, it } from 'vitest';
import { isRedirectStatus, matchRedirect, parseRedirects } from './redirects.ts';

const none = () => false;
const all = () => true;

function rulesOf(text: string) {
  const { rules, errors } = parseRedirects(text);
  expect(errors).toEqual([]);
  return rules;
}

describe('parseRedirects', () => {
  it.each([
    ['/a /b', { from: '/a', to: '/b', status: 301, force: false }],
    ['/a /b 302', { from: '/a', to: '/b', status: 302, force: false }],
    ['/a   /b\t307', { from: '/a', to: '/b', status: 307, force: false }],
    ['/a /b 301!', { from: '/a', to: '/b', status: 301, force: true }],
    ['/app/* /index.html 200', { from: '/app/*', to: '/index.html', status: 200, force: false }],
    ['/shop/* /closed 404', { from: '/shop/*', to: '/closed', status: 404, force: false }],
    ['/g https://example.com/x 308', { from: '/g', to: 'https://example.com/x', status: 308, force: false }],
    ['  /indented /ok  ', { from: '/indented', to: '/ok', status: 301, force: false }],
    ['/a /b#part 302 # trailing comment', { from: '/a', to: '/b#part', status: 302, force: false }],
  ])('%j', (line, expected) => {
    const { rules, errors } = parseRedirects(line);
    expect(errors).toEqual([]);
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({ line: 1, ...expected });
  });

  it('skips comments and blank lines, keeping line numbers', () => {
    const { rules, errors } = parseRedirects('# heading\n\n   \n/a /b\r\n  # indented comment\n/c /d 302\n');
    expect(errors).toEqual([]);
    expect(rules.map((r) => [r.line, r.from])).toEqual([
      [4, '/a'],
      [6, '/c'],
    ]);
  });

  it.each([
    ['/only-from', 'expected'],
    ['relative /b', 'must be a path'],
    ['/a relative', '"to" must be'],
    ['/a /b 3O1', 'invalid status'],
    ['/a /b 304', 'unsupported status 304'],
    ['/a /b 199', 'unsupported status 199'],
    ['/a /b 301 extra', 'unexpected'],
    ['/a /b 302 Country=us', 'conditions'],
    ['/store id=:id /blog/:id 301', 'query parameter'],
    ['https://old.example/* https://new.example/:splat 301', 'host-based'],
    ['/api/* https://api.example/:splat 200', 'proxying'],
    ['/a/*/b/* /c', 'more than one'],
    ['/:x/:x /c', 'twice'],
  ])('reports and skips %j', (line, message) => {
    const { rules, errors } = parseRedirects(`/ok /fine\n${line}\n/ok2 /fine`);
    expect(rules.map((r) => r.from)).toEqual(['/ok', '/ok2']);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.line).toBe(2);
    expect(errors[0]!.message).toContain(message);
  });

  it('classifies statuses', () => {
    expect([301, 302, 303, 307, 308].every(isRedirectStatus)).toBe(true);
    expect([200, 404, 410].some(isRedirectStatus)).toBe(false);
  });
});

describe('matchRedirect', () => {
  it.each([
    // [rules, request path, search, expected target or null]
    ['/a /b', '/a', '', '/b'],
    ['/a /b', '/a/', '', '/b'],
    ['/a/ /b', '/a', '', '/b'],
    ['/a /b', '/ab', '', null],
    ['/a /b', '/a/c', '', null],
    ['/A /b', '/a', '', null],
    ['/news/* /blog/:splat', '/news/2004/01/my-story', '', '/blog/2004/01/my-story'],
    ['/news/* /blog/:splat', '/news/', '', '/blog/'],
    ['/news/* /blog/:splat', '/news', '', '/blog/'],
    ['/news/* /blog', '/news/x', '', '/blog'],
    ['/news/* /blog/:splat', '/newsletter', '', null],
    ['/* /index.html 200', '/', '', '/index.html'],
    ['/* /index.html 200', '/deep/path', '', '/index.html'],
    ['/files* /f/:splat', '/files-2024/a', '', '/f/-2024/a'],
    ['/blog/:year/:slug /:year/:slug', '/blog/2024/hello', '', '/2024/hello'],
    ['/blog/:year/:slug /:year/:slug', '/blog/2024', '', null],
    ['/blog/:year/:slug /:year/:slug', '/blog/2024/a/b', '', null],
    ['/p/:id /q?id=:id', '/p/7', '', '/q?id=7'],
    ['/p/:id /q/:unknown/:id', '/p/7', '', '/q/:unknown/7'],
    ['/s/* https://example.com/:splat 302', '/s/a/b', '', 'https://example.com/a/b'],
    ['/a /b', '/a', '?x=1&y=2', '/b?x=1&y=2'],
    ['/a /b?own=1', '/a', '?x=1', '/b?own=1'],
    ['/a /b#top', '/a', '?x=1', '/b?x=1#top'],
    ['/a https://example.com/', '/a', '?x=1', 'https://example.com/?x=1'],
    ['/n/* /m/:splat', '/n/caf\u00e9 menu', '', '/m/caf%C3%A9%20menu'],
    ['/n/* /m/:splat', '/n/what?', '', '/m/what%3F'],
  ])('%j matches %j%s → %j', (text, pathname, search, target) => {
    const match = matchRedirect(rulesOf(text), pathname, none, search);
    expect(match?.target ?? null).toBe(target);
  });

  it('first match wins, top to bottom', () => {
    const rules = rulesOf('/a/* /first\n/a/b /second\n/a/b /third 302');
    expect(matchRedirect(rules, '/a/b', none)).toMatchObject({ target: '/first', status: 301 });
    const reversed = rulesOf('/a/b /second 302\n/a/* /first');
    expect(matchRedirect(reversed, '/a/b', none)).toMatchObject({ target: '/second', status: 302 });
    expect(matchRedirect(reversed, '/a/c', none)).toMatchObject({ target: '/first' });
  });

  it('reports the status and rule of the match', () => {
    const rules = rulesOf('/x /y 404\n/r /index.html 200\n/t /u 307');
    expect(matchRedirect(rules, '/x', none)).toMatchObject({ status: 404, target: '/y', rule: { line: 1 } });
    expect(matchRedirect(rules, '/r', none)).toMatchObject({ status: 200, rule: { line: 2 } });
    expect(matchRedirect(rules, '/t', none)).toMatchObject({ status: 307, rule: { line: 3 } });
  });

  describe('shadowing', () => {
    it('a file at the path shadows a rule that is not forced', () => {
      expect(matchRedirect(rulesOf('/about /team'), '/about', all)).toBeNull();
      expect(matchRedirect(rulesOf('/* /index.html 200'), '/about', all)).toBeNull();
    });

    it('a forced rule applies even over a file', () => {
      expect(matchRedirect(rulesOf('/about /team 301!'), '/about', all)?.target).toBe('/team');
      expect(matchRedirect(rulesOf('/app/* /app.html 200!'), '/app/x', all)?.target).toBe('/app.html');
    });

    it('a shadowed rule is skipped and later forced rules still apply', () => {
      const rules = rulesOf('/a /shadowed\n/a /forced 302!');
      expect(matchRedirect(rules, '/a', all)).toMatchObject({ target: '/forced', status: 302 });
      expect(matchRedirect(rules, '/a', none)).toMatchObject({ target: '/shadowed', status: 301 });
    });

    it('asks about the request path, at most once, and only when needed', () => {
      const asked: string[] = [];
      const hasFile = (p: string) => (asked.push(p), false);
      matchRedirect(rulesOf('/a /x\n/a /y\n/b /z'), '/a', hasFile, '?q');
      expect(asked).toEqual(['/a']);
      asked.length = 0;
      matchRedirect(rulesOf('/a /x 301!\n/b /z'), '/a', hasFile);
      matchRedirect(rulesOf('/b /z'), '/a', hasFile);
      expect(asked).toEqual([]);
    });
  });
});
