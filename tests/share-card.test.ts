import { describe, expect, it } from 'vitest';
import { wrap } from '../templates/share/card.ts';

describe('wrap', () => {
  it('breaks a title between words into lines of about the width', () => {
    expect(wrap('Electricians in Leslieville, Toronto', 27, 3)).toEqual(['Electricians in', 'Leslieville, Toronto']);
    expect(wrap('Short', 27, 3)).toEqual(['Short']);
  });

  it('ends what does not fit in an ellipsis on the last line', () => {
    const lines = wrap('one two three four five six seven eight nine ten eleven twelve thirteen', 10, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1]!.endsWith('…')).toBe(true);
  });
});
