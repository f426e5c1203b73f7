// Links gate: every URL a page refers to (href, src, srcset, share-preview
// metas) is classified without a request; every internal one is then asked of
// the preview server, following redirects as a browser would, and must end in
// a 200; a #fragment must name an id on the page it lands on; tel: links must
// be E.164. External URLs are listed, not fetched: the CI machine has no
// network, and a third party's outage must not fail our build.

import { isE164 } from 'trn-site/internal/url.ts';
import type { Gate } from '../context.ts';
import { bullets, code, int, table } from '../report-text.ts';
import { scanHtml, type HtmlFacts } from '../html.ts';
import type { Page } from '../pages.ts';
import { gateResult, type GateResult } from '../result.ts';

export const linksGate: Gate = {
  id: 'links',
  title: 'Links',
  run: (context) => judgeLinks({ pages: context.built, siteOrigins: context.siteOrigins, request: (path) => requestOnce(context.origin, path) }),
};

export type LinkKind = 'internal' | 'external' | 'tel' | 'mailto' | 'data' | 'other';

export interface ClassifiedLink {
  kind: LinkKind;
  /** internal: path and query to request from the preview server, e.g. `/gta/vaughan?x=1`. */
  path?: string;
  /** The fragment without `#`, percent-decoded; `''` when there is none. */
  fragment?: string;
  /** external: the origin, e.g. `https://formsubmit.co`. */
  origin?: string;
  /** A fault visible without any request: a tel: number that is not E.164, a javascript: URL, an unparseable URL. */
  problem?: string;
}

/**
 * Classifies one URL as written on the page at `route`. `siteOrigins` are the
 * origins that are this site: the production base URL's (canonical and og:url
 * links use it) and the preview server's.
 */
export function classifyLink(raw: string, route: string, siteOrigins: readonly string[]): ClassifiedLink {
  const value = raw.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (scheme === 'tel') {
    const number = safeDecode(value.slice(4));
    return isE164(number)
      ? { kind: 'tel' }
      : { kind: 'tel', problem: `tel: number ${code(number)} is not E.164 (+ and 8 to 15 digits, no spaces or punctuation)` };
  }
  if (scheme === 'mailto') {
    const address = value.slice(7).split('?')[0] ?? '';
    return /^[^@\s]+@[^@\s]+$/.test(safeDecode(address)) ? { kind: 'mailto' } : { kind: 'mailto', problem: 'mailto: link without an address' };
  }
  if (scheme === 'javascript') return { kind: 'other', problem: 'javascript: URL (does nothing without script; use a button)' };
  if (scheme === 'data' || scheme === 'blob') return { kind: 'data' };
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') return { kind: 'other' };

  const base = siteOrigins[0] ?? 'https://site.invalid';
  let url: URL;
  try {
    url = new URL(value, base + route);
  } catch {
    return { kind: 'other', problem: 'not a valid URL' };
  }
  const fragment = safeDecode(url.hash.replace(/^#/, ''));
  if (!siteOrigins.includes(url.origin)) return { kind: 'external', origin: url.origin, fragment };
  return { kind: 'internal', path: url.pathname + url.search, fragment };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** `#top` and an empty fragment scroll to the top of any page (HTML standard), so they need no id. */
export function fragmentExists(fragment: string, ids: ReadonlySet<string>): boolean {
  return fragment === '' || fragment.toLowerCase() === 'top' || ids.has(fragment);
}

/** What the preview server answered for one internal path, redirects followed. */
export interface Resolution {
  /** Final status; 0 when the chain could not be followed. */
  status: number;
  /** Each path requested, the first being the link's own. */
  chain: string[];
  /** Ids on the final page (empty when it is not HTML). */
  ids: Set<string>;
  /** Why the chain was cut: a loop, too many hops, a redirect off the site. */
  problem?: string;
}

/** One HTTP answer, as much of it as resolving needs. */
export interface Answer {
  status: number;
  location: string | null;
  contentType: string;
  body: string;
}

/** One GET without following redirects: what a browser sees at each hop. */
export async function requestOnce(origin: string, path: string): Promise<Answer> {
  const response = await fetch(origin + path, { redirect: 'manual' });
  const contentType = response.headers.get('content-type') ?? '';
  const body = contentType.startsWith('text/html') ? await response.text() : (await response.arrayBuffer(), '');
  return { status: response.status, location: response.headers.get('location'), contentType, body };
}

const MAX_REDIRECTS = 10;

/**
 * Follows `path` through the server as a browser would. `request` does one
 * GET without following redirects. A redirect to the production origin is
 * followed on the preview server, since that is the same site.
 */
export async function resolvePath(path: string, siteOrigins: readonly string[], request: (path: string) => Promise<Answer>): Promise<Resolution> {
  const chain = [path];
  let current = path;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const answer = await request(current);
    if (answer.status >= 300 && answer.status < 400 && answer.location !== null) {
      const next = new URL(answer.location, (siteOrigins[0] ?? 'https://site.invalid') + current);
      if (!siteOrigins.includes(next.origin)) {
        return { status: answer.status, chain, ids: new Set(), problem: `redirects off the site to ${next.href}` };
      }
      current = next.pathname + next.search;
      if (chain.includes(current)) return { status: answer.status, chain: [...chain, current], ids: new Set(), problem: 'redirect loop' };
      chain.push(current);
      continue;
    }
    const ids = answer.contentType.startsWith('text/html') ? scanHtml(answer.body).ids : new Set<string>();
    return { status: answer.status, chain, ids };
  }
  return { status: 0, chain, ids: new Set(), problem: `more than ${MAX_REDIRECTS} redirects` };
}

/** A page's HTML as built, with its facts. */
export interface ScannedPage {
  page: Page;
  facts: HtmlFacts;
}

export interface LinksInput {
  pages: readonly ScannedPage[];
  siteOrigins: readonly string[];
  request: (path: string) => Promise<Answer>;
}

export async function judgeLinks({ pages, siteOrigins, request }: LinksInput): Promise<GateResult> {
  const failures: string[] = [];
  const counts: Record<LinkKind, number> = { internal: 0, external: 0, tel: 0, mailto: 0, data: 0, other: 0 };
  const externalOrigins = new Map<string, number>();
  const telNumbers = new Set<string>();
  const resolutions = new Map<string, Promise<Resolution>>();
  const resolve = (path: string) => {
    if (!resolutions.has(path)) resolutions.set(path, resolvePath(path, siteOrigins, request));
    return resolutions.get(path)!;
  };
  let redirected = 0;
  let fragments = 0;

  for (const { page, facts } of pages) {
    for (const ref of facts.references) {
      const link = classifyLink(ref.value, page.route, siteOrigins);
      counts[link.kind]++;
      const where = `${page.route}  ${ref.where}=${code(ref.value)}`;
      if (link.problem) failures.push(`${where}  ${link.problem}`);
      if (link.kind === 'tel' && !link.problem) telNumbers.add(ref.value.slice(4));
      if (link.kind === 'external') externalOrigins.set(link.origin!, (externalOrigins.get(link.origin!) ?? 0) + 1);
      if (link.kind !== 'internal') continue;

      const resolution = await resolve(link.path!);
      if (resolution.chain.length > 1) redirected++;
      const via = resolution.chain.length > 1 ? ` (via ${resolution.chain.join(' → ')})` : '';
      if (resolution.problem) {
        failures.push(`${where}  ${resolution.problem}${via}`);
      } else if (resolution.status !== 200) {
        failures.push(`${where}  answers ${resolution.status}${via}`);
      } else if (link.fragment) {
        fragments++;
        if (!fragmentExists(link.fragment, resolution.ids)) failures.push(`${where}  no element with id ${code(link.fragment)} on ${resolution.chain.at(-1)}`);
      }
    }
  }

  const checked = resolutions.size;
  const body = [
    table(
      ['figure', 'count'],
      [
        ['pages scanned', int(pages.length)],
        ['references found (href, src, srcset, share-preview metas)', int(Object.values(counts).reduce((a, b) => a + b, 0))],
        ['internal references', int(counts.internal)],
        ['distinct internal URLs requested', int(checked)],
        ['internal references that redirect before their 200', int(redirected)],
        ['internal references with a #fragment checked', int(fragments)],
        ['tel: links (distinct numbers)', `${int(counts.tel)} (${[...telNumbers].join(', ') || 'none'})`],
        ['mailto: links', int(counts.mailto)],
        ['external references (not fetched)', int(counts.external)],
        ['data:, blob: and other schemes', int(counts.data + counts.other)],
        ['broken', int(failures.length)],
      ],
    ),
    '',
    '**External origins referred to** (listed, not requested: CI has no network):',
    '',
    bullets([...externalOrigins].sort((a, b) => b[1] - a[1]).map(([origin, n]) => `${origin} (${int(n)})`)),
    '',
    '**Broken:**',
    '',
    bullets(failures),
  ].join('\n');

  return gateResult(linksGate, {
    pass: failures.length === 0,
    headline: `${int(failures.length)} broken of ${int(counts.internal)} internal references (${int(checked)} distinct URLs), ${int(counts.tel)} tel: links`,
    failures,
    body,
    notes: ['External links are counted and listed but not requested (no network in CI).'],
  });
}
