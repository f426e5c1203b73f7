// Where the lead form posts. The form itself and the security policy's
// form-action both need it, so it is built in one place and cannot differ.
import type { Site } from '../site.schema.ts';

/** site.yaml's form.action with {email} replaced by the leads mailbox. */
export function formTarget(site: Site): string {
  return site.form.action.replace('{email}', site.leadsEmail);
}
