// Site header: the phone bar (place links, social links, review badge, phone),
// then the logo with the licence badge and the emergency call button, then the
// main navigation with its dropdowns.
//
// Without script: dropdowns are <details>; on narrow screens the Menu link
// jumps to #menu, which CSS reveals with :target. The menu script turns that
// link into a button with aria-expanded.
import { usePage, type PageContextValue } from './PageContext.ts';
import type { Site } from '../site.schema.ts';
import { Logo } from './Logo.tsx';
import { T } from './Text.tsx';
import { menuLinks } from '../lib/menu-links.ts';
import { topBarPlaces } from '../lib/place-lists.ts';

function MenuIcon() {
  return (
    <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M2 4h16M2 10h16M2 16h16" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

function missingHref(label: string): never {
  throw new Error(`site.yaml: nav item "${label}" needs either href or pages to list (categories, places or links).`);
}

/**
 * What the header's HTML depends on, for <Shared>: the site, the collections, the
 * contact details (by region) and the menu link marked as the current page, if any.
 */
export function headerInputs({ site, route, contact, places, services }: PageContextValue): unknown[] {
  return [site, places, services, contact.region, menuHrefs(site, places, services).has(route) ? route : null];
}

let known: { site: Site; places: PageContextValue['places']; services: PageContextValue['services']; hrefs: Set<string> } | undefined;

/** Every href of the main navigation, worked out once per build's site and collections. */
function menuHrefs(site: Site, places: PageContextValue['places'], services: PageContextValue['services']): Set<string> {
  if (known?.site !== site || known.places !== places || known.services !== services) {
    const hrefs = new Set<string>();
    for (const item of site.nav) {
      if (item.href) hrefs.add(item.href);
      for (const link of menuLinks(item, 'menu', places, services)) hrefs.add(link.href);
    }
    known = { site, places, services, hrefs };
  }
  return known.hrefs;
}

/** A dropdown this long is laid out in columns on wide screens. */
const WIDE_DROPDOWN = 12;

export function Header() {
  const { site, route, contact, places, services } = usePage();
  const topBar = topBarPlaces(places);
  const current = (href: string | undefined) => (href === route ? ('page' as const) : undefined);
  return (
    <header className="hdr">
      <a className="skip" href="#main">
        Skip to content
      </a>
      <div className="top">
        <div className="wrap top-in">
          {topBar.length > 0 && (
            <nav className="top-areas" aria-label="Areas">
              <span>Serving</span>
              <ul>
                {topBar.map((a) => (
                  <li key={a.route}>
                    <a href={a.route}>{a.data.label}</a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          {site.social.length > 0 && (
            <ul className="social" aria-label="Social media">
              {site.social.map((s) => (
                <li key={s.url}>
                  <a href={s.url}>{s.name}</a>
                </li>
              ))}
            </ul>
          )}
          <a className="rating" href={site.googleReviewsUrl}>
            <span className="stars" aria-hidden="true">
              ★★★★★
            </span>{' '}
            {site.claims.rating} · {site.claims.googleReviews} <span className="rv-g">Google </span>reviews
          </a>
          <a className="top-tel" href={contact.phone.href}>
            <span className="top-247">{site.hours.emergency}</span> {contact.phone.display}
          </a>
        </div>
      </div>
      <div className="wrap bar">
        <div className="brand">
          <Logo name={site.business.name} />
          <p className="tagline">
            <T text={site.business.tagline} />
          </p>
        </div>
        <p className="esa-badge">
          <strong>ESA Licensed</strong> #{site.esaLicence}
        </p>
        <a className="btn btn-emerg" href={contact.phone.href}>
          {site.hours.emergency} Emergency {contact.phone.display}
        </a>
        <a className="btn btn-outline menu-btn" href="#menu" data-menu-toggle aria-controls="menu">
          <MenuIcon /> Menu
        </a>
        <nav id="menu" className="nav" aria-label="Main" data-menu>
          <ul className="nav-list">
            {site.nav.map((item) => {
              const links = menuLinks(item, 'menu', places, services);
              return links.length > 0 ? (
                <li key={item.label}>
                  <details className={links.length > WIDE_DROPDOWN ? 'dd dd-wide' : 'dd'} name="nav">
                    <summary>{item.label}</summary>
                    <ul>
                      {links.map((link) => (
                        <li key={link.href}>
                          <a href={link.href} aria-current={current(link.href)}>
                            {link.label}
                          </a>
                        </li>
                      ))}
                    </ul>
                  </details>
                </li>
              ) : item.href ? (
                <li key={item.label}>
                  <a href={item.href} aria-current={current(item.href)}>
                    {item.label}
                  </a>
                </li>
              ) : (
                missingHref(item.label)
              );
            })}
          </ul>
          <p className="nav-call">
            <a className="btn btn-emerg btn-block" href={contact.phone.href}>
              {site.hours.emergency} Emergency: Call {contact.phone.display}
            </a>
          </p>
        </nav>
      </div>
    </header>
  );
}
