// The shape of questions and answers in YAML (components/Faq.tsx renders them).
import { Type, type Static } from '@sinclair/typebox';
import { Text } from '../lib/tokens.ts';
import { Obj } from '../lib/schema.ts';

export const FaqSchema = Obj({
  heading: Text({ maxLength: 100 }),
  items: Type.Array(Obj({ question: Text({ maxLength: 160 }), answer: Text({ maxLength: 900 }) }), { minItems: 1 }),
  shown: Type.Integer({ minimum: 1, default: 6, description: 'Questions visible before "Show all FAQs".' }),
});

export type FaqData = Static<typeof FaqSchema>;
