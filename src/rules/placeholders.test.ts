// placeholdersLeft(): text that `site new` wrote and nobody replaced, in page data, front matter and article bodies.
import { describe, expect, it } from 'vitest';
import { placeholdersLeft } from './placeholders.ts';
import { pageEntry, articleEntry, siteModel } from '../../tests/helpers/unit.ts';

describe('placeholdersLeft', () => {
  it('names each field that still holds a placeholder, wherever it is in the data', () => {
    const model = siteModel({
      pages: [
        pageEntry('/a', {
          heading: 'TODO: heading',
          links: [
            { label: 'Real words', href: '/' },
            { label: '  TODO: label', href: '/todo' },
          ],
        }),
        pageEntry('/b', { heading: 'Nothing to do: TODO: later is not at the start' }),
      ],
      notFound: pageEntry('/404', { title: 'TODO: title' }),
    });
    expect(placeholdersLeft(model).map((d) => [d.code, d.file, d.path, d.severity, d.message])).toEqual([
      ['placeholder', 'pages/a.yaml', 'heading', 'error', 'still holds the placeholder "TODO: heading" that site new wrote'],
      ['placeholder', 'pages/a.yaml', 'links[1].label', 'error', 'still holds the placeholder "TODO: label" that site new wrote'],
      ['placeholder', 'pages/404.yaml', 'title', 'error', 'still holds the placeholder "TODO: title" that site new wrote'],
    ]);
  });

  it('finds a placeholder line in an article body at its line, and in its front matter', () => {
    const model = siteModel({
      pages: [articleEntry('new', { title: 'TODO: title' }, 'Intro.\n\nTODO: write the page here, in Markdown: a long enough line.\n')],
    });
    expect(placeholdersLeft(model).map((d) => [d.file, d.line, d.path, d.message, d.hint])).toEqual([
      [
        'pages/blog/new.md',
        1,
        'title',
        'still holds the placeholder "TODO: title" that site new wrote',
        'write the real text in its place; the comment above the field says what goes there',
      ],
      [
        'pages/blog/new.md',
        8,
        '',
        'still holds the placeholder "TODO: write the page here, in Markdown:…" that site new wrote',
        "write the page's text in its place",
      ],
    ]);
  });

  it('finds an indented placeholder line at the column where it starts', () => {
    const indented = siteModel({
      pages: [articleEntry('new', { title: 'A title' }, 'Intro.\n\n    TODO: write this part of the article here, in Markdown.\n')],
    });
    expect(placeholdersLeft(indented).map((d) => [d.line, d.column])).toEqual([[8, 5]]);
  });
});
