// MDN HTTP Observatory's scoring, implemented from its published rules
// (mdn/mdn-http-observatory: src/analyzer/tests/*.js, src/grader/charts.js),
// because the npm package cannot be installed on the CI machine: its install
// step downloads a CA bundle from the network. Pure: one response in, a score out.
//
// The scan starts at 100; each of ten tests adds its modifier. Bonuses (positive
// modifiers) count only when the score with the penalties alone is at least 90.
// 100 and above is A+.
//
// The preview server speaks plain HTTP on 127.0.0.1, while the site ships on
// HTTPS behind a CDN. So the response is scored as the production response
// (`https: true`): HSTS is read from the header, and the HTTP→HTTPS redirection
// test is skipped (the CDN does that redirect, and it cannot be seen locally).

/** A response as the scanner sees it. Header names lower-case; repeated headers joined with ", " (as fetch does). */
export interface ScannedResponse {
  headers: Record<string, string>;
  /** Scripts on the page: src as written and integrity attribute. */
  scripts: { src: string | null; integrity: string | null }[];
  /** `<meta http-equiv>` values by lower-case name. */
  httpEquiv: Map<string, string[]>;
  /** Whether the site is scored as served over HTTPS (see the file comment). */
  https: boolean;
  /** Headers of the answer to a CORS preflight (OPTIONS with Origin), or null when there was none. */
  preflight: { headers: Record<string, string>; origin: string } | null;
  /** Host of the scanned site, for SRI's same-site test, e.g. `www.example.com`. */
  host: string;
}

export interface TestOutcome {
  /** The Observatory's test name, e.g. `content-security-policy`. */
  name: string;
  /** The Observatory's result key, e.g. `csp-implemented-with-no-unsafe-default-src-none`. */
  result: string;
  modifier: number;
  pass: boolean;
  /** Extra words for the report, e.g. why the test was skipped. */
  note?: string;
}

export interface ObservatoryScore {
  score: number;
  grade: string;
  tests: TestOutcome[];
}

/** Modifiers from the Observatory's SCORE_TABLE, for the results these tests can give. */
export const MODIFIERS: Record<string, number> = {
  'csp-implemented-with-no-unsafe-default-src-none': 10,
  'csp-implemented-with-no-unsafe': 5,
  'csp-implemented-with-unsafe-inline-in-style-src-only': 0,
  'csp-implemented-with-insecure-scheme-in-passive-content-only': -10,
  'csp-implemented-with-unsafe-eval': -10,
  'csp-implemented-with-unsafe-inline': -20,
  'csp-implemented-with-insecure-scheme': -20,
  'csp-implemented-but-duplicate-directives': 0,
  'csp-header-invalid': -25,
  'csp-not-implemented': -25,
  'csp-not-implemented-but-reporting-enabled': -25,
  'cookies-secure-with-httponly-sessions-and-samesite': 5,
  'cookies-secure-with-httponly-sessions': 0,
  'cookies-not-found': 0,
  'cookies-without-secure-flag-but-protected-by-hsts': -5,
  'cookies-session-without-secure-flag-but-protected-by-hsts': -10,
  'cookies-without-secure-flag': -20,
  'cookies-samesite-flag-invalid': -20,
  'cookies-anticsrf-without-samesite-flag': -20,
  'cookies-session-without-httponly-flag': -30,
  'cookies-session-without-secure-flag': -40,
  'cross-origin-resource-sharing-not-implemented': 0,
  'cross-origin-resource-sharing-implemented-with-public-access': 0,
  'cross-origin-resource-sharing-implemented-with-restricted-access': 0,
  'cross-origin-resource-sharing-implemented-with-universal-access': -50,
  'redirection-skipped': 0,
  'referrer-policy-private': 5,
  'referrer-policy-not-implemented': 0,
  'referrer-policy-unsafe': -5,
  'referrer-policy-header-invalid': -5,
  'hsts-preloaded': 5,
  'hsts-implemented-max-age-at-least-six-months': 0,
  'hsts-implemented-max-age-less-than-six-months': -10,
  'hsts-not-implemented': -20,
  'hsts-header-invalid': -20,
  'hsts-not-implemented-no-https': -20,
  'sri-implemented-and-all-scripts-loaded-securely': 5,
  'sri-implemented-and-external-scripts-loaded-securely': 5,
  'sri-not-implemented-response-not-html': 0,
  'sri-not-implemented-but-no-scripts-loaded': 0,
  'sri-not-implemented-but-all-scripts-loaded-from-secure-origin': 0,
  'sri-not-implemented-but-external-scripts-loaded-securely': -5,
  'sri-implemented-but-external-scripts-not-loaded-securely': -20,
  'sri-not-implemented-and-external-scripts-not-loaded-securely': -50,
  'x-content-type-options-nosniff': 0,
  'x-content-type-options-not-implemented': -5,
  'x-content-type-options-header-invalid': -5,
  'x-frame-options-implemented-via-csp': 5,
  'x-frame-options-sameorigin-or-deny': 0,
  'x-frame-options-allow-from-origin': 0,
  'x-frame-options-not-implemented': -20,
  'x-frame-options-header-invalid': -20,
  'corp-implemented-with-same-origin': 10,
  'corp-implemented-with-same-site': 10,
  'corp-implemented-with-cross-origin': 0,
  'corp-not-implemented': 0,
  'corp-header-invalid': -5,
};

/** The Observatory's grade chart: the score rounded down to a multiple of 5, capped at 100. */
export function gradeFor(score: number): string {
  const s = Math.min(Math.max(score, 0), 100);
  const step = s - (s % 5);
  if (step >= 100) return 'A+';
  if (step >= 90) return 'A';
  if (step >= 85) return 'A-';
  if (step >= 80) return 'B+';
  if (step >= 70) return 'B';
  if (step >= 65) return 'B-';
  if (step >= 60) return 'C+';
  if (step >= 50) return 'C';
  if (step >= 45) return 'C-';
  if (step >= 40) return 'D+';
  if (step >= 30) return 'D';
  if (step >= 25) return 'D-';
  return 'F';
}

/** Bonuses count only when the penalties alone leave at least this. */
export const MINIMUM_SCORE_FOR_EXTRA_CREDIT = 90;

export function scoreResponse(response: ScannedResponse): ObservatoryScore {
  const hsts = hstsTest(response);
  const tests: TestOutcome[] = [
    cspTest(response),
    cookiesTest(response, hsts.pass),
    corsTest(response),
    {
      name: 'redirection',
      result: 'redirection-skipped',
      modifier: 0,
      pass: true,
      note: 'skipped: no HTTPS on the local preview; the CDN redirects HTTP to HTTPS',
    },
    referrerTest(response),
    hsts,
    sriTest(response),
    xContentTypeOptionsTest(response),
    xFrameOptionsTest(response),
    corpTest(response),
  ];
  const withBonus = 100 + tests.reduce((sum, t) => sum + t.modifier, 0);
  const penaltiesOnly = 100 + tests.reduce((sum, t) => sum + Math.min(t.modifier, 0), 0);
  const score = Math.max(penaltiesOnly >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withBonus : penaltiesOnly, 0);
  return { score, grade: gradeFor(score), tests };
}

function outcome(name: string, result: string, passing: readonly string[], note?: string): TestOutcome {
  const modifier = MODIFIERS[result];
  if (modifier === undefined) throw new Error(`observatory: no modifier for ${result}`);
  return { name, result, modifier, pass: passing.includes(result), ...(note ? { note } : {}) };
}

// ---- Content-Security-Policy -------------------------------------------------

/** Directive → sources (lower-case). A `-src` directive with no sources means 'none'. */
export type CspMap = Map<string, Set<string>>;

/**
 * Parses policies as the Observatory does: each header value may hold several
 * policies separated by commas; a directive repeated inside one policy makes
 * the header invalid (except report-uri / report-to); with several policies a
 * source counts only if every policy that sets the directive allows it (a
 * browser enforces them all).
 */
export function parseCsp(policies: readonly string[]): CspMap {
  const list = policies.flatMap((p) => p.split(',')).map((p) => p.replace(/[\r\n]/g, '').trim());
  const result: CspMap = new Map();
  list.forEach((policy, index) => {
    if (policy.length < 'img-src'.length - 1) throw new Error(`invalid policy: ${policy}`);
    const seen = new Set<string>();
    for (const entry of policy.split(';')) {
      const [rawName, ...values] = entry.trim().split(/\s+/);
      if (!rawName) continue;
      const name = rawName.toLowerCase();
      if (seen.has(name)) {
        if (name === 'report-uri' || name === 'report-to') continue;
        throw new Error(`duplicate directive ${name}`);
      }
      seen.add(name);
      let sources = new Set(values.map((v) => v.toLowerCase()));
      if (sources.size === 0 && name.endsWith('-src')) sources = new Set(["'none'"]);
      const before = result.get(name);
      if (index > 0 && before) {
        const both = new Set([...sources].filter((s) => before.has(s)));
        result.set(name, both.size > 0 ? both : new Set(["'none'"]));
      } else if (!before) {
        result.set(name, sources);
      }
    }
  });
  return result;
}

const DANGEROUSLY_BROAD = new Set(['ftp:', 'http:', 'https:', '*', 'http://*', 'http://*.*', 'https://*', 'https://*.*']);
const UNSAFE_INLINE = new Set(["'unsafe-inline'", 'data:']);
const BROAD_OR_INLINE = new Set([...DANGEROUSLY_BROAD, ...UNSAFE_INLINE]);
const hasNonceOrHash = (sources: Set<string>) => [...sources].some((s) => /^'(sha256|sha384|sha512|nonce)-/.test(s));

export function cspTest(response: ScannedResponse): TestOutcome {
  const name = 'content-security-policy';
  const passing = [
    'csp-implemented-with-no-unsafe',
    'csp-implemented-with-no-unsafe-default-src-none',
    'csp-implemented-with-unsafe-inline-in-style-src-only',
    'csp-implemented-with-insecure-scheme-in-passive-content-only',
    'csp-implemented-but-duplicate-directives',
  ];
  const header = response.headers['content-security-policy'];
  const meta = response.httpEquiv.get('content-security-policy') ?? [];
  const headerPolicies = header ? [header] : [];
  if (headerPolicies.length + meta.length === 0) {
    return outcome(
      name,
      response.headers['content-security-policy-report-only'] ? 'csp-not-implemented-but-reporting-enabled' : 'csp-not-implemented',
      passing,
    );
  }
  let csp: CspMap;
  try {
    csp = parseCsp([...headerPolicies, ...meta]);
  } catch (error) {
    return outcome(name, 'csp-header-invalid', passing, (error as Error).message);
  }
  const defaultSrc = csp.get('default-src');
  const pick = (directive: string) => new Set(csp.get(directive) ?? defaultSrc ?? ['*']);
  const scriptSrc = pick('script-src');
  const styleSrc = pick('style-src');
  const objectSrc = pick('object-src');
  for (const sources of [scriptSrc, styleSrc]) if (hasNonceOrHash(sources)) sources.delete("'unsafe-inline'");

  let result: string | null = null;
  if (scriptSrc.has("'strict-dynamic'")) {
    if (hasNonceOrHash(scriptSrc)) {
      for (const s of [...scriptSrc]) if ([...DANGEROUSLY_BROAD].some((b) => s.startsWith(b)) || s === "'self'" || s === "'unsafe-inline'") scriptSrc.delete(s);
    } else result = 'csp-header-invalid';
  }
  const active = [...csp].filter(([d]) => d !== 'img-src' && d !== 'media-src' && d !== 'script-src').flatMap(([, s]) => [...s]);
  active.push(...scriptSrc);
  const passive = ['img-src', 'media-src'].flatMap((d) => [...(csp.get(d) ?? defaultSrc ?? [])]);
  const insecure = (s: string) => s.startsWith('http:') || s.startsWith('ftp:');

  if ([...scriptSrc].some((s) => BROAD_OR_INLINE.has(s)) || [...objectSrc].some((s) => DANGEROUSLY_BROAD.has(s)))
    result ??= 'csp-implemented-with-unsafe-inline';
  if (response.https && active.some(insecure)) result ??= 'csp-implemented-with-insecure-scheme';
  if (scriptSrc.has("'unsafe-eval'") || styleSrc.has("'unsafe-eval'")) result ??= 'csp-implemented-with-unsafe-eval';
  if (response.https && passive.some(insecure)) result ??= 'csp-implemented-with-insecure-scheme-in-passive-content-only';
  if ([...styleSrc].some((s) => BROAD_OR_INLINE.has(s))) result ??= 'csp-implemented-with-unsafe-inline-in-style-src-only';
  if (defaultSrc?.has("'none'") && defaultSrc.size === 1) result ??= 'csp-implemented-with-no-unsafe-default-src-none';
  result ??= 'csp-implemented-with-no-unsafe';
  return outcome(name, result, passing);
}

/** The policy's directives, from the header and meta tags together (frame-ancestors only from the header). */
export function effectiveCsp(response: ScannedResponse): CspMap | null {
  const header = response.headers['content-security-policy'];
  try {
    const all = parseCsp([...(header ? [header] : []), ...(response.httpEquiv.get('content-security-policy') ?? [])]);
    const fromHeader = parseCsp(header ? [header] : []);
    if (fromHeader.has('frame-ancestors')) all.set('frame-ancestors', fromHeader.get('frame-ancestors')!);
    else all.delete('frame-ancestors');
    return all.size > 0 ? all : null;
  } catch {
    return null;
  }
}

// ---- Cookies ------------------------------------------------------------------

interface Cookie {
  name: string;
  secure: boolean;
  httpOnly: boolean;
  sameSite: string | null;
}

export function parseSetCookie(value: string): Cookie {
  const [pair = '', ...attributes] = value.split(';');
  const cookie: Cookie = { name: pair.split('=')[0]!.trim(), secure: false, httpOnly: false, sameSite: null };
  for (const attribute of attributes) {
    const [key = '', val = ''] = attribute.trim().split('=');
    const k = key.trim().toLowerCase();
    if (k === 'secure') cookie.secure = true;
    else if (k === 'httponly') cookie.httpOnly = true;
    else if (k === 'samesite') cookie.sameSite = val.trim().toLowerCase();
  }
  return cookie;
}

/** Worst first, as the Observatory's `onlyIfWorse` orders them. */
const COOKIE_BADNESS = [
  'cookies-without-secure-flag-but-protected-by-hsts',
  'cookies-without-secure-flag',
  'cookies-session-without-secure-flag-but-protected-by-hsts',
  'cookies-samesite-flag-invalid',
  'cookies-anticsrf-without-samesite-flag',
  'cookies-session-without-httponly-flag',
  'cookies-session-without-secure-flag',
];

export function cookiesTest(response: ScannedResponse, hstsPasses: boolean): TestOutcome {
  const name = 'cookies';
  const passing = ['cookies-not-found', 'cookies-secure-with-httponly-sessions-and-samesite', 'cookies-secure-with-httponly-sessions'];
  // fetch joins repeated Set-Cookie headers with ", "; split only where a new name=value starts.
  const raw = response.headers['set-cookie'];
  const values = raw ? raw.split(/,\s*(?=[^;=\s,]+=)/) : [];
  if (values.length === 0) return outcome(name, 'cookies-not-found', passing);
  let result: string | null = null;
  const worse = (candidate: string) => {
    if (result === null || COOKIE_BADNESS.indexOf(candidate) > COOKIE_BADNESS.indexOf(result)) result = candidate;
  };
  let missingSameSite = false;
  for (const value of values) {
    const cookie = parseSetCookie(value);
    const session = /login|sess/i.test(cookie.name);
    const antiCsrf = /csrf/i.test(cookie.name);
    if (cookie.sameSite !== null && !['lax', 'strict', 'none'].includes(cookie.sameSite)) worse('cookies-samesite-flag-invalid');
    if (!cookie.secure && cookie.sameSite === 'none') worse('cookies-samesite-flag-invalid');
    if (!cookie.secure) worse(hstsPasses ? 'cookies-without-secure-flag-but-protected-by-hsts' : 'cookies-without-secure-flag');
    if (antiCsrf && !cookie.sameSite) worse('cookies-anticsrf-without-samesite-flag');
    if (session && !cookie.secure) worse(hstsPasses ? 'cookies-session-without-secure-flag-but-protected-by-hsts' : 'cookies-session-without-secure-flag');
    if (session && !cookie.httpOnly) worse('cookies-session-without-httponly-flag');
    if (!cookie.sameSite) missingSameSite = true;
  }
  result ??= missingSameSite ? 'cookies-secure-with-httponly-sessions' : 'cookies-secure-with-httponly-sessions-and-samesite';
  return outcome(name, result, passing);
}

// ---- The single-header tests -----------------------------------------------

export function corsTest(response: ScannedResponse): TestOutcome {
  const name = 'cross-origin-resource-sharing';
  const passing = [
    'cross-origin-resource-sharing-not-implemented',
    'cross-origin-resource-sharing-implemented-with-public-access',
    'cross-origin-resource-sharing-implemented-with-restricted-access',
  ];
  const preflight = response.preflight;
  const acao = preflight?.headers['access-control-allow-origin']?.trim().toLowerCase();
  if (!preflight || !acao) return outcome(name, 'cross-origin-resource-sharing-not-implemented', passing);
  if (acao === '*') return outcome(name, 'cross-origin-resource-sharing-implemented-with-public-access', passing);
  const credentials = preflight.headers['access-control-allow-credentials']?.trim().toLowerCase() === 'true';
  if (acao === preflight.origin.toLowerCase() && credentials) return outcome(name, 'cross-origin-resource-sharing-implemented-with-universal-access', passing);
  return outcome(name, 'cross-origin-resource-sharing-implemented-with-restricted-access', passing);
}

const REFERRER_GOOD = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'];
const REFERRER_BAD = ['origin', 'origin-when-cross-origin', 'unsafe-url', 'no-referrer-when-downgrade'];

export function referrerTest(response: ScannedResponse): TestOutcome {
  const name = 'referrer-policy';
  const passing = ['referrer-policy-private', 'referrer-policy-not-implemented'];
  const values = [...(response.headers['referrer-policy'] ? [response.headers['referrer-policy']] : []), ...(response.httpEquiv.get('referrer') ?? [])];
  if (values.length === 0) return outcome(name, 'referrer-policy-not-implemented', passing);
  // The last policy the browser understands wins.
  const policy = values
    .join(',')
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter((v) => REFERRER_GOOD.includes(v) || REFERRER_BAD.includes(v))
    .at(-1);
  if (policy && REFERRER_GOOD.includes(policy)) return outcome(name, 'referrer-policy-private', passing);
  if (policy) return outcome(name, 'referrer-policy-unsafe', passing);
  return outcome(name, 'referrer-policy-header-invalid', passing);
}

/** 15768000 s is six months; the Observatory accepts the common 15552000. */
export const HSTS_SIX_MONTHS = 15_552_000;

export function hstsTest(response: ScannedResponse): TestOutcome {
  const name = 'strict-transport-security';
  const passing = ['hsts-implemented-max-age-at-least-six-months', 'hsts-preloaded'];
  if (!response.https) return outcome(name, 'hsts-not-implemented-no-https', passing);
  const header = response.headers['strict-transport-security'];
  if (!header) return outcome(name, 'hsts-not-implemented', passing);
  if (header.includes(',')) return outcome(name, 'hsts-header-invalid', passing, 'header set more than once');
  let maxAge: number | null = null;
  for (const part of header.split(';').map((p) => p.trim().toLowerCase())) {
    if (part.startsWith('max-age=')) maxAge = Number.parseInt(part.slice(8).replace(/"/g, ''), 10);
  }
  if (maxAge === null || Number.isNaN(maxAge)) return outcome(name, 'hsts-header-invalid', passing, 'no max-age');
  // Membership of the browsers' preload list cannot be looked up offline: not counted.
  return outcome(name, maxAge < HSTS_SIX_MONTHS ? 'hsts-implemented-max-age-less-than-six-months' : 'hsts-implemented-max-age-at-least-six-months', passing);
}

/** The registrable part of a host, roughly: its last two labels. Enough to tell our own CDN host from a third party's. */
function siteOf(host: string): string {
  return host.split('.').slice(-2).join('.');
}

const SRI_BADNESS = [
  'sri-implemented-and-all-scripts-loaded-securely',
  'sri-implemented-and-external-scripts-loaded-securely',
  'sri-not-implemented-response-not-html',
  'sri-not-implemented-but-external-scripts-loaded-securely',
  'sri-implemented-but-external-scripts-not-loaded-securely',
  'sri-not-implemented-and-external-scripts-not-loaded-securely',
];

export function sriTest(response: ScannedResponse): TestOutcome {
  const name = 'subresource-integrity';
  const passing = [
    'sri-implemented-and-all-scripts-loaded-securely',
    'sri-implemented-and-external-scripts-loaded-securely',
    'sri-not-implemented-response-not-html',
    'sri-not-implemented-but-all-scripts-loaded-from-secure-origin',
    'sri-not-implemented-but-no-scripts-loaded',
  ];
  const type = (response.headers['content-type'] ?? '').split(';')[0]!.trim();
  if (type && type !== 'text/html' && type !== 'application/xhtml+xml') return outcome(name, 'sri-not-implemented-response-not-html', passing);
  if (response.scripts.length === 0) return outcome(name, 'sri-not-implemented-but-no-scripts-loaded', passing);
  let result: string | null = null;
  const worse = (candidate: string) => {
    if (result === null || SRI_BADNESS.indexOf(candidate) > SRI_BADNESS.indexOf(result)) result = candidate;
  };
  let foreign = false;
  for (const script of response.scripts) {
    if (!script.src) continue;
    const protocolRelative = /^\/\/[^/]/.test(script.src);
    const absolute = /^https?:\/\//i.test(script.src);
    const relative = !protocolRelative && !absolute;
    const sameSite = relative || protocolRelative || (absolute && siteOf(new URL(script.src).hostname) === siteOf(response.host));
    const secureOrigin = relative || (sameSite && !protocolRelative);
    const secureScheme = /^https:/i.test(script.src) || (relative && response.https);
    if (!secureOrigin) {
      foreign = true;
      if (script.integrity && !secureScheme) worse('sri-implemented-but-external-scripts-not-loaded-securely');
      else if (!script.integrity && secureScheme) worse('sri-not-implemented-but-external-scripts-loaded-securely');
      else if (!script.integrity) worse('sri-not-implemented-and-external-scripts-not-loaded-securely');
    } else if (script.integrity && secureScheme && result === null) {
      result = 'sri-implemented-and-all-scripts-loaded-securely';
    }
  }
  result ??= foreign ? 'sri-implemented-and-external-scripts-loaded-securely' : 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin';
  return outcome(name, result, passing);
}

export function xContentTypeOptionsTest(response: ScannedResponse): TestOutcome {
  const name = 'x-content-type-options';
  const value = response.headers['x-content-type-options'];
  if (!value) return outcome(name, 'x-content-type-options-not-implemented', ['x-content-type-options-nosniff']);
  return outcome(name, value.trim().toLowerCase() === 'nosniff' ? 'x-content-type-options-nosniff' : 'x-content-type-options-header-invalid', [
    'x-content-type-options-nosniff',
  ]);
}

export function xFrameOptionsTest(response: ScannedResponse): TestOutcome {
  const name = 'x-frame-options';
  const passing = ['x-frame-options-implemented-via-csp', 'x-frame-options-sameorigin-or-deny', 'x-frame-options-allow-from-origin'];
  // frame-ancestors in the header's CSP supersedes X-Frame-Options.
  if (effectiveCsp(response)?.has('frame-ancestors')) return outcome(name, 'x-frame-options-implemented-via-csp', passing);
  const value = response.headers['x-frame-options']?.trim().toLowerCase();
  if (!value) return outcome(name, 'x-frame-options-not-implemented', passing);
  if (value === 'deny' || value === 'sameorigin') return outcome(name, 'x-frame-options-sameorigin-or-deny', passing);
  if (value.startsWith('allow-from')) return outcome(name, 'x-frame-options-allow-from-origin', passing);
  return outcome(name, 'x-frame-options-header-invalid', passing);
}

export function corpTest(response: ScannedResponse): TestOutcome {
  const name = 'cross-origin-resource-policy';
  const passing = ['corp-not-implemented', 'corp-implemented-with-same-site', 'corp-implemented-with-same-origin', 'corp-implemented-with-cross-origin'];
  const value = (response.headers['cross-origin-resource-policy'] ?? response.httpEquiv.get('cross-origin-resource-policy')?.at(-1))?.trim().toLowerCase();
  if (!value) return outcome(name, 'corp-not-implemented', passing);
  const result = {
    'same-site': 'corp-implemented-with-same-site',
    'same-origin': 'corp-implemented-with-same-origin',
    'cross-origin': 'corp-implemented-with-cross-origin',
  }[value];
  return outcome(name, result ?? 'corp-header-invalid', passing);
}
