// Two servers' answers to one path: what differs, and which documented difference, if any, covers it.
import { describe, expect, it } from 'vitest';
import type { Answer } from '../../tools/cdn/answer.ts';
import { ownPath } from '../../tools/cdn/answer.ts';
import { describe as describeAnswer, fieldsThatDiffer, judge } from '../../tools/cdn/compare.ts';

const answer = (
  status: number,
  location: string | null = null,
  headers: Record<string, string> = {},
  body: string | null = status < 300 || status === 404 ? 'b1' : null,
): Answer => ({ status, location, headers, body });
const SAFE = { 'x-frame-options': 'DENY' };

describe('fieldsThatDiffer', () => {
  it('names status, location, body and each header that differs, and nothing when the answers agree', () => {
    expect(fieldsThatDiffer(answer(200, null, SAFE), answer(200, null, SAFE))).toEqual([]);
    expect(fieldsThatDiffer(answer(301, '/a', SAFE), answer(302, '/b', {}))).toEqual(['status', 'location', 'header x-frame-options']);
    expect(fieldsThatDiffer(answer(200, null, {}, 'b1'), answer(200, null, {}, 'b2'))).toEqual(['body']);
  });
});

describe('judge', () => {
  it('accepts 308 for the preview server’s canonical-address 301, and nothing more', () => {
    const verdict = judge(answer(301, '/about', SAFE), answer(308, '/about', SAFE), 'canonical');
    expect(verdict.unexplained).toEqual([]);
    expect(verdict.known.map((k) => k.id)).toEqual(['canonical-redirect-status']);
    // Another target is a difference, whatever the status.
    expect(judge(answer(301, '/about', SAFE), answer(308, '/blog', SAFE), 'canonical').unexplained).toEqual(['location']);
  });

  it('regression: /blog/ answered 302 by Cloudflare against the preview server’s 301 is a difference', () => {
    expect(judge(answer(301, '/blog', SAFE), answer(302, '/blog', SAFE), 'canonical').unexplained).toEqual(['status']);
  });

  it('does not accept 308 where a _redirects rule answered: the rule says which status', () => {
    expect(judge(answer(301, '/new', SAFE), answer(308, '/new', SAFE), 'rule').unexplained).toEqual(['status']);
  });

  it('accepts the CDN’s own Cache-Control on a redirect or a 404, never on a page', () => {
    const ours = { ...SAFE, 'cache-control': 'public, max-age=0, must-revalidate' };
    expect(judge(answer(404, null, ours), answer(404, null, { ...SAFE, 'cache-control': 'no-store' }), 'not-found').unexplained).toEqual([]);
    expect(judge(answer(301, '/a', ours), answer(308, '/a', SAFE), 'canonical').unexplained).toEqual([]);
    expect(judge(answer(200, null, ours), answer(200, null, SAFE), 'file').unexplained).toEqual(['header cache-control']);
    expect(judge(answer(404, null, ours), answer(302, '/blog', SAFE), 'not-found').unexplained).toEqual(['status', 'location', 'body', 'header cache-control']);
  });

  it('never accepts a missing security header', () => {
    expect(judge(answer(301, '/about', SAFE), answer(308, '/about', {}), 'canonical').unexplained).toEqual(['header x-frame-options']);
  });
});

describe('the report', () => {
  it('says an answer in one line, with the values of the fields that differ', () => {
    expect(describeAnswer(answer(301, '/blog', { 'cache-control': 'x' }), ['status', 'header cache-control', 'header x-frame-options'])).toBe(
      '301, → /blog, cache-control: x, x-frame-options: (none)',
    );
  });

  it('takes the server’s own origin off a Location, and leaves any other as it is', () => {
    expect(ownPath('http://127.0.0.1:8788/about?x=1', 'http://127.0.0.1:8788')).toBe('/about?x=1');
    expect(ownPath('https://elsewhere.example/a', 'http://127.0.0.1:8788')).toBe('https://elsewhere.example/a');
  });
});
