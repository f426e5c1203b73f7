// repairFor(): the value a slip of typing was meant to be, when undoing the slip makes it match the field's pattern.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { repairFor } from './repair.ts';

const CLOCK = '^(?:[01]\\d|2[0-3]):[0-5]\\d$';
const E164 = '^\\+[1-9]\\d{6,14}$';
const SLUG = '^[a-z0-9]+(?:-[a-z0-9]+)*$';

describe('repairFor', () => {
  it('gives back the time a missing leading zero or a dot hid', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        fc.constantFrom(':', '.', 'h'),
        fc.constantFrom('', ' '),
        (hour, minute, mark, space) => {
          const meant = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
          const typed = `${space}${String(hour)}${mark}${String(minute).padStart(2, '0')}${space}`;
          expect(repairFor(typed, CLOCK) ?? typed).toBe(meant);
        },
      ),
    );
  });

  it('gives back the number spaces, dashes and brackets were typed into', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\+1[2-9]\d{9}$/), fc.array(fc.constantFrom(' ', '-', '(', ')', '.'), { maxLength: 4 }), fc.nat(), (number, noise, at) => {
        let typed = number;
        for (const [i, mark] of noise.entries()) {
          const where = 2 + ((at + i * 3) % (typed.length - 2));
          typed = typed.slice(0, where) + mark + typed.slice(where);
        }
        expect(repairFor(typed, E164) ?? typed).toBe(number);
      }),
    );
  });

  it('gives back a slug typed with capitals or spaces', () => {
    expect(repairFor('Panel Upgrades', SLUG)).toBe('panel-upgrades');
    expect(repairFor(' ajax ', SLUG)).toBe('ajax');
  });

  it('only ever suggests what matches, and nothing for text no slip explains', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.constantFrom(CLOCK, E164, SLUG), (typed, pattern) => {
        const repaired = repairFor(typed, pattern);
        if (repaired !== undefined) expect(new RegExp(pattern, 'u').test(repaired)).toBe(true);
      }),
      { numRuns: 2_000 },
    );
    expect(repairFor('noon', CLOCK)).toBeUndefined();
    expect(repairFor('25:00', CLOCK)).toBeUndefined();
    expect(repairFor('x', '([')).toBeUndefined();
  });
});
