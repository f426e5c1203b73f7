// Spec §2 "Hero form placement": no estimate form in the category hero on /, /contact, /blog, /toronto and below them.
import { describe, expect, it } from 'vitest';
import { heroFormAllowed } from '../templates/lib/hero-form.ts';

/** The sections' routes as site.yaml names them under links:. */
const links = { contact: '/contact', blog: '/blog', toronto: '/toronto' };

describe('hero form placement', () => {
  it.each([
    ['/', false],
    ['/contact', false],
    ['/contact/x', false],
    ['/blog', false],
    ['/blog/a-post', false],
    ['/toronto', false],
    ['/toronto/leslieville', false],
    ['/residential', true],
    ['/commercial', true],
    ['/emergency', true],
    ['/gta/vaughan', true],
    ['/blogger', true],
    ['/torontonian', true],
  ])('%s → %s', (route, allowed) => {
    expect(heroFormAllowed(route, links)).toBe(allowed);
  });
});
