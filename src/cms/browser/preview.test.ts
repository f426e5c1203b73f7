import { describe, expect, it } from 'vitest';
import { headProblems, previewScript, type PreviewHeads } from './preview.ts';

const heads: PreviewHeads = {
  api: '/admin/api/preview',
  collections: { post: { title: ['seoTitle', 'title'], description: 'metaDescription' }, about: { title: ['title'], description: 'description' } },
  pages: [
    { file: 'pages/blog/a.md', title: 'Panel Upgrades  Explained', description: 'What a panel upgrade involves.' },
    { file: 'pages/about.yaml', title: 'About us', description: 'Who we are.' },
  ],
};

describe('the preview’s checks', () => {
  it('point out a title or description another page has, compared as the engine compares them, the page itself excepted', () => {
    expect(headProblems(heads, 'post', undefined, { title: 'x', seoTitle: ' panel upgrades explained ' })).toEqual([
      "Another page has this title: pages/blog/a.md. Search engines would show the two alike; write one of this page's own.",
    ]);
    // The first filled field of the head's list is the title: an empty SEO title falls back to the title.
    expect(headProblems(heads, 'post', undefined, { seoTitle: '', title: 'About us', metaDescription: 'who WE are.' })).toHaveLength(2);
    expect(headProblems(heads, 'about', 'pages/about.yaml', { title: 'About us', description: 'Who we are.' })).toEqual([]);
    expect(headProblems(heads, 'unknown', undefined, { title: 'About us' })).toEqual([]);
  });

  it('cannot be closed early by a page’s text', () => {
    const script = previewScript({
      api: '/admin/api/preview',
      collections: {},
      pages: [{ file: 'x', title: '</script><script>alert(1)</script>', description: '' }],
    });
    expect(script).not.toContain('</script>');
    expect(() => new Function(script)).not.toThrow();
  });
});
