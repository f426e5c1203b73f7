// The theme's page rules, run by the engine and located in each page's file.
import { describe, expect, it } from 'vitest';
import type { PageRuleInput } from '../contracts/theme.ts';
import { parseYaml } from '../validate/yaml.ts';
import { themePageRules } from './theme-rules.ts';
import { DESCRIPTION, siteModel } from '../../tests/helpers/unit.ts';
import type { PageEntry } from '../contracts/model.ts';

function page(route: string, lines: string[]): PageEntry {
  const file = `pages${route}.yaml`;
  const source = parseYaml(file, lines.join('\n'));
  const data = source.data as PageEntry['data'];
  const head = { title: String(data.title), description: String(data.description), noindex: false, titleField: 'title', descriptionField: 'description' };
  return { file, route, template: 'plain', data, head, status: 'published', source };
}

describe('themePageRules', () => {
  const model = siteModel({
    pages: [
      page('/gta/a', ['template: plain', 'title: A', `description: ${DESCRIPTION}`, 'collections:', '  places:', '    region: north']),
      page('/gta/b', ['template: plain', 'title: B', `description: ${DESCRIPTION}`]),
    ],
    collections: { places: [{ route: '/gta/a', title: 'A', data: { region: 'north' }, status: 'published' }] },
  });

  it('reports what the rule finds at its field in the page, as an error or a warning', () => {
    const seen: PageRuleInput[] = [];
    const found = themePageRules(model, (input) => {
      seen.push(input);
      return input.page.route === '/gta/a'
        ? [
            { path: ['collections', 'places', 'region'], message: 'no other place in this region', hint: 'add one', warning: true },
            { path: ['title'], message: 'too short' },
          ]
        : [];
    });
    expect(seen.map((s) => [s.page.route, Object.keys(s.collections)])).toEqual([
      ['/gta/a', ['places']],
      ['/gta/b', ['places']],
    ]);
    expect(found.map((d) => [d.code, d.severity, d.file, d.line, d.column, d.path, d.message, d.hint])).toEqual([
      ['rule-warning', 'warning', 'pages/gta/a.yaml', 6, 13, 'collections.places.region', 'no other place in this region', 'add one'],
      ['page-rule', 'error', 'pages/gta/a.yaml', 2, 8, 'title', 'too short', undefined],
    ]);
  });

  it('finds nothing without rules', () => {
    expect(themePageRules(model, undefined)).toEqual([]);
  });
});
