// Headers gate: what the preview server (reading dist/_headers as the CDN
// would) sends with each page must carry the site's security policy, and must
// score A+ by MDN HTTP Observatory's rules (observatory.ts).

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ADMIN_FOLDER, ADMIN_PAGE, ADMIN_POLICY, ADMIN_ROUTE } from 'trn-site/internal/cms/admin-page.ts';
import type { Gate } from '../context.ts';
import { bullets, code, int, table } from '../report-text.ts';
import type { HtmlFacts } from '../html.ts';
import type { Page } from '../pages.ts';
import { gateResult, type GateResult } from '../result.ts';
import { HSTS_SIX_MONTHS, parseCsp, scoreResponse, type CspMap, type ObservatoryScore } from './observatory.ts';

export const headersGate: Gate = {
  id: 'headers',
  title: 'Security headers',
  async run(context) {
    const result = judgeHeaders({
      answers: await pageHeaders(context.origin, context.built),
      policy: { formOrigin: context.site.formOrigin },
      host: new URL(context.site.baseOrigin).hostname,
      siteOrigins: context.siteOrigins,
    });
    const editor = await editorHeaders(context.origin, context.dist);
    if (!editor) return result;
    return {
      ...result,
      pass: result.pass && editor.problems.length === 0,
      failures: [...result.failures, ...editor.problems.map((p) => `${ADMIN_PAGE}  ${p}`)],
      headline: `${result.headline}; the editor at ${ADMIN_PAGE}: ${editor.problems.length === 0 ? 'its own policy' : `${int(editor.problems.length)} problems`}`,
      body: `${result.body}\n\n${editor.body}`,
    };
  },
};

/**
 * The browser editor, when the build has one: its page answers with the editor's own policy and no
 * other (two policies would both be enforced, and Decap needs what the site's forbids), an opener
 * policy that lets its login window answer, the headers every path gets, and no indexing; it is
 * in neither the sitemap nor what robots.txt allows.
 */
export async function editorHeaders(origin: string, dist: string): Promise<{ problems: string[]; body: string } | null> {
  const page = await readFile(join(dist, `${ADMIN_PAGE.slice(1)}.html`), 'utf8').catch(() => null);
  if (page === null) return null;
  const response = await fetch(origin + ADMIN_PAGE, { redirect: 'manual' });
  await response.arrayBuffer();
  const entry = await fetch(origin + ADMIN_ROUTE, { redirect: 'manual' });
  await entry.arrayBuffer();
  const headers = Object.fromEntries(response.headers);
  const problems: string[] = [];
  if (response.status !== 200) problems.push(`answered ${response.status}, expected 200`);
  if (entry.status < 300 || entry.status > 399 || new URL(entry.headers.get('location') ?? '', origin).pathname !== ADMIN_PAGE)
    problems.push(`${ADMIN_ROUTE} answered ${entry.status}, expected a redirect to ${ADMIN_PAGE}`);
  if (headers['content-security-policy'] !== ADMIN_POLICY)
    problems.push(`Content-Security-Policy is ${code(headers['content-security-policy'] ?? 'absent')}, expected the editor's own and no other`);
  if (headers['cross-origin-opener-policy'] !== 'same-origin-allow-popups')
    problems.push(`Cross-Origin-Opener-Policy is ${code(headers['cross-origin-opener-policy'] ?? 'absent')}, expected same-origin-allow-popups (one value)`);
  if (!/\bnoindex\b/.test(headers['x-robots-tag'] ?? '')) problems.push('no X-Robots-Tag: noindex');
  for (const name of ['strict-transport-security', 'x-content-type-options', 'x-frame-options', 'referrer-policy'])
    if (!headers[name] || headers[name]!.includes(',')) problems.push(`${name} is ${code(headers[name] ?? 'absent')}, expected one value`);
  const sitemap = await readFile(join(dist, 'sitemap.xml'), 'utf8').catch(() => '');
  if (sitemap.includes(`${ADMIN_ROUTE}<`) || sitemap.includes(`${ADMIN_FOLDER}`)) problems.push('the sitemap lists the editor');
  const robots = await readFile(join(dist, 'robots.txt'), 'utf8').catch(() => '');
  if (!robots.split('\n').includes(`Disallow: ${ADMIN_FOLDER}`)) problems.push(`robots.txt does not disallow ${ADMIN_FOLDER}`);
  const body = [
    `The browser editor at ${ADMIN_PAGE} (${ADMIN_ROUTE} leads there), with its own policy:`,
    '',
    table(
      ['header', 'value'],
      ['content-security-policy', 'cross-origin-opener-policy', 'x-robots-tag', 'x-frame-options'].map((h) => [h, headers[h] ?? '(absent)']),
    ),
  ].join('\n');
  return { problems, body };
}

/** Observatory's own origin for its CORS probe. */
const CORS_PROBE_ORIGIN = 'https://http-observatory.security.mozilla.org';

/** Each page's answer and a CORS preflight, as the Observatory's scanner asks them. */
export async function pageHeaders(origin: string, pages: readonly { page: Page; facts: HtmlFacts }[]): Promise<PageHeaders[]> {
  const answers: PageHeaders[] = [];
  for (const { page, facts } of pages) {
    const response = await fetch(origin + page.requestPath, { redirect: 'manual' });
    await response.arrayBuffer();
    const preflight = await fetch(origin + page.requestPath, {
      method: 'OPTIONS',
      headers: { Origin: CORS_PROBE_ORIGIN, 'Access-Control-Request-Method': 'GET' },
    });
    await preflight.arrayBuffer();
    answers.push({
      page,
      facts,
      status: response.status,
      headers: Object.fromEntries(response.headers),
      preflight: { headers: Object.fromEntries(preflight.headers), origin: CORS_PROBE_ORIGIN },
    });
  }
  return answers;
}

/** What the site's policy requires of every page's headers, beyond the Observatory's score. */
export interface HeaderPolicy {
  /** Origin of the form service the lead form posts to (from site.yaml's form.action), or null. */
  formOrigin: string | null;
}

/**
 * Problems with one page's headers. `headers` has lower-case names;
 * `formActions` are the page's <form action> values resolved to origins
 * (the CSP must let each of them through, or the form cannot post).
 */
export function headerProblems(headers: Record<string, string>, policy: HeaderPolicy, formOrigins: readonly string[]): string[] {
  const problems: string[] = [];
  const csp = headers['content-security-policy'];
  if (!csp) problems.push('no Content-Security-Policy');
  else problems.push(...cspProblems(csp, policy, formOrigins));

  const hsts = headers['strict-transport-security'];
  const maxAge = hsts ? Number.parseInt(/max-age="?(\d+)/i.exec(hsts)?.[1] ?? 'NaN', 10) : NaN;
  if (!hsts) problems.push('no Strict-Transport-Security');
  else if (!(maxAge >= HSTS_SIX_MONTHS))
    problems.push(`Strict-Transport-Security max-age must be at least ${int(HSTS_SIX_MONTHS)} s (six months): ${code(hsts)}`);
  if (headers['x-content-type-options']?.trim().toLowerCase() !== 'nosniff')
    problems.push(`X-Content-Type-Options must be nosniff, is ${code(headers['x-content-type-options'] ?? 'absent')}`);
  if (headers['referrer-policy']?.trim().toLowerCase() !== 'strict-origin-when-cross-origin')
    problems.push(`Referrer-Policy must be strict-origin-when-cross-origin, is ${code(headers['referrer-policy'] ?? 'absent')}`);
  if (!headers['permissions-policy']?.trim()) problems.push('no Permissions-Policy');
  const coop = headers['cross-origin-opener-policy']?.trim().toLowerCase();
  if (!coop) problems.push('no Cross-Origin-Opener-Policy');
  else if (!['same-origin', 'same-origin-allow-popups', 'noopener-allow-popups'].includes(coop))
    problems.push(`Cross-Origin-Opener-Policy ${code(coop)} does not isolate the page`);
  const corp = headers['cross-origin-resource-policy']?.trim().toLowerCase();
  if (!corp) problems.push('no Cross-Origin-Resource-Policy');
  else if (!['same-origin', 'same-site', 'cross-origin'].includes(corp)) problems.push(`Cross-Origin-Resource-Policy ${code(corp)} is not a valid value`);
  return problems;
}

/** The CSP rules of the brief: no inline code allowed wholesale, nothing by default, forms only to us and the form service, no framing, no <base>. */
export function cspProblems(header: string, policy: HeaderPolicy, formOrigins: readonly string[]): string[] {
  let csp: CspMap;
  try {
    csp = parseCsp([header]);
  } catch (error) {
    return [`Content-Security-Policy does not parse: ${(error as Error).message}`];
  }
  const problems: string[] = [];
  const defaultSrc = csp.get('default-src');
  const effective = (directive: string) => csp.get(directive) ?? defaultSrc;

  for (const directive of ['script-src', 'script-src-elem', 'script-src-attr', 'style-src', 'style-src-elem', 'style-src-attr']) {
    const sources = directive.endsWith('-elem') || directive.endsWith('-attr') ? csp.get(directive) : effective(directive);
    if (sources?.has("'unsafe-inline'")) problems.push(`CSP ${directive} allows 'unsafe-inline'`);
    if (sources?.has("'unsafe-eval'")) problems.push(`CSP ${directive} allows 'unsafe-eval'`);
  }
  if (!defaultSrc) problems.push('CSP has no default-src');
  else if (defaultSrc.size !== 1 || !(defaultSrc.has("'none'") || defaultSrc.has("'self'")))
    problems.push(`CSP default-src must be 'none' or 'self', is ${code([...defaultSrc].join(' '))}`);

  const formAction = csp.get('form-action');
  const allowed = new Set(["'self'", ...(policy.formOrigin ? [policy.formOrigin.toLowerCase()] : [])]);
  if (!formAction) problems.push('CSP has no form-action (it does not fall back to default-src)');
  else {
    const extra = [...formAction].filter((s) => !allowed.has(s) && s !== "'none'");
    if (extra.length > 0) problems.push(`CSP form-action allows ${code(extra.join(' '))} beyond 'self' and the form service`);
    for (const origin of new Set(formOrigins)) {
      if (!sourceAllows(formAction, origin))
        problems.push(`CSP form-action ${code([...formAction].join(' '))} blocks the page's form, which posts to ${origin}`);
    }
  }
  const frameAncestors = csp.get('frame-ancestors');
  if (!frameAncestors || frameAncestors.size !== 1 || !frameAncestors.has("'none'"))
    problems.push(`CSP frame-ancestors must be 'none', is ${code(frameAncestors ? [...frameAncestors].join(' ') : 'absent')}`);
  const baseUri = csp.get('base-uri');
  if (!baseUri || baseUri.size !== 1 || !baseUri.has("'none'"))
    problems.push(`CSP base-uri must be 'none', is ${code(baseUri ? [...baseUri].join(' ') : 'absent')}`);
  return problems;
}

/** Whether a source list lets a request to `origin` through ('self' stands for the site's own origin, given as `'self'`). */
function sourceAllows(sources: Set<string>, origin: string): boolean {
  if (origin === "'self'") return sources.has("'self'");
  const o = origin.toLowerCase();
  return [...sources].some((s) => s === o || s === `${o}/` || (s.startsWith(`${o}/`) && s.length > o.length));
}

/** One page's answer from the preview server. */
export interface PageHeaders {
  page: Page;
  facts: HtmlFacts;
  status: number;
  headers: Record<string, string>;
  /** Headers of the answer to an OPTIONS preflight with an Origin, for the Observatory's CORS test. */
  preflight: { headers: Record<string, string>; origin: string } | null;
}

export interface HeadersInput {
  answers: PageHeaders[];
  policy: HeaderPolicy;
  /** The production host (from the base URL), for the SRI test. */
  host: string;
  /** The production origin and the preview's, to tell a form that posts to the site itself. */
  siteOrigins: readonly string[];
}

/** The origins a page's forms post to; `'self'` for the site itself. */
export function formOrigins(actions: readonly string[], siteOrigins: readonly string[]): string[] {
  return actions.map((action) => {
    try {
      const origin = new URL(action, (siteOrigins[0] ?? 'https://site.invalid') + '/').origin;
      return siteOrigins.includes(origin) ? "'self'" : origin;
    } catch {
      return "'self'";
    }
  });
}

export function judgeHeaders({ answers, policy, host, siteOrigins }: HeadersInput): GateResult {
  const failures: string[] = [];
  const rows: (string | number)[][] = [];
  let lowest: { route: string; score: ObservatoryScore } | null = null;
  for (const answer of answers) {
    const problems = headerProblems(answer.headers, policy, formOrigins(answer.facts.formActions, siteOrigins));
    const score = scoreResponse({
      headers: answer.headers,
      scripts: answer.facts.scripts.map((s) => ({ src: s.src, integrity: s.integrity })),
      httpEquiv: answer.facts.httpEquiv,
      https: true,
      preflight: answer.preflight,
      host,
    });
    if (score.score < 100) problems.push(`Observatory score ${score.score} (${score.grade}); A+ needs 100`);
    if (answer.status !== answer.page.expectedStatus) problems.push(`answered ${answer.status}, expected ${answer.page.expectedStatus}`);
    for (const p of problems) failures.push(`${answer.page.route}  ${p}`);
    rows.push([answer.page.route, answer.status, problems.length === 0 ? 'ok' : `${problems.length} problems`, score.score, score.grade]);
    if (!lowest || score.score < lowest.score.score) lowest = { route: answer.page.route, score };
  }

  const sample = answers[0];
  const scores = answers.map((a) => rows.find((r) => r[0] === a.page.route)![3] as number);
  const body = [
    `Observatory score: lowest ${lowest?.score.score ?? '—'} (${lowest?.score.grade ?? '—'}) on ${lowest?.route ?? '—'}, highest ${scores.length ? Math.max(...scores) : '—'}; A+ is 100 or more.`,
    '',
    lowest
      ? table(
          ['Observatory test', 'result', 'modifier', 'pass'],
          lowest.score.tests.map((t) => [
            t.name,
            t.result + (t.note ? ` (${t.note})` : ''),
            t.modifier > 0 ? `+${t.modifier}` : t.modifier,
            t.pass ? 'yes' : 'no',
          ]),
        )
      : '',
    '',
    sample ? `Headers sent with ${sample.page.route}:` : '',
    '',
    sample
      ? table(
          ['header', 'value'],
          [
            'content-security-policy',
            'strict-transport-security',
            'x-content-type-options',
            'referrer-policy',
            'permissions-policy',
            'cross-origin-opener-policy',
            'cross-origin-resource-policy',
            'x-frame-options',
          ].map((h) => [h, sample.headers[h] ?? '(absent)']),
        )
      : '',
    '',
    table(['page', 'status', 'policy checks', 'Observatory score', 'grade'], rows),
    '',
    '**Problems:**',
    '',
    bullets(failures),
  ].join('\n');

  return gateResult(headersGate, {
    pass: failures.length === 0 && answers.length > 0,
    headline: `Observatory ${lowest ? `${lowest.score.score} (${lowest.score.grade})` : '—'} lowest of ${int(answers.length)} pages; ${int(failures.length)} problems`,
    failures,
    body,
    notes: [
      '@mdn/mdn-http-observatory cannot be installed here (its install script downloads a CA bundle from the network); its published scoring rules are implemented in tools/audit/gates/observatory.ts and unit-tested.',
      'Responses are scored as the HTTPS production site: the redirection test (HTTP → HTTPS) is skipped because the local preview has no HTTPS, and HSTS preload-list membership is not looked up (no bonus taken).',
    ],
  });
}
