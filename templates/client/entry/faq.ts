// Pages with questions and answers.
import { all, start } from '../core.ts';
import { faq, unfoldFaq } from '../faq.ts';

for (const list of all('[data-faq]'))
  start(
    'faq',
    () => faq(list),
    () => unfoldFaq(list),
    list,
  );
