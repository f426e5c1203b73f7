// Rules of meaning on site.yaml that its schema cannot say: each phone is
// written twice, once to dial (E.164) and once to print, and the two must be
// the same number, or a visitor reads one number and calls another.
import type { SiteProblem } from '../../src/index.ts';
import type { Site } from '../site.schema.ts';

/** One problem per phone whose printed digits are not the number its E.164 form dials. */
export function phoneRules(site: Site): SiteProblem[] {
  return Object.entries(site.phones)
    .filter(([, phone]) => !printedMatches(phone))
    .map(([name, phone]) => ({
      path: ['phones', name, 'display'],
      message: `"${phone.display}" is not the number its e164 "${phone.e164}" dials`,
      hint: 'print the same digits as the e164 number, e.g. (416) 555-0100 for +14165550100',
    }));
}

/** North American numbers may be printed with or without the leading 1; others with every digit of their E.164 form. */
export function printedMatches(phone: { e164: string; display: string }): boolean {
  const digits = phone.e164.replace(/^\+/, '');
  const printed = phone.display.replace(/\D/g, '');
  return printed === digits || (digits.startsWith('1') && printed === digits.slice(1));
}
