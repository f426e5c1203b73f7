// The phone module: E.164's shape, whether a number dials anyone (libphonenumber-js, max metadata), and a printed form's digits.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dialProblem, isE164, printedMatches } from './phone.ts';

/** Area codes of Toronto and the GTA. */
const GTA = ['416', '647', '437', '905', '289', '365'];
/** A number of the range North America keeps for fiction, 555-0100 to 555-0199, in a GTA area code. */
const fictional = fc.tuple(fc.constantFrom(...GTA), fc.integer({ min: 100, max: 199 })).map(([area, line]) => `+1${area}5550${line}`);

describe('dialProblem', () => {
  it('accepts the site’s numbers and every 555-01XX number of the GTA', () => {
    for (const number of ['+14165550100', '+14165550142', '+19055550199']) expect(dialProblem(number)).toBeUndefined();
    fc.assert(fc.property(fictional, (number) => dialProblem(number) === undefined));
  });

  it('refuses any of them with a digit dropped, as a digit short', () => {
    fc.assert(
      fc.property(fictional, fc.integer({ min: 2, max: 11 }), (number, at) => {
        const short = number.slice(0, at) + number.slice(at + 1);
        expect(isE164(short)).toBe(true);
        expect(dialProblem(short)).toMatch(/too short|not .* anyone can dial|no country/);
      }),
    );
    expect(dialProblem('+1905555019')).toBe('it is too short for a +1 number: a digit is missing');
  });

  it('refuses any of them with a digit added, as a digit too many', () => {
    fc.assert(
      fc.property(fictional, fc.integer({ min: 2, max: 12 }), fc.integer({ min: 0, max: 9 }), (number, at, digit) => {
        const long = number.slice(0, at) + digit + number.slice(at);
        expect(dialProblem(long)).toMatch(/too long|length|not .* anyone can dial/);
      }),
    );
  });

  it('refuses North American numbers whose area or exchange code starts with 0 or 1, which no such number has', () => {
    fc.assert(
      fc.property(fc.constantFrom('0', '1'), fc.integer({ min: 0, max: 99 }), fc.boolean(), fc.integer({ min: 0, max: 9999 }), (first, rest, inArea, line) => {
        const code = `${first}${String(rest).padStart(2, '0')}`;
        const number = inArea ? `+1${code}555${String(line).padStart(4, '0')}` : `+1416${code}${String(line).padStart(4, '0')}`;
        expect(dialProblem(number)).toMatch(/not .* anyone can dial/);
      }),
    );
    expect(dialProblem('+11234567890')).toBe('it is not a +1 number anyone can dial: its area or exchange code is not in use');
  });

  it('names the country when it knows it, and refuses a country code no country has', () => {
    expect(dialProblem('+1416555010')).toBe('it is too short for a +1 number: a digit is missing');
    expect(dialProblem('+3312345678')).toBe('it is too short for a number of France (+33): a digit is missing');
    expect(dialProblem('+12425550100')).toMatch(/^it is not a number of Bahamas \(\+1\) anyone can dial/);
    expect(dialProblem('+80012345678')).toBeUndefined();
    expect(dialProblem('+99912345678')).toBe("no country's numbers start with +999");
    expect(dialProblem('+442079460958')).toBeUndefined();
  });
});

describe('printedMatches', () => {
  it('accepts any punctuation around the same digits, with or without North America’s leading 1', () => {
    fc.assert(
      fc.property(fictional, fc.array(fc.constantFrom(' ', '-', '.', '(', ')'), { maxLength: 4 }), fc.boolean(), (e164, marks, one) => {
        const digits = e164.slice(one ? 1 : 2);
        const display = [...digits].map((d, i) => d + (marks[i % Math.max(marks.length, 1)] ?? '')).join('');
        expect(printedMatches({ e164, display })).toBe(true);
      }),
    );
  });

  it('refuses a printed form with any digit changed', () => {
    fc.assert(
      fc.property(fictional, fc.integer({ min: 0, max: 9 }), fc.integer({ min: 1, max: 9 }), (e164, at, plus) => {
        const digits = [...e164.slice(2)];
        digits[at] = String((Number(digits[at]) + plus) % 10);
        expect(printedMatches({ e164, display: digits.join('') })).toBe(false);
      }),
    );
  });
});
