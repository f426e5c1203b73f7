// Phone numbers, the one place that knows what makes one right: its E.164 form
// (what `tel:` links and site.yaml write), whether that form is a number anyone
// can dial, and whether a printed form is the same number. Site data, the link
// rule on every `tel:` link and the theme's rule on site.yaml all ask here.
//
// Dialable is decided by libphonenumber-js (Google's libphonenumber metadata, kept
// up to date with every country's numbering plan) with its "max" metadata: the
// "min" and default sets judge a number by its length and leading digits only,
// while "max" also knows which ranges are in use (min and default accept
// +1 242 555-0100, which the Bahamas never assigned; max refuses it). All three
// refuse a digit short (+1905555019) and an area code no one has (+11234567890),
// and all three accept the 555-0100 to 555-0199 numbers North America keeps for
// fiction, which this site uses (+14165550100, +19055550199), because those are
// real, dialable lines of the plan, set aside so that no subscriber gets them.
import { parsePhoneNumberFromString, validatePhoneNumberLength } from 'libphonenumber-js/max';

/**
 * E.164 as written in `tel:` links and site data: a plus, a country code that
 * does not start with 0, then the number, 8 to 15 digits in all, nothing else.
 * (Shorter numbers exist only inside some countries' own plans; a business line
 * a visitor can dial from a phone is never shorter.) The shape only: see `dialProblem`.
 */
export const E164_PATTERN = '^\\+[1-9]\\d{7,14}$';
const E164 = new RegExp(E164_PATTERN);

/** Whether `number` is in E.164 form, e.g. `+14165550100` (its shape; whether it dials anyone is `dialProblem`). */
export function isE164(number: string): boolean {
  return E164.test(number);
}

/** The `tel:` link of an E.164 number. */
export function telHref(e164: string): string {
  return `tel:${e164}`;
}

/**
 * Why the E.164 number `e164` dials nobody, in plain words, or undefined when it is a
 * number of its country's plan. Assumes the E.164 shape (`isE164`).
 */
export function dialProblem(e164: string): string | undefined {
  // Every page links the same few numbers: each is judged once (a judgement is some microseconds).
  if (judged.has(e164)) return judged.get(e164);
  if (judged.size >= MOST_JUDGED) judged.clear();
  const why = judge(e164);
  judged.set(e164, why);
  return why;
}

const judged = new Map<string, string | undefined>();
/** Numbers remembered at most: content may hold any number of different ones. */
const MOST_JUDGED = 1_000;

function judge(e164: string): string | undefined {
  const length = validatePhoneNumberLength(e164);
  const parsed = parsePhoneNumberFromString(e164);
  if (length === 'INVALID_COUNTRY' || !parsed) return `no country's numbers start with ${e164.slice(0, 4)}`;
  const a = parsed.country ? `a number of ${regionName(parsed.country)} (+${parsed.countryCallingCode})` : `a +${parsed.countryCallingCode} number`;
  if (length === 'TOO_SHORT') return `it is too short for ${a}: a digit is missing`;
  if (length === 'TOO_LONG') return `it is too long for ${a}: it has a digit too many`;
  if (length === 'INVALID_LENGTH') return `it has a length that no number of +${parsed.countryCallingCode} has`;
  if (!parsed.isValid()) return `it is not ${a} anyone can dial: its area or exchange code is not in use`;
  return undefined;
}

/** Whether `display`, as printed, is the number `e164` dials: every digit of it, North American numbers with or without the leading 1. */
export function printedMatches(phone: { e164: string; display: string }): boolean {
  const digits = phone.e164.replace(/^\+/, '');
  const printed = phone.display.replace(/\D/g, '');
  return printed === digits || (digits.startsWith('1') && printed === digits.slice(1));
}

/** A country's name in English for a message, falling back to its code. */
function regionName(region: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(region) ?? region;
  } catch {
    return region;
  }
}
