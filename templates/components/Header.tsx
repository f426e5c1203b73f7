// Site header: top bar (tagline, social links, review badge, phone), then the
// logo, the main navigation and the emergency call button.
//
// Without script: dropdowns are <details>; on narrow screens the Menu link
// jumps to #menu, which CSS reveals with :target. The menu script turns that
// link into a button with aria-expanded.
import { usePage } from './PageContext.ts';
import { Logo } from './Logo.tsx';
import { T } from './Text.tsx';

function MenuIcon() {
  return (
    <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M2 4h16M2 10h16M2 16h16" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

function missingHref(label: string): never {
  throw new Error(`site.yaml: nav item "${label}" needs either href or links.`);
}

export function Header() {
  const { site, route, contact } = usePage();
  const current = (href: string | undefined) => (href === route ? ('page' as const) : undefined);
  return (
    <header className="hdr">
      <a className="skip" href="#main">
        Skip to content
      </a>
      <div className="top">
        <div className="wrap top-in">
          <p className="tagline">
            <T text={site.business.tagline} />
          </p>
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
        <Logo name={site.business.name} />
        <a className="btn btn-emerg" href={contact.phone.href}>
          {site.hours.emergency} Emergency {contact.phone.display}
        </a>
        <a className="btn btn-outline menu-btn" href="#menu" data-menu-toggle aria-controls="menu">
          <MenuIcon /> Menu
        </a>
        <nav id="menu" className="nav" aria-label="Main" data-menu>
          <ul className="nav-list">
            {site.nav.map((item) =>
              item.links.length > 0 ? (
                <li key={item.label}>
                  <details className="dd" name="nav">
                    <summary>{item.label}</summary>
                    <ul>
                      {item.links.map((link) => (
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
              ),
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}
