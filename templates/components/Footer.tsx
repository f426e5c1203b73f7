// Site footer: the business and its contact details, link groups from
// site.yaml, and the ESA licence.
import { usePage } from './PageContext.ts';
import { Logo } from './Logo.tsx';
import { formatAddress } from '../lib/contact.ts';

/** A link group this long spans the footer's width, in columns. */
const WIDE_GROUP = 14;

export function Footer() {
  const { site, contact } = usePage();
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
        {site.footer.map((group) => (
          <nav key={group.heading} aria-label={group.heading} className={group.links.length > WIDE_GROUP ? 'ftr-wide' : undefined}>
            <h2>{group.heading}</h2>
            <ul>
              {group.links.map((link) => (
                <li key={link.href}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="wrap legal">
        <p>
          ESA Licence #{site.esaLicence} · Fully insured · © {site.business.legalName}
        </p>
      </div>
    </footer>
  );
}
