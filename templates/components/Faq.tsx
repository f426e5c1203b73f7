// Questions and answers. Each item is a <details>, so it opens and closes
// without script; the faq script (later) folds the list to its first `shown`
// items behind a "Show all FAQs" toggle.
import { Type, type Static } from '@sinclair/typebox';
import { Text } from '../lib/tokens.ts';
import { Obj } from '../lib/schema.ts';
import { T } from './Text.tsx';

export const FaqSchema = Obj({
  heading: Text({ maxLength: 100 }),
  items: Type.Array(Obj({ question: Text({ maxLength: 160 }), answer: Text({ maxLength: 900 }) }), { minItems: 1 }),
  shown: Type.Integer({ minimum: 1, default: 6, description: 'Questions visible before "Show all FAQs".' }),
});

export type FaqData = Static<typeof FaqSchema>;

export function Faq({ data }: { data: FaqData }) {
  return (
    <section className="sec" id="faq">
      <div className="wrap narrow">
        <h2>
          <T text={data.heading} />
        </h2>
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
      </div>
    </section>
  );
}
