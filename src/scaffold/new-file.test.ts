import { describe, expect, it } from 'vitest';
import { tinyTheme } from '../../tests/helpers/unit.ts';
import { countPlaceholders, newFile, newFileReport, type NewFile } from './new-file.ts';

const theme = tinyTheme();
const existing = ['pages/index.yaml', 'pages/about.yaml', 'pages/services/index.yaml', 'pages/blog/first.md', 'pages/_redirects.yaml'];

describe('newFile', () => {
  it('makes a page of a template at the file of its route', () => {
    const made = newFile(theme, 'plain', '/services/wiring', '2025-06-01', existing) as NewFile;
    expect(made).toMatchObject({ file: 'pages/services/wiring.yaml', route: '/services/wiring', placeholders: 3 });
    expect(made.text.split('\n').slice(0, 2)).toEqual(['# yaml-language-server: $schema=../../schemas/plain.json', 'template: plain']);
  });

  it('makes a page of a Markdown template as a .md file at the file of its route, a draft dated the given day', () => {
    const made = newFile(theme, 'article', '/blog/heat-pumps', '2025-06-01', existing) as NewFile;
    expect(made).toMatchObject({ file: 'pages/blog/heat-pumps.md', route: '/blog/heat-pumps', placeholders: 3 });
    expect(made.text.split('\n').slice(0, 2)).toEqual(['---', 'template: article']);
    expect(made.text).toContain('date: "2025-06-01"');
    expect(made.text).toContain('\ndraft: true\n');
  });

  it('never takes a route a file already serves', () => {
    expect(newFile(theme, 'plain', '/about', '2025-06-01', existing)).toEqual({
      problem: 'pages/about.yaml already exists; site new never replaces a file. Edit it, or pick another address',
    });
    expect(newFile(theme, 'plain', '/services', '2025-06-01', existing)).toEqual({
      problem: 'pages/services/index.yaml already serves /services; edit it, or pick another address',
    });
    expect(newFile(theme, 'article', '/blog/first', '2025-06-01', existing)).toMatchObject({
      problem: expect.stringContaining('pages/blog/first.md already exists'),
    });
    expect(newFile(theme, 'plain', '/blog/first', '2025-06-01', existing)).toMatchObject({
      problem: 'pages/blog/first.md already serves /blog/first; edit it, or pick another address',
    });
    expect(newFile(theme, 'plain', '/', '2025-06-01', existing)).toMatchObject({ problem: expect.stringContaining('pages/index.yaml already exists') });
  });

  it('lists the templates when it is given one the theme does not have', () => {
    expect(newFile(theme, 'plane', '/a', '2025-06-01', existing)).toEqual({ problem: 'there is no template "plane". The templates are: plain, article' });
    // A name inherited by every object is no template either.
    expect(newFile(theme, 'toString', '/a', '2025-06-01', existing)).toMatchObject({ problem: expect.stringContaining('there is no template "toString"') });
  });

  it('passes on a bad route in plain words', () => {
    expect(newFile(theme, 'plain', 'services/wiring', '2025-06-01', existing)).toEqual({ problem: 'an address starts with "/": write /services/wiring' });
    expect(newFile(theme, 'article', 'heat-pumps', '2025-06-01', existing)).toEqual({ problem: 'an address starts with "/": write /heat-pumps' });
  });
});

describe('countPlaceholders', () => {
  it('counts marked lines outside comments', () => {
    expect(countPlaceholders('a: "TODO: a"\n# b: "TODO: b"\n  # c: TODO: c\nTODO: body\nd: done\n')).toBe(2);
  });
});

describe('newFileReport', () => {
  it('says what was written and what to do next', () => {
    const page: NewFile = { file: 'pages/a.yaml', route: '/a', text: '', placeholders: 1 };
    expect(newFileReport(page, 'plain')).toEqual([
      'Wrote pages/a.yaml: a page using the template "plain" for /a, with 1 placeholder marked TODO:.',
      'Next: edit it (write over the placeholders, take up any optional field you want), then run npx site check.',
    ]);
    expect(newFileReport({ ...page, file: 'pages/blog/a.md', route: '/blog/a', placeholders: 4 }, 'article')[0]).toBe(
      'Wrote pages/blog/a.md: a draft using the template "article" for /blog/a, dated today, with 4 placeholders marked TODO:.',
    );
  });
});
