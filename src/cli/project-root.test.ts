// Finding the project from a folder inside it.
import { describe, expect, it } from 'vitest';
import { projectRoot } from './project-root.ts';

const files = new Set(['/work/site/site.yaml', '/work/site/templates/index.ts', '/work/other/readme.md']);
const exists = (path: string) => files.has(path);

describe('projectRoot', () => {
  it.each([
    ['/work/site', '/work/site'],
    ['/work/site/pages/gta', '/work/site'],
    ['/work/site/templates/components', '/work/site'],
    ['/work/other/deep', '/work/other/deep'],
  ])('from %s → %s', (from, root) => {
    expect(projectRoot(from, exists)).toBe(root);
  });
});
