// The lead form: a native POST to the form-forwarding service, so it works
// without script. The form script (templates/client/lead-form.ts) fills the
// attribution fields, pushes form_submit and handles the Sending state.
// Usually one per page, inside #estimate.
import type { LeadFormCopy } from '../blocks/lead-form.ts';
import { usePage } from './PageContext.ts';
import { T } from './Text.tsx';
import { formTarget } from '../lib/form-target.ts';
// The same list the form script fills, so the markup and the script cannot drift apart.
import { LEAD_FIELD_NAMES } from '../shared/lead-fields.ts';

/** The most a message may hold (spec: the brief description, at most 1000 characters). */
const MESSAGE_LIMIT = 1000;

interface LeadFormProps {
  copy: LeadFormCopy;
  /** Analytics name of this form: homepage_contact_form or global_contact_form. */
  formName: string;
  /** Email subject; the site's default when absent. */
  subject?: string;
  /** `card` inside a hero or beside a section, `section` as a band of its own. */
  variant: 'card' | 'section';
  /**
   * The id of the form's region. The page's first form is `estimate`, the
   * target of every "Get a Quote" link; a second form on the page needs its own.
   */
  anchor?: string;
}

function Required() {
  return (
    <span className="req" aria-hidden="true">
      *
    </span>
  );
}

export function LeadForm({ copy, formName, subject, variant, anchor = 'estimate' }: LeadFormProps) {
  const { site, baseUrl, canonical, title } = usePage();
  // What the page knows without script, so a lead posted with scripting off still
  // says where it came from; the form script replaces them with what the browser sees.
  const withoutScript: Partial<Record<(typeof LEAD_FIELD_NAMES)[number], string>> = {
    page_source_url: canonical,
    page_source_title: title,
  };
  const action = formTarget(site);
  // Field ids follow the anchor so two forms on one page never share an id.
  const id = (field: string) => (anchor === 'estimate' ? `lf-${field}` : `${anchor}-${field}`);
  const titleId = `${anchor}-title`;
  const form = (
    <div className="form-card">
      <h2 id={titleId}>
        <T text={copy.heading} />
      </h2>
      <p>
        <T text={copy.intro} />
      </p>
      <form method="post" action={action} data-lead-form data-form-name={formName}>
        <p className="field">
          <label htmlFor={id('name')}>
            Name <Required />
          </label>
          <input id={id('name')} name="name" type="text" required maxLength={100} autoComplete="name" />
        </p>
        <p className="field">
          <label htmlFor={id('phone')}>
            Phone <Required />
          </label>
          <input id={id('phone')} name="phone" type="tel" required maxLength={20} autoComplete="tel" />
        </p>
        <p className="field">
          <label htmlFor={id('message')}>
            Brief description of the work <Required />
          </label>
          <textarea id={id('message')} name="message" rows={4} required maxLength={MESSAGE_LIMIT} aria-describedby={id('message-count')} />
          {/* The script keeps a paste whole and counts here what is over the limit (templates/client/lead-form.ts). */}
          <span className="small count" id={id('message-count')} data-count>
            Up to {MESSAGE_LIMIT.toLocaleString('en-CA')} characters.
          </span>
        </p>
        <p className="hp" aria-hidden="true">
          <label htmlFor={id('website')}>Website</label>
          <input id={id('website')} name="website" type="text" tabIndex={-1} autoComplete="off" />
        </p>
        <input type="hidden" name="_next" value={`${baseUrl}${site.form.next}`} />
        <input type="hidden" name="_captcha" value="false" />
        <input type="hidden" name="_subject" value={subject ?? site.form.subject} />
        {LEAD_FIELD_NAMES.map((name) => (
          <input key={name} type="hidden" name={name} value={withoutScript[name] ?? ''} />
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
    <section id={anchor} className="estimate-card" aria-labelledby={titleId}>
      {form}
    </section>
  ) : (
    <section id={anchor} className="sec sec-form" aria-labelledby={titleId}>
      <div className="wrap narrow">{form}</div>
    </section>
  );
}
