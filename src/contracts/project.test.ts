// isThemeSource(): the theme's own code is inside the project, outside installed packages and the engine.
import { describe, expect, it } from 'vitest';
import { isThemeSource } from './project.ts';

describe('isThemeSource', () => {
  it.each([
    ['templates/pages/location.tsx', true],
    ['shared/labels.ts', true],
    ['src/index.ts', false],
    ['node_modules/@types/react/index.d.ts', false],
    ['templates/node_modules/x/index.d.ts', false],
    ['../elsewhere/a.ts', false],
    ['/abs/a.ts', false],
  ])('%s → %s', (file, expected) => {
    expect(isThemeSource(file)).toBe(expected);
  });
});
