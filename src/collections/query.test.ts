// Collection queries on literal members: filters, orders, limits, the asking page left out.
import { describe, expect, it } from 'vitest';
import { query, type Member } from './query.ts';
import { collectMembers } from './members.ts';
import { pageEntry, articleEntry } from '../../tests/helpers/unit.ts';

type Place = { region: string; label: string; order?: number };
const member = (route: string, data: Place): Member<Place> => ({ route, title: `${data.label} page`, data, status: 'published' });
const places = [
  member('/gta/vaughan', { region: 'north', label: 'Vaughan', order: 2 }),
  member('/gta/ajax', { region: 'east', label: 'Ajax' }),
  member('/gta/aurora', { region: 'north', label: 'Aurora', order: 1 }),
  member('/gta/milton', { region: 'west', label: 'Milton', order: 1 }),
  member('/gta/maple', { region: 'north', label: 'Maple' }),
];
const routes = (list: Member<Place>[]) => list.map((m) => m.route);

describe('query', () => {
  it('keeps route order when asked for nothing in particular', () => {
    expect(routes(query(places))).toEqual(['/gta/ajax', '/gta/aurora', '/gta/maple', '/gta/milton', '/gta/vaughan']);
  });

  it('filters by fields, a list matching any of its values', () => {
    expect(routes(query(places, { where: { region: 'north' } }))).toEqual(['/gta/aurora', '/gta/maple', '/gta/vaughan']);
    expect(routes(query(places, { where: { region: ['east', 'west'] } }))).toEqual(['/gta/ajax', '/gta/milton']);
  });

  it('filters by a function', () => {
    expect(routes(query(places, { where: (m) => m.data.label.startsWith('M') }))).toEqual(['/gta/maple', '/gta/milton']);
  });

  it('orders by fields in turn, members without the field last whatever the direction', () => {
    expect(routes(query(places, { where: { region: 'north' }, orderBy: ['order', 'label'] }))).toEqual(['/gta/aurora', '/gta/vaughan', '/gta/maple']);
    expect(routes(query(places, { where: { region: 'north' }, orderBy: ['-order'] }))).toEqual(['/gta/vaughan', '/gta/aurora', '/gta/maple']);
    expect(routes(query(places, { orderBy: ['region', 'label'] }))).toEqual(['/gta/ajax', '/gta/aurora', '/gta/maple', '/gta/vaughan', '/gta/milton']);
  });

  it('limits, and leaves out the asking page', () => {
    expect(routes(query(places, { orderBy: ['label'], limit: 2 }))).toEqual(['/gta/ajax', '/gta/aurora']);
    expect(routes(query(places, { where: { region: 'north' }, except: '/gta/maple' }))).toEqual(['/gta/aurora', '/gta/vaughan']);
    expect(query(places, { limit: 0 })).toEqual([]);
  });
});

describe('collectMembers', () => {
  it('lists each page under the collections it names, in route order, and every declared collection', () => {
    const pages = [
      pageEntry('/b', { collections: { places: { label: 'B' } } }),
      pageEntry('/a', { collections: { places: { label: 'A' }, services: { label: 'A service' } } }),
      pageEntry('/c', {}),
    ];
    const listed = { description: 'A list.' };
    const members = collectMembers(pages, { places: listed, services: listed, articles: listed });
    expect(Object.keys(members)).toEqual(['places', 'services', 'articles']);
    expect(members.places!.map((m) => [m.route, m.data])).toEqual([
      ['/a', { label: 'A' }],
      ['/b', { label: 'B' }],
    ]);
    expect(members.services!.map((m) => m.route)).toEqual(['/a']);
    expect(members.articles).toEqual([]);
  });

  it('lists every page of a template in a collection of that template, with its own fields, its status and words', () => {
    const draft = { ...articleEntry('b', { title: 'B', summary: 'S', date: '2024-01-02' }, 'Two words.'), status: 'draft' as const };
    const pages = [draft, pageEntry('/about'), articleEntry('a', { title: 'A', summary: 'S', date: '2024-01-01' })];
    const members = collectMembers(pages, { articles: { template: 'article', description: 'The articles.' } });
    expect(members.articles).toEqual([
      { route: '/blog/a', title: 'A', data: { title: 'A', summary: 'S', date: '2024-01-01' }, status: 'published', words: 2 },
      { route: '/blog/b', title: 'B', data: { title: 'B', summary: 'S', date: '2024-01-02' }, status: 'draft', words: 2 },
    ]);
  });
});
