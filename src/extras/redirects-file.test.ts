// dist/_redirects as text: the same meaning on Netlify and on Cloudflare Pages.
import { describe, expect, it } from 'vitest';
import { redirectsFile } from './redirects-file.ts';

const rule = (from: string, to: string, status = 301, force = false) => ({ from, to, status, force }) as Parameters<typeof redirectsFile>[0][number];

describe('redirectsFile', () => {
  it('lets the files a pattern rule would catch pass through, once, before the first rule that catches them', () => {
    const text = redirectsFile(
      [rule('/news/:year/*', '/news', 302), rule('/news/*', '/', 301), rule('/old', '/new')],
      ['/', '/news', '/news/2024/launch', '/news/archive', '/about'],
    );
    expect(text.split('\n').filter((l) => !l.startsWith('#'))).toEqual([
      '/news/2024/launch /news/2024/launch 200',
      '/news/archive /news/archive 200', // a trailing /* also matches the bare parent: year = archive
      '/news/:year/* /news 302',
      '/news /news 200',
      '/news/* / 301',
      '/old /new 301',
      '/old/ /new 301',
      '',
    ]);
  });

  it('leaves a forced rule alone: it is meant to win over files', () => {
    expect(redirectsFile([rule('/promo/*', '/sale', 302, true)], ['/promo/spring'])).not.toContain('/promo/spring ');
  });
});
