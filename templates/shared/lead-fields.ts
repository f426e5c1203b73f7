// The lead form's attribution fields, shared by the form's markup
// (templates/components/LeadForm.tsx) and the script that fills them in
// (templates/client/attribution.ts), so the server never imports browser code.

/** Campaign parameters, read from the URL and stored. */
export const CAMPAIGN_KEYS = ['gclid', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

/** The lead form's attribution fields, by input name (spec §3). ga_client_id is always empty: the site sets no analytics cookie. */
export const LEAD_FIELD_NAMES = [
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
