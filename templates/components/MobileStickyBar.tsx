// Bottom bar on narrow screens: call, or jump to the estimate form (the
// contact page's form when this page has none).
import { usePage } from './PageContext.ts';

export function MobileStickyBar({ hasForm }: { hasForm: boolean }) {
  const { site, contact } = usePage();
  return (
    <div className="sticky" data-sticky-bar>
      <a className="btn btn-call" href={contact.phone.href}>
        Call Now
      </a>
      <a className="btn btn-accent" href={hasForm ? '#estimate' : `${site.links.contact}#estimate`}>
        Get a Quote
      </a>
    </div>
  );
}
