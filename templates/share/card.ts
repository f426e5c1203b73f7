// Each page's share card (what a link to it shows in a message or a post): the
// page's title on the brand's navy, the business and the phone that page gives,
// the bolt of the icon. A post shows its own picture instead. The build draws
// the SVG into a 1200 × 630 PNG (src/images/share-cards.ts).
import type { ShareCardInput, ShareCardSpec } from 'trn-site/theme';
import type { Site } from '../site.schema.ts';
import { contactFor } from '../lib/contact.ts';

const NAVY = '#0b2545';
const YELLOW = '#ffc629';
/** Fonts every Debian machine with a browser has, then whatever sans-serif there is. */
const FONTS = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';
/** About this many characters of the title fit on a line at 64 px. */
const LINE = 27;
const LINES = 3;

export function shareCard({ site, route, title, template, page }: ShareCardInput<Site>): ShareCardSpec {
  if (template === 'post' && typeof page.featuredImage === 'string') return { image: page.featuredImage, alt: String(page.featuredImageAlt ?? title) };
  const heading = headline(title, site.business.name);
  const phone = contactFor(route, site).phone.display;
  const lines = wrap(heading, LINE, LINES);
  const top = 290 - (lines.length - 1) * 39;
  const text = lines.map((line, i) => `<tspan x="80" y="${top + i * 78}">${escape(line)}</tspan>`).join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">` +
    `<rect width="1200" height="630" fill="${NAVY}"/><rect y="606" width="1200" height="24" fill="${YELLOW}"/>` +
    `<path transform="translate(80 56) scale(2.4)" d="M18 3 7 18h8l-2 11 12-16h-8z" fill="${YELLOW}"/>` +
    `<text x="150" y="108" font-family="${FONTS}" font-weight="700" font-size="40" fill="#ffffff">${escape(site.business.name)}</text>` +
    `<text font-family="${FONTS}" font-weight="700" font-size="64" fill="#ffffff">${text}</text>` +
    `<text x="80" y="540" font-family="${FONTS}" font-weight="700" font-size="44" fill="${YELLOW}">Call ${escape(phone)}</text>` +
    `</svg>`;
  return { svg, alt: `${heading}: ${site.business.name}, ${phone}` };
}

/** The title without the business's name after a bar ("Panel Upgrades | Fiorelli" → "Panel Upgrades"). */
function headline(title: string, business: string): string {
  const bar = title.lastIndexOf(' | ');
  if (bar < 0) return title;
  const after = title.slice(bar + 3);
  return business.toLowerCase().startsWith(after.toLowerCase()) ? title.slice(0, bar) : title;
}

/** Words into at most `lines` lines of about `width` characters; what does not fit ends in an ellipsis. */
export function wrap(text: string, width: number, lines: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  if (out.length <= lines) return out;
  const kept = out.slice(0, lines);
  kept[lines - 1] = `${kept[lines - 1]!.replace(/[\s,.;:–-]+$/, '')}…`;
  return kept;
}

function escape(text: string): string {
  // Characters XML has no place for (a stray control character in a title) would stop the drawing.
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}
