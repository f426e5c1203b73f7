// MDN HTTP Observatory's scoring, checked against the outcomes its published
// rules give for typical responses.
import { describe, expect, it } from 'vitest';
import {
  cookiesTest,
  cspTest,
  gradeFor,
  hstsTest,
  parseCsp,
  scoreResponse,
  sriTest,
  xFrameOptionsTest,
  type ScannedResponse,
} from '../../tools/audit/gates/observatory.ts';

const SITE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'sha256-abc='; img-src 'self' data:; font-src 'self'; connect-src 'self'; form-action 'self' https://formsubmit.co; frame-ancestors 'none'; base-uri 'none'; object-src 'none'; upgrade-insecure-requests";

const SITE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': SITE_CSP,
  'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=()',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

function response(headers: Record<string, string>, extra: Partial<ScannedResponse> = {}): ScannedResponse {
  return {
    headers,
    scripts: [{ src: '/assets/menu.js', integrity: null }],
    httpEquiv: new Map(),
    https: true,
    preflight: null,
    host: 'www.example.com',
    ...extra,
  };
}

describe('Observatory score', () => {
  it("gives the site's headers 130, A+: CSP default-src 'none' +10, referrer +5, frame-ancestors +5, CORP +10", () => {
    const score = scoreResponse(response(SITE_HEADERS));
    expect(score.score).toBe(130);
    expect(score.grade).toBe('A+');
    expect(Object.fromEntries(score.tests.map((t) => [t.name, t.modifier]))).toEqual({
      'content-security-policy': 10,
      cookies: 0,
      'cross-origin-resource-sharing': 0,
      redirection: 0,
      'referrer-policy': 5,
      'strict-transport-security': 0,
      'subresource-integrity': 0,
      'x-content-type-options': 0,
      'x-frame-options': 5,
      'cross-origin-resource-policy': 10,
    });
  });

  it('gives no headers at all 100 − 25 (CSP) − 20 (HSTS) − 5 (nosniff) − 20 (framing) = 30, D', () => {
    const score = scoreResponse(response({ 'content-type': 'text/html' }));
    expect(score.score).toBe(30);
    expect(score.grade).toBe('D');
  });

  it('drops the bonuses when the penalties alone leave less than 90', () => {
    // HSTS missing (−20) leaves 80 before bonuses, so CSP's +10, referrer's +5 and CORP's +10 do not count.
    const { 'strict-transport-security': _, ...headers } = SITE_HEADERS;
    expect(scoreResponse(response(headers)).score).toBe(80);
  });

  it('keeps the bonuses when the penalties leave exactly 90', () => {
    const headers = { ...SITE_HEADERS, 'strict-transport-security': 'max-age=300' };
    expect(scoreResponse(response(headers)).score).toBe(120);
  });

  it.each([
    [135, 'A+'],
    [100, 'A+'],
    [99, 'A'],
    [90, 'A'],
    [89, 'A-'],
    [84, 'B+'],
    [70, 'B'],
    [65, 'B-'],
    [50, 'C'],
    [30, 'D'],
    [24, 'F'],
    [-10, 'F'],
  ])('grades %i as %s', (score, grade) => {
    expect(gradeFor(score)).toBe(grade);
  });
});

describe('Content-Security-Policy test', () => {
  const csp = (policy: string) => cspTest(response({ ...SITE_HEADERS, 'content-security-policy': policy })).result;

  it.each([
    ["default-src 'none'; script-src 'self'", 'csp-implemented-with-no-unsafe-default-src-none'],
    ["default-src 'self'", 'csp-implemented-with-no-unsafe'],
    ["default-src 'self'; script-src 'self' 'unsafe-inline'", 'csp-implemented-with-unsafe-inline'],
    ["default-src 'self'; script-src 'self' 'sha256-x=' 'unsafe-inline'", 'csp-implemented-with-no-unsafe'],
    ["default-src 'none'; style-src 'unsafe-inline'", 'csp-implemented-with-unsafe-inline-in-style-src-only'],
    ["default-src 'none'; script-src 'self' 'unsafe-eval'", 'csp-implemented-with-unsafe-eval'],
    ["default-src 'self'; script-src https:", 'csp-implemented-with-unsafe-inline'],
    ["default-src 'self'; img-src http://images.example.com", 'csp-implemented-with-insecure-scheme-in-passive-content-only'],
    ["default-src 'self'; script-src http://cdn.example.com", 'csp-implemented-with-insecure-scheme'],
    ["frame-ancestors 'none'", 'csp-implemented-with-unsafe-inline'],
    ["default-src 'none'; script-src 'self'; script-src 'unsafe-inline'", 'csp-header-invalid'],
  ])('%s → %s', (policy, result) => {
    expect(csp(policy)).toBe(result);
  });

  it('is not implemented without a header or meta tag', () => {
    const { 'content-security-policy': _, ...headers } = SITE_HEADERS;
    expect(cspTest(response(headers)).result).toBe('csp-not-implemented');
  });

  it('reads a <meta http-equiv> policy too', () => {
    const { 'content-security-policy': _, ...headers } = SITE_HEADERS;
    const meta = new Map([['content-security-policy', ["default-src 'none'"]]]);
    expect(cspTest(response(headers, { httpEquiv: meta })).result).toBe('csp-implemented-with-no-unsafe-default-src-none');
  });

  it('parses directives case-insensitively and treats an empty source list as none', () => {
    const parsed = parseCsp(["DEFAULT-SRC 'SELF'; img-src"]);
    expect([...parsed.get('default-src')!]).toEqual(["'self'"]);
    expect([...parsed.get('img-src')!]).toEqual(["'none'"]);
  });

  it('intersects two policies: a source counts only if both allow it', () => {
    const parsed = parseCsp(["script-src 'self' https://a.example", "script-src 'self'"]);
    expect([...parsed.get('script-src')!]).toEqual(["'self'"]);
  });
});

describe('the other tests', () => {
  it('takes frame-ancestors in the CSP header over X-Frame-Options', () => {
    expect(xFrameOptionsTest(response(SITE_HEADERS)).result).toBe('x-frame-options-implemented-via-csp');
    const { 'content-security-policy': _, ...headers } = SITE_HEADERS;
    expect(xFrameOptionsTest(response(headers)).result).toBe('x-frame-options-sameorigin-or-deny');
    expect(xFrameOptionsTest(response({})).result).toBe('x-frame-options-not-implemented');
  });

  it('reads HSTS: six months (15552000 s) or more passes; less costs 10; no HTTPS costs 20', () => {
    expect(hstsTest(response({ 'strict-transport-security': 'max-age=15552000' })).result).toBe('hsts-implemented-max-age-at-least-six-months');
    expect(hstsTest(response({ 'strict-transport-security': 'max-age=86400' })).modifier).toBe(-10);
    expect(hstsTest(response({ 'strict-transport-security': 'includeSubDomains' })).result).toBe('hsts-header-invalid');
    expect(hstsTest(response(SITE_HEADERS, { https: false })).modifier).toBe(-20);
  });

  it('judges cookies: none is neutral; secure, HttpOnly session with SameSite earns 5; an insecure session cookie costs 40', () => {
    expect(cookiesTest(response({}), true).result).toBe('cookies-not-found');
    expect(cookiesTest(response({ 'set-cookie': 'sessionid=1; Secure; HttpOnly; SameSite=Lax' }), true).modifier).toBe(5);
    expect(cookiesTest(response({ 'set-cookie': 'sessionid=1; HttpOnly' }), false).result).toBe('cookies-session-without-secure-flag');
    expect(cookiesTest(response({ 'set-cookie': 'a=1; Secure; SameSite=Lax, sessionid=2; Secure' }), true).result).toBe(
      'cookies-session-without-httponly-flag',
    );
  });

  it('judges scripts for SRI: same-origin scripts are fine; a third-party script without integrity costs 5 over HTTPS, 50 over HTTP', () => {
    expect(sriTest(response(SITE_HEADERS)).result).toBe('sri-not-implemented-but-all-scripts-loaded-from-secure-origin');
    expect(sriTest(response(SITE_HEADERS, { scripts: [] })).result).toBe('sri-not-implemented-but-no-scripts-loaded');
    expect(sriTest(response(SITE_HEADERS, { scripts: [{ src: 'https://cdn.other.net/x.js', integrity: null }] })).modifier).toBe(-5);
    expect(sriTest(response(SITE_HEADERS, { scripts: [{ src: 'http://cdn.other.net/x.js', integrity: null }] })).modifier).toBe(-50);
    expect(sriTest(response(SITE_HEADERS, { scripts: [{ src: 'https://cdn.other.net/x.js', integrity: 'sha384-x' }] })).modifier).toBe(5);
  });

  it('scores CORS from the preflight: universal access with credentials costs 50', () => {
    const origin = 'https://http-observatory.security.mozilla.org';
    const withCors = (headers: Record<string, string>) =>
      scoreResponse(response(SITE_HEADERS, { preflight: { headers, origin } })).tests.find((t) => t.name === 'cross-origin-resource-sharing')!;
    expect(withCors({}).result).toBe('cross-origin-resource-sharing-not-implemented');
    expect(withCors({ 'access-control-allow-origin': '*' }).modifier).toBe(0);
    expect(withCors({ 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true' }).modifier).toBe(-50);
  });

  it('skips the redirection test and says why', () => {
    const redirection = scoreResponse(response(SITE_HEADERS)).tests.find((t) => t.name === 'redirection')!;
    expect(redirection.modifier).toBe(0);
    expect(redirection.note).toMatch(/no HTTPS/);
  });
});
