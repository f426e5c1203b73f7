// The shape of the estimate form's wording in YAML (components/LeadForm.tsx
// renders the form around it).
import { Type, type Static } from '@sinclair/typebox';
import { Text } from '../lib/tokens.ts';
import { Obj } from '../lib/schema.ts';

export const LeadFormSchema = Obj(
  {
    heading: Text({ maxLength: 80, default: 'Request a Free Estimate' }),
    intro: Text({
      maxLength: 300,
      default: 'Tell us about the job and a licensed electrician will call you back to talk it through. Estimates are always free.',
    }),
    submit: Type.String({ minLength: 2, maxLength: 40, default: 'Get My Free Estimate' }),
  },
  { default: {}, description: 'Wording around the estimate form; leave out for the usual wording.' },
);

export type LeadFormCopy = Static<typeof LeadFormSchema>;
