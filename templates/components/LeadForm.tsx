// The lead form: a native POST to the form-forwarding service, so it works
// without script. The form script (later) fills the attribution fields and
// handles the Sending state. There is one per page, inside #estimate.
import { Type, type Static } from '@sinclair/typebox';
import { Text } from '../lib/tokens.ts';
import { Obj } from '../lib/schema.ts';
import { usePage } from './PageContext.ts';
import { T } from './Text.tsx';

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

/** Filled by the form script from the URL, stored attribution and the page; empty without it. */
const attributionFields = [
  'page_source_url',
  'page_source_title',
  'gclid',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'referrer',
  'ga_client_id',
  'calculated_source',
] as const;

interface LeadFormProps {
  copy: LeadFormCopy;
  /** Analytics name of this form: homepage_contact_form or global_contact_form. */
  formName: string;
  /** Email subject; the site's default when absent. */
  subject?: string;
  /** `card` inside a hero, `section` as a band of its own. */
  variant: 'card' | 'section';
}

function Required() {
  return (
    <span className="req" aria-hidden="true">
      *
    </span>
  );
}

export function LeadForm({ copy, formName, subject, variant }: LeadFormProps) {
  const { site, baseUrl } = usePage();
  const action = site.form.action.replace('{email}', site.leadsEmail);
  const form = (
    <div className="form-card">
      <h2 id="estimate-title">
        <T text={copy.heading} />
      </h2>
      <p>
        <T text={copy.intro} />
      </p>
      <form method="post" action={action} data-lead-form data-form-name={formName}>
        <p className="field">
          <label htmlFor="lf-name">
            Name <Required />
          </label>
          <input id="lf-name" name="name" type="text" required maxLength={100} autoComplete="name" />
        </p>
        <p className="field">
          <label htmlFor="lf-phone">
            Phone <Required />
          </label>
          <input id="lf-phone" name="phone" type="tel" required maxLength={20} autoComplete="tel" />
        </p>
        <p className="field">
          <label htmlFor="lf-message">
            Brief description of the work <Required />
          </label>
          <textarea id="lf-message" name="message" rows={4} required maxLength={1000} />
        </p>
        <p className="hp" aria-hidden="true">
          <label htmlFor="lf-website">Website</label>
          <input id="lf-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
        </p>
        <input type="hidden" name="_next" value={`${baseUrl}${site.form.next}`} />
        <input type="hidden" name="_captcha" value="false" />
        <input type="hidden" name="_subject" value={subject ?? site.form.subject} />
        {attributionFields.map((name) => (
          <input key={name} type="hidden" name={name} value="" />
        ))}
        <button type="submit" className="btn btn-accent btn-block">
          {copy.submit}
        </button>
        <p className="small">
          <Required /> Required. We reply within business hours and never share your details.
        </p>
      </form>
    </div>
  );
  return variant === 'card' ? (
    <div id="estimate" className="estimate-card" aria-labelledby="estimate-title" role="region">
      {form}
    </div>
  ) : (
    <section id="estimate" className="sec sec-form" aria-labelledby="estimate-title">
      <div className="wrap narrow">{form}</div>
    </section>
  );
}
