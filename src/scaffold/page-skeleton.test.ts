import { describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { compileValidators, modelineFor } from '../validate/validate.ts';
import { parseYaml, splitFrontMatter } from '../validate/yaml.ts';
import { tinyTheme } from '../../tests/helpers/unit.ts';
import { markdownSkeleton, pageSkeleton } from './page-skeleton.ts';

const theme = tinyTheme({
  collections: {
    places: {
      schema: Type.Object({ label: Type.String(), order: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
      description: 'places we serve',
    },
  },
});
const validators = compileValidators(theme);

describe('pageSkeleton', () => {
  const text = pageSkeleton(theme, 'plain', 'pages/gta/markham.yaml');

  it('starts with the schema line for the file and its template, then says how to finish the page', () => {
    const lines = text.split('\n');
    expect(lines[0]).toBe(modelineFor('pages/gta/markham.yaml', 'plain'));
    expect(lines[0]).toBe('# yaml-language-server: $schema=../../schemas/plain.json');
    expect(lines[1]).toBe('template: plain');
    expect(lines[2]).toMatch(/^# A new page: write over every TODO: placeholder/);
  });

  it("has the fields every page has (title, description) with comments, the template's own, and the optional ones commented out", () => {
    expect(text).toContain('# The browser title, at most 60 characters so search results show it whole.\ntitle: "TODO: title"\n');
    expect(text).toMatch(/# The meta description, 70 to 160 characters\.\ndescription: "TODO: description\. [^"]+"\n/);
    expect(text).toContain('# Optional. Keep this page out of search engines and sitemap.xml. (default: false)\n# noindex: false\n');
    expect(text).toContain('# collections:\n#   places:\n#     label: "TODO: label"\n#     order: 1\n');
    expect(text).toContain('# (not empty)\nheading: "TODO: heading"\n');
  });

  it('is valid for its template as written', () => {
    const parsed = parseYaml('pages/gta/markham.yaml', text);
    expect(parsed.diagnostics).toEqual([]);
    expect(validators.templates.get('plain')!.validate('pages/gta/markham.yaml', parsed).diagnostics).toEqual([]);
  });

  it('refuses a template the theme does not have', () => {
    expect(() => pageSkeleton(theme, 'nope', 'pages/a.yaml')).toThrow('no template "nope"');
  });
});

describe('markdownSkeleton', () => {
  const text = markdownSkeleton(theme, 'article', '2025-06-01');
  const split = splitFrontMatter(text)!;

  it('is front matter of the fields a page of the template must have, a draft dated today, then a marked body', () => {
    expect(split.front).toContain('title: "TODO: title"\n');
    expect(split.front).toContain('summary: "TODO: summary"\n');
    expect(split.front).toMatch(/\ndate: "2025-06-01"(\n|$)/);
    expect(split.front).toMatch(/^template: article\n\n# True keeps the page off the site[^\n]*\ndraft: true\n/);
    expect(split.front).toContain('# Optional.\n# seoTitle: "TODO: seo title"\n');
    expect(split.body.trim()).toMatch(/^TODO: write the page here, in Markdown/);
  });

  it('is valid front matter for its template', () => {
    const parsed = parseYaml('pages/blog/new.md', split.front, 1);
    expect(parsed.diagnostics).toEqual([]);
    expect(validators.templates.get('article')!.validate('pages/blog/new.md', parsed)).toMatchObject({
      diagnostics: [],
      value: { template: 'article', draft: true, date: '2025-06-01' },
    });
  });
});
