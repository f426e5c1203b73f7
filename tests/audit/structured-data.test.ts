// JSON-LD rules: parse, schema.org context, known types, Google's required properties.
import { describe, expect, it } from 'vitest';
import { checkJsonLd } from '../../tools/audit/gates/structured-data.ts';

const ctx = 'https://schema.org';
const business = { '@type': 'Electrician', name: 'Fiorelli Electric', address: { '@type': 'PostalAddress', streetAddress: '1 Main St' } };
const problems = (data: unknown) => checkJsonLd(JSON.stringify(data)).problems.map((p) => `${p.node}: ${p.message}`);

describe('JSON-LD', () => {
  it('accepts a complete LocalBusiness subtype', () => {
    expect(problems({ '@context': ctx, ...business })).toEqual([]);
    expect(checkJsonLd(JSON.stringify({ '@context': 'http://schema.org/', ...business })).problems).toEqual([]);
  });

  it('requires name and address on a LocalBusiness', () => {
    expect(problems({ '@context': ctx, '@type': 'Electrician', name: 'X' })).toEqual(['Electrician: missing address (required for LocalBusiness)']);
  });

  it('reports a block that does not parse', () => {
    expect(checkJsonLd('{"@context": "https://schema.org",').problems[0]!.message).toMatch(/does not parse as JSON/);
  });

  it('requires the schema.org context', () => {
    expect(problems({ '@context': 'https://example.org', ...business })[0]).toMatch(/@context is .*not https:\/\/schema.org/);
    expect(problems(business)[0]).toMatch(/@context is `null`/);
  });

  it('refuses an unknown (misspelt) type, at the top and nested', () => {
    expect(problems({ '@context': ctx, '@type': 'Electrican', name: 'X' })[0]).toMatch(/`Electrican` is not a schema.org type/);
    expect(problems({ '@context': ctx, ...business, address: { '@type': 'PostalAdress' } })[0]).toMatch(/address: @type `PostalAdress`/);
  });

  it('requires headline, datePublished, author and image on a BlogPosting, and an ISO date', () => {
    expect(
      problems({ '@context': ctx, '@type': 'BlogPosting', headline: 'H', datePublished: 'March 5, 2024', author: { '@type': 'Person', name: 'A' } }),
    ).toEqual(['BlogPosting: missing image (required by this gate for BlogPosting)', 'BlogPosting: datePublished `March 5, 2024` is not ISO 8601']);
    expect(
      problems({
        '@context': ctx,
        '@type': 'BlogPosting',
        headline: 'H',
        datePublished: '2024-03-05T09:00:00-05:00',
        author: { '@type': 'Person', name: 'A' },
        image: ['https://x/a.svg'],
      }),
    ).toEqual([]);
  });

  it('checks breadcrumbs: positions 1, 2, 3; every crumb named; only the last may omit item', () => {
    const list = (items: unknown[]) => problems({ '@context': ctx, '@type': 'BreadcrumbList', itemListElement: items });
    expect(
      list([
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://www.example.com/' },
        { '@type': 'ListItem', position: 2, name: 'Vaughan' },
      ]),
    ).toEqual([]);
    expect(
      list([
        { '@type': 'ListItem', position: 1, name: 'Home' },
        { '@type': 'ListItem', position: 3, item: 'https://www.example.com/gta' },
        { '@type': 'ListItem', position: 3, name: 'Vaughan' },
      ]),
    ).toEqual([
      'BreadcrumbList: itemListElement[0] missing item (only the last crumb may omit it)',
      'BreadcrumbList: itemListElement[1].position is `3`, expected 2',
      'BreadcrumbList: itemListElement[1] missing name',
    ]);
    expect(list([])).toEqual(['BreadcrumbList: missing itemListElement (required for BreadcrumbList)']);
  });

  it('requires a Service to have a name or serviceType, and a provider', () => {
    expect(
      problems({
        '@context': ctx,
        '@type': 'Service',
        serviceType: 'Panel upgrade',
        provider: { '@type': 'Electrician', '@id': 'https://www.example.com/#business' },
      }),
    ).toEqual([]);
    expect(problems({ '@context': ctx, '@type': 'Service' })).toEqual([
      'Service: missing name or serviceType (required for Service)',
      'Service: missing provider (required for Service)',
    ]);
  });

  it('checks each member of an @graph, and each block of an array', () => {
    expect(problems({ '@context': ctx, '@graph': [business, { '@type': 'Service', name: 'X' }] })).toEqual([
      '@graph[1] Service: missing provider (required for Service)',
    ]);
    expect(
      problems([
        { '@context': ctx, ...business },
        { '@context': ctx, '@type': 'Electrician', address: 'x' },
      ]),
    ).toEqual(['[1] Electrician: missing name (required for LocalBusiness)']);
  });

  it('checks FAQPage questions for a name and an accepted answer', () => {
    expect(
      problems({ '@context': ctx, '@type': 'FAQPage', mainEntity: [{ '@type': 'Question', name: 'Q', acceptedAnswer: { '@type': 'Answer', text: '' } }] }),
    ).toEqual(['FAQPage: mainEntity[0] missing acceptedAnswer.text']);
  });
});
