// The lead form (spec §4, §7; DECISIONS "Forms"). Without script it posts
// natively with empty attribution fields. With it, a submit:
//   - while Sending: is ignored;
//   - with the honeypot `website` filled: posts nothing and goes to /thank-you;
//   - otherwise: Sending (button disabled, 'Sending...'), the attribution fields
//     are filled and the form_submit event pushed, then the form posts natively;
//   - a post stopped before its answer (the Stop button) ends Sending: the next
//     click sends again;
//   - a message longer than its limit is kept whole (no maxlength cuts a paste)
//     and counted under the field; the form is not sent until it is shortened.
// Nothing around the lead can stop it: if filling the attribution fields fails,
// they go back to what the page rendered; if the event cannot be pushed (a broken
// tag manager), the fields stay filled; either way the failure goes to the
// console and the form posts on that same click.
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

/** Fills the attribution fields; returns their values. Throws if anything fails. */
function fillExtras(form: HTMLFormElement): Record<string, string> {
  const fields = leadFields(currentVisit());
  for (const [name, value] of Object.entries(fields)) {
    const field = input(form, name);
    if (field) field.value = value;
  }
  return fields;
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

/** `n` as a visitor reads a count: 1,234. */
const count = (n: number) => n.toLocaleString('en-CA');

/**
 * A text field with a limit keeps what is pasted into it whole (the browser's maxlength would cut it
 * without a word, an emoji at the edge and all); `note` says how much is over, and the form is not
 * sent until it is shortened. Characters are counted as a reader counts them, an emoji as one.
 */
function counted(field: HTMLTextAreaElement | HTMLInputElement, note: HTMLElement | null): void {
  const limit = field.maxLength;
  if (limit < 0) return;
  field.removeAttribute('maxlength');
  field.addEventListener('input', () => {
    const length = [...field.value].length;
    const over = length - limit;
    if (note)
      note.textContent =
        over > 0
          ? `${count(length)} characters, ${count(over)} over the ${count(limit)} a message may have: shorten it to send. Nothing you wrote is lost.`
          : `${count(length)} of ${count(limit)} characters.`;
    // A field without a note (the name, the phone) says it when the form is sent.
    field.setCustomValidity(over > 0 ? `Shorten this to ${count(limit)} characters or fewer (it has ${count(length)}).` : '');
  });
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
  // Every field with a limit, the name and phone too: a paste into any of them is kept whole.
  for (const field of form.querySelectorAll<HTMLTextAreaElement | HTMLInputElement>('textarea[maxlength], input[maxlength]'))
    counted(field, document.getElementById(field.getAttribute('aria-describedby') ?? ''));

  let sending = false;
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
    let fields: Record<string, string> | undefined;
    try {
      fields = fillExtras(form);
    } catch (error) {
      console.error('[lead-form] could not fill the attribution fields; the lead is sent without them', error);
      clearExtras(form, rendered);
    }
    try {
      track({ event: 'form_submit', form_name: formName(form), ...(fields ?? {}) });
    } catch (error) {
      console.error('[lead-form] could not record form_submit; the lead is sent all the same', error);
    }
    form.submit();
  });

  // Back from /thank-you through the back-forward cache: the form is usable again.
  addEventListener('pageshow', (event) => {
    if (event.persisted) setSending(false);
  });
  // The visitor pressed Stop, or another navigation cancelled the post before an answer came: the
  // page stays, and so must a form that sends again (the Navigation API says so where there is one).
  const navigation = (window as { navigation?: EventTarget }).navigation;
  navigation?.addEventListener('navigateerror', () => {
    if (sending) setSending(false);
  });
}
