// The lead form (spec §4, §7; DECISIONS "Forms"). Without script it posts
// natively with empty attribution fields. With it, a submit:
//   - while Sending: is ignored;
//   - with the honeypot `website` filled: posts nothing and goes to /thank-you;
//   - otherwise: Sending (button disabled, 'Sending...'), the attribution fields
//     are filled and the form_submit event pushed, then the form posts natively.
// If preparing fails: console only, back to idle, what was typed stays, and the
// next submit posts without the extras, so no lead is lost.
import { currentVisit, LEAD_FIELD_NAMES, leadFields } from './attribution.ts';
import { track } from './core.ts';

export const SENDING = 'Sending...';

/** The input named `name` in `form`, if any. */
function input(form: HTMLFormElement, name: string): HTMLInputElement | null {
  const element = form.elements.namedItem(name);
  return element instanceof HTMLInputElement ? element : null;
}

/** The analytics name of the form: its data-form-name, else by page (spec §7). */
function formName(form: HTMLFormElement): string {
  return form.dataset.formName || (location.pathname === '/' ? 'homepage_contact_form' : 'global_contact_form');
}

/** Fills the attribution fields and pushes form_submit. Throws if anything fails. */
function prepare(form: HTMLFormElement): void {
  const fields = leadFields(currentVisit());
  for (const [name, value] of Object.entries(fields)) {
    const field = input(form, name);
    if (field) field.value = value;
  }
  track({ event: 'form_submit', form_name: formName(form), ...fields });
}

/** The attribution fields as the page rendered them (the page's own URL and title, the rest empty). */
function renderedExtras(form: HTMLFormElement): Map<string, string> {
  return new Map(LEAD_FIELD_NAMES.map((name) => [name, input(form, name)?.value ?? '']));
}

/**
 * Undoes what `prepare` may have half filled, so a later post carries no partial
 * extras. A hidden input has no separate default value (setting it rewrites its
 * attribute), hence the values kept from before.
 */
function clearExtras(form: HTMLFormElement, rendered: Map<string, string>): void {
  for (const [name, value] of rendered) {
    const field = input(form, name);
    if (field) field.value = value;
  }
}

/** Enhances one form[data-lead-form]. `navigate` opens a URL (a test passes its own). */
export function leadForm(form: HTMLFormElement, navigate = (url: string) => location.assign(url)): void {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"], button:not([type])');
  const label = button?.textContent ?? '';
  const next = input(form, '_next');
  // The site's own thank-you page, so a preview on localhost ends on the preview.
  const thankYou = location.origin + new URL(next?.value || '/thank-you', location.href).pathname;
  if (next) next.value = thankYou;
  const rendered = renderedExtras(form);

  let sending = false;
  let extras = true;
  const setSending = (on: boolean) => {
    sending = on;
    form.setAttribute('aria-busy', String(on));
    if (button) {
      button.disabled = on;
      button.textContent = on ? SENDING : label;
    }
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (sending) return;
    if (input(form, 'website')?.value) {
      // A bot filled the hidden field: it sees success, and no lead is forwarded.
      navigate(thankYou);
      return;
    }
    setSending(true);
    if (extras) {
      try {
        prepare(form);
      } catch (error) {
        console.error('[lead-form] could not prepare the extra fields; the next submit posts without them', error);
        extras = false;
        clearExtras(form, rendered);
        setSending(false);
        return;
      }
    }
    form.submit();
  });

  // Back from /thank-you through the back-forward cache: the form is usable again.
  addEventListener('pageshow', (event) => {
    if (event.persisted) setSending(false);
  });
}
