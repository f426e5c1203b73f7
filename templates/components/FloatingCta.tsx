// The floating "Request Service or Estimate" button. It is in every page's
// HTML but hidden; a script (templates/client/float.ts) shows it once the visitor has scrolled 30%
// of the page while the form is out of view, and hides it on mobile while the
// menu is open. Pages without a form send it to the contact page's form.
import { usePage } from './PageContext.ts';

export function FloatingCta({ hasForm }: { hasForm: boolean }) {
  const { site } = usePage();
  return (
    <a className="btn btn-accent float-cta" href={hasForm ? '#estimate' : `${site.links.contact}#estimate`} data-float-cta hidden>
      Request Service or Estimate
    </a>
  );
}
