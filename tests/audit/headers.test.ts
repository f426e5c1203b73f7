// The site's own header policy: the rules beyond the Observatory's score.
import { describe, expect, it } from 'vitest';
import { cspProblems, formOrigins, headerProblems } from '../../tools/audit/gates/headers.ts';

const policy = { formOrigin: 'https://formsubmit.co' };
const GOOD_CSP =
  "default-src 'none'; script-src 'self'; style-src 'sha256-x='; form-action 'self' https://formsubmit.co; frame-ancestors 'none'; base-uri 'none'";
const GOOD = {
  'content-security-policy': GOOD_CSP,
  'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=()',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

describe('header policy', () => {
  it('accepts the intended headers', () => {
    expect(headerProblems(GOOD, policy, ['https://formsubmit.co', "'self'"])).toEqual([]);
  });

  it('names every missing header', () => {
    expect(headerProblems({}, policy, [])).toEqual([
      'no Content-Security-Policy',
      'no Strict-Transport-Security',
      'X-Content-Type-Options must be nosniff, is `absent`',
      'Referrer-Policy must be strict-origin-when-cross-origin, is `absent`',
      'no Permissions-Policy',
      'no Cross-Origin-Opener-Policy',
      'no Cross-Origin-Resource-Policy',
    ]);
  });

  it('refuses a short HSTS and a weaker referrer policy', () => {
    const problems = headerProblems({ ...GOOD, 'strict-transport-security': 'max-age=600', 'referrer-policy': 'origin' }, policy, []);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/max-age must be at least/);
    expect(problems[1]).toMatch(/Referrer-Policy must be strict-origin-when-cross-origin/);
  });
});

describe('CSP rules', () => {
  it.each([
    ["default-src 'none'; script-src 'self' 'unsafe-inline'", "CSP script-src allows 'unsafe-inline'"],
    ["default-src 'self' 'unsafe-inline'", "CSP style-src allows 'unsafe-inline'"],
    ["default-src 'none'; style-src-attr 'unsafe-inline'", "CSP style-src-attr allows 'unsafe-inline'"],
    ['default-src https:', "CSP default-src must be 'none' or 'self', is `https:`"],
    ["script-src 'self'", 'CSP has no default-src'],
  ])('%s: %s', (csp, problem) => {
    expect(cspProblems(csp, policy, [])).toContain(problem);
  });

  it('limits form-action to the site and the form service', () => {
    expect(cspProblems(GOOD_CSP.replace('https://formsubmit.co', 'https://evil.example'), policy, [])).toContain(
      "CSP form-action allows `https://evil.example` beyond 'self' and the form service",
    );
    expect(cspProblems(GOOD_CSP.replace("form-action 'self' https://formsubmit.co; ", ''), policy, [])[0]).toMatch(/no form-action/);
  });

  it('fails a form-action that blocks the form the page has', () => {
    const csp = GOOD_CSP.replace(' https://formsubmit.co', '');
    expect(cspProblems(csp, policy, ['https://formsubmit.co'])).toEqual([
      "CSP form-action `'self'` blocks the page's form, which posts to https://formsubmit.co",
    ]);
    expect(cspProblems(csp, policy, ["'self'"])).toEqual([]);
  });

  it("requires frame-ancestors 'none' and base-uri 'none'", () => {
    const problems = cspProblems("default-src 'none'; form-action 'self'; frame-ancestors 'self'", policy, []);
    expect(problems).toEqual(["CSP frame-ancestors must be 'none', is `'self'`", "CSP base-uri must be 'none', is `absent`"]);
  });

  it('resolves form actions to origins, the site itself as self', () => {
    const site = ['https://www.example.com', 'http://127.0.0.1:8080'];
    expect(formOrigins(['https://formsubmit.co/x@example.com', '/contact', '', 'https://www.example.com/thanks'], site)).toEqual([
      'https://formsubmit.co',
      "'self'",
      "'self'",
      "'self'",
    ]);
  });
});
