// Questions and answers. Each item is a <details>, so it opens and closes
// without script and every question is in view; the faq script folds
// the list to its first `shown` items and reveals the "Show all FAQs" /
// "Show fewer" toggle that is in the HTML, hidden, for it.
import type { FaqData } from '../blocks/faq.ts';
import { T } from './Text.tsx';
import { Section } from './Section.tsx';

export function Faq({ data }: { data: FaqData }) {
  return (
    <Section heading={data.heading} id="faq" narrow>
      <div className="faq" data-faq data-shown={data.shown}>
        {data.items.map((item, i) => (
          <details key={i} className="qa" data-faq-more={i >= data.shown ? '' : undefined}>
            <summary>
              <T text={item.question} />
            </summary>
            <p>
              <T text={item.answer} />
            </p>
          </details>
        ))}
      </div>
      {data.items.length > data.shown && (
        <p className="faq-more">
          <button type="button" className="btn btn-outline" data-faq-toggle aria-expanded="false" hidden>
            Show all FAQs
          </button>
        </p>
      )}
    </Section>
  );
}
