// Rules of meaning on site.yaml that its schema cannot say: each phone is
// written twice, once to dial (E.164) and once to print. The dialled form must be
// a number of its country's plan (a digit short passes every pattern), and the two
// must be the same number, or a visitor reads one number and calls another. What
// makes a number right is the engine's phone module (src/phone.ts).
import { agreeingForms, dialProblem, printedExtension, printedMatches, type SiteProblem } from 'trn-site/theme';
import type { Site } from '../site.schema.ts';

export { printedMatches };

/** One problem per phone that dials nobody (at its e164), else per phone whose printed digits are another number (at its display). */
export function phoneRules(site: Site): SiteProblem[] {
  const problems: SiteProblem[] = [];
  for (const [name, phone] of Object.entries(site.phones)) {
    const why = dialProblem(phone.e164);
    if (why) {
      problems.push({
        path: ['phones', name, 'e164'],
        message: `"${phone.e164}" dials no one: ${why}`,
        hint: `check it digit by digit against the line the business answers, and its printed form "${phone.display}" with it`,
      });
    } else if (printedExtension(phone) !== undefined) {
      problems.push({
        path: ['phones', name, 'display'],
        message: `the printed "${phone.display}" has the extension ${printedExtension(phone)}, which the link's e164 "${phone.e164}" does not dial: visitors who tap it reach the main line`,
        hint: 'print the extension in the text beside the number (e.g. "ask for extension 123"), and display only the number',
      });
    } else if (!printedMatches(phone)) {
      // Either may be the one just changed: both ways of making them agree, each written out.
      const agreeing = agreeingForms(phone);
      const ways = [
        ...(agreeing.e164 ? [`if "${phone.display}" is the right number, write e164: "${agreeing.e164}"`] : []),
        ...(agreeing.display ? [`if "${phone.e164}" is, write display: "${agreeing.display}"`] : []),
      ];
      problems.push({
        path: ['phones', name, 'display'],
        message: `the printed "${phone.display}" and the dialled e164 "${phone.e164}" are different numbers: visitors read one and their phone calls the other`,
        hint:
          ways.length > 0
            ? `a new number changes both: ${ways.join('; ')}`
            : 'change both together, so they are the same digits, e.g. display (416) 555-0100 with e164 +14165550100',
      });
    }
  }
  return problems;
}
