// Site footer: the business and its contact details, link groups (site.yaml
// footer:, filled with the pages that list themselves there), and the ESA licence.
import { usePage, type PageContextValue } from './PageContext.ts';
import { Logo } from './Logo.tsx';
import { formatAddress } from '../lib/contact.ts';
import { menuLinks } from '../lib/menu-links.ts';

/** A link group this long spans the footer's width, in columns. */
const WIDE_GROUP = 14;

/** What the footer's HTML depends on, for <Shared>: the site, the collections and the contact details (by region). */
export function footerInputs({ site, contact, places, services }: PageContextValue): unknown[] {
  return [site, places, services, contact.region];
}

export function Footer() {
  const { site, contact, places, services } = usePage();
  return (
    <footer className="ftr">
      <div className="wrap ftr-grid">
        <div className="ftr-biz">
          <Logo name={site.business.name} />
          <p>{site.business.description}</p>
          <address>
            {formatAddress(contact.address)}
            <br />
            <a href={contact.phone.href}>{contact.phone.display}</a>
            <br />
            Office: {contact.hoursText} · Emergency service {site.hours.emergency}
          </address>
        </div>
        {site.footer.map((group) => {
          const links = menuLinks(group, 'footer', places, services);
          return (
            <nav key={group.heading} aria-label={group.heading} className={links.length > WIDE_GROUP ? 'ftr-wide' : undefined}>
              <h2>{group.heading}</h2>
              <ul>
                {links.map((link) => (
                  <li key={link.href}>
                    <a href={link.href}>{link.label}</a>
                  </li>
                ))}
              </ul>
            </nav>
          );
        })}
      </div>
      <div className="wrap legal">
        <p>
          ESA Licence #{site.esaLicence} · Fully insured · © {site.business.legalName}
        </p>
      </div>
    </footer>
  );
}
