// Structured-data gate: every <script type="application/ld+json"> must parse,
// say it is schema.org, use types schema.org has, and carry the properties
// Google requires for the rich results those types are for. Pure but for the
// gate's loop over pages.

import type { Gate } from '../context.ts';
import { bullets, code, int, table } from '../report-text.ts';
import type { ScannedPage } from './links.ts';
import { gateResult, type GateResult } from '../result.ts';

/**
 * schema.org types a local-services site plausibly uses. A type outside this
 * list fails, because a misspelt type (`Electrican`) is silently ignored by
 * search engines; add a real type here when the site starts using it.
 */
export const KNOWN_TYPES = new Set([
  'AboutPage',
  'AdministrativeArea',
  'AggregateOffer',
  'AggregateRating',
  'Answer',
  'Article',
  'Blog',
  'BlogPosting',
  'Brand',
  'BreadcrumbList',
  'City',
  'CollectionPage',
  'ContactPage',
  'ContactPoint',
  'Country',
  'CreativeWork',
  'DefinedRegion',
  'Electrician',
  'EmergencyService',
  'EntryPoint',
  'FAQPage',
  'GeneralContractor',
  'GeoCircle',
  'GeoCoordinates',
  'GeoShape',
  'HVACBusiness',
  'HomeAndConstructionBusiness',
  'HowTo',
  'HowToStep',
  'ImageObject',
  'ItemList',
  'ListItem',
  'LocalBusiness',
  'Neighborhood',
  'NewsArticle',
  'Offer',
  'OfferCatalog',
  'OpeningHoursSpecification',
  'Organization',
  'Person',
  'Place',
  'Plumber',
  'PostalAddress',
  'ProfessionalService',
  'PropertyValue',
  'Question',
  'Rating',
  'ReadAction',
  'Review',
  'SearchAction',
  'Service',
  'ServiceChannel',
  'SiteNavigationElement',
  'State',
  'Thing',
  'WebPage',
  'WebPageElement',
  'WebSite',
  'WPFooter',
  'WPHeader',
]);

/** Types Google treats as LocalBusiness (subtypes of it in schema.org). */
const LOCAL_BUSINESS = new Set([
  'LocalBusiness',
  'Electrician',
  'HomeAndConstructionBusiness',
  'GeneralContractor',
  'Plumber',
  'HVACBusiness',
  'ProfessionalService',
  'EmergencyService',
]);
const ARTICLES = new Set(['BlogPosting', 'Article', 'NewsArticle']);

type Node = Record<string, unknown>;

/** One problem in one block. */
export interface JsonLdProblem {
  /** `BlogPosting` or `@graph[2] Service`: which node. */
  node: string;
  message: string;
}

export interface JsonLdSummary {
  /** Every @type seen on a top-level node. */
  types: string[];
  problems: JsonLdProblem[];
}

/**
 * Checks one JSON-LD block. Required-property rules apply to the top-level
 * nodes (the block itself, or each member of its @graph): that is what a
 * rich result is read from. Nested nodes (a provider, an author) are checked
 * only for known types, since a reference such as `{ "@type": "Electrician",
 * "@id": … }` is complete where it points to the full node.
 */
export function checkJsonLd(text: string): JsonLdSummary {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { types: [], problems: [{ node: 'block', message: `does not parse as JSON: ${(error as Error).message}` }] };
  }
  const problems: JsonLdProblem[] = [];
  const types: string[] = [];
  const blocks = Array.isArray(data) ? data : [data];
  blocks.forEach((block, b) => {
    const label = blocks.length > 1 ? `[${b}]` : '';
    if (!isNode(block)) {
      problems.push({ node: `block${label}`, message: 'is not a JSON object' });
      return;
    }
    if (!isSchemaOrg(block['@context']))
      problems.push({ node: `block${label}`, message: `@context is ${code(JSON.stringify(block['@context'] ?? null))}, not https://schema.org` });
    const graph = block['@graph'];
    const tops: [string, unknown][] = Array.isArray(graph) ? graph.map((n, i) => [`${label}@graph[${i}]`, n]) : [[label, block]];
    for (const [where, node] of tops) {
      if (!isNode(node)) {
        problems.push({ node: where || 'block', message: 'is not a JSON object' });
        continue;
      }
      const nodeTypes = typesOf(node);
      types.push(...nodeTypes);
      const name = `${where ? `${where} ` : ''}${nodeTypes.join(',') || '(no @type)'}`;
      if (nodeTypes.length === 0) problems.push({ node: name, message: 'has no @type' });
      for (const message of requiredProblems(node, nodeTypes)) problems.push({ node: name, message });
      walkNested(node, name, problems);
    }
  });
  return { types, problems };
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSchemaOrg(context: unknown): boolean {
  const ok = (c: unknown) => typeof c === 'string' && /^https?:\/\/schema\.org\/?$/.test(c);
  if (Array.isArray(context)) return context.some(ok);
  if (isNode(context) && typeof context['@vocab'] === 'string') return ok(context['@vocab']);
  return ok(context);
}

function typesOf(node: Node): string[] {
  const type = node['@type'];
  if (typeof type === 'string') return [type.replace(/^https?:\/\/schema\.org\//, '')];
  if (Array.isArray(type)) return type.filter((t): t is string => typeof t === 'string').map((t) => t.replace(/^https?:\/\/schema\.org\//, ''));
  return [];
}

function present(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0 && value.some(present);
  return true;
}

/** Google's required properties for the rich result each type is for. */
export function requiredProblems(node: Node, types: readonly string[]): string[] {
  const problems: string[] = [];
  const need = (property: string, why: string) => {
    if (!present(node[property])) problems.push(`missing ${property} (${why})`);
  };
  for (const type of types) {
    if (!KNOWN_TYPES.has(type)) problems.push(`@type ${code(type)} is not a schema.org type this site uses (misspelt? add real ones to KNOWN_TYPES)`);
  }
  if (types.some((t) => LOCAL_BUSINESS.has(t))) {
    need('name', 'required for LocalBusiness');
    need('address', 'required for LocalBusiness');
  }
  if (types.some((t) => ARTICLES.has(t))) {
    need('headline', 'required by this gate for BlogPosting');
    need('datePublished', 'required by this gate for BlogPosting');
    need('author', 'required by this gate for BlogPosting');
    need('image', 'required by this gate for BlogPosting');
    const date = node.datePublished;
    if (typeof date === 'string' && !/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(date))
      problems.push(`datePublished ${code(date)} is not ISO 8601`);
  }
  if (types.includes('BreadcrumbList')) problems.push(...breadcrumbProblems(node));
  if (types.includes('Service')) {
    if (!present(node.name) && !present(node.serviceType)) problems.push('missing name or serviceType (required for Service)');
    need('provider', 'required for Service');
  }
  if (types.includes('FAQPage')) problems.push(...faqProblems(node));
  return problems;
}

/** Each ListItem needs position, name and item; the last may omit item (it is the page itself). Positions count 1, 2, 3. */
function breadcrumbProblems(node: Node): string[] {
  const list = node.itemListElement;
  if (!Array.isArray(list) || list.length === 0) return ['missing itemListElement (required for BreadcrumbList)'];
  const problems: string[] = [];
  list.forEach((item, i) => {
    if (!isNode(item)) {
      problems.push(`itemListElement[${i}] is not an object`);
      return;
    }
    const last = i === list.length - 1;
    if (item.position !== i + 1 && item.position !== String(i + 1))
      problems.push(`itemListElement[${i}].position is ${code(JSON.stringify(item.position ?? null))}, expected ${i + 1}`);
    const itemValue = item.item;
    const itemName = isNode(itemValue) ? itemValue.name : undefined;
    if (!present(item.name) && !present(itemName)) problems.push(`itemListElement[${i}] missing name`);
    const url = isNode(itemValue) ? (itemValue['@id'] ?? itemValue.url) : itemValue;
    if (!last && !present(url)) problems.push(`itemListElement[${i}] missing item (only the last crumb may omit it)`);
  });
  return problems;
}

function faqProblems(node: Node): string[] {
  const entities = Array.isArray(node.mainEntity) ? node.mainEntity : [node.mainEntity];
  if (!present(node.mainEntity)) return ['missing mainEntity (required for FAQPage)'];
  const problems: string[] = [];
  entities.forEach((q, i) => {
    if (!isNode(q) || !typesOf(q).includes('Question')) problems.push(`mainEntity[${i}] is not a Question`);
    else {
      if (!present(q.name)) problems.push(`mainEntity[${i}] missing name`);
      const answer = q.acceptedAnswer;
      if (!isNode(answer) || !present(answer.text)) problems.push(`mainEntity[${i}] missing acceptedAnswer.text`);
    }
  });
  return problems;
}

/** Nested nodes: only their types are checked (see checkJsonLd). */
function walkNested(node: Node, name: string, problems: JsonLdProblem[]): void {
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('@')) continue;
    for (const child of Array.isArray(value) ? value : [value]) {
      if (!isNode(child)) continue;
      for (const type of typesOf(child)) {
        if (!KNOWN_TYPES.has(type)) problems.push({ node: `${name} › ${key}`, message: `@type ${code(type)} is not a schema.org type this site uses` });
      }
      walkNested(child, `${name} › ${key}`, problems);
    }
  }
}

export const structuredDataGate: Gate = {
  id: 'structured-data',
  title: 'Structured data (JSON-LD)',
  run: (context) => judgeStructuredData(context.built),
};

export function judgeStructuredData(pages: readonly ScannedPage[]): GateResult {
  const failures: string[] = [];
  const rows: (string | number)[][] = [];
  let blocks = 0;
  const typeCounts = new Map<string, number>();
  for (const { page, facts } of pages) {
    const pageTypes: string[] = [];
    let pageProblems = 0;
    for (const text of facts.jsonLd) {
      blocks++;
      const { types, problems } = checkJsonLd(text);
      pageTypes.push(...types);
      for (const t of types) typeCounts.set(t, (typeCounts.get(t) ?? 0) + 1);
      for (const p of problems) failures.push(`${page.route}  ${p.node}  ${p.message}`);
      pageProblems += problems.length;
    }
    rows.push([page.route, facts.jsonLd.length, pageTypes.join(', ') || '—', pageProblems]);
  }
  const body = [
    `Types found: ${[...typeCounts].map(([t, n]) => `${t} ×${n}`).join(', ') || 'none'}.`,
    '',
    table(['page', 'JSON-LD blocks', 'top-level types', 'problems'], rows),
    '',
    '**Problems:**',
    '',
    bullets(failures),
  ].join('\n');
  return gateResult(structuredDataGate, {
    pass: failures.length === 0,
    headline: `${int(failures.length)} problems in ${int(blocks)} JSON-LD blocks on ${int(pages.length)} pages`,
    failures,
    body,
    notes: [
      'Required properties are checked on top-level nodes (the block or its @graph members); nested nodes are checked for known types only.',
      'BlogPosting requires headline, datePublished, author and image here (Google lists them as recommended; this site requires them).',
    ],
  });
}
