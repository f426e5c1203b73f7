// One server's answer to one path, reduced to what a visitor and a search
// engine act on: the status, where a redirect leads, the headers the site's
// _headers sets, and which content came back.

import { createHash } from 'node:crypto';

export interface Answer {
  status: number;
  /** The Location of a redirect as a path (`/about`), the server's own origin taken off; null when there is none. */
  location: string | null;
  /** The headers compared, by lower-case name; a header the server did not send is absent. */
  headers: Record<string, string>;
  /** A fingerprint of the body of a page or file (2xx and 404); null for a redirect, whose body no one reads. */
  body: string | null;
}

/**
 * Asks `origin` for `path` without following redirects. `names` are the
 * headers to keep, lower case. Compression is refused so that both servers
 * send the bytes as they are.
 */
export async function ask(origin: string, path: string, names: readonly string[]): Promise<Answer> {
  const response = await fetch(origin + path, { redirect: 'manual', headers: { 'accept-encoding': 'identity' } });
  const bytes = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = {};
  for (const name of names) {
    const value = response.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  const location = response.headers.get('location');
  const redirect = response.status >= 300 && response.status < 400;
  return {
    status: response.status,
    location: location === null ? null : ownPath(location, origin),
    headers,
    body: redirect ? null : createHash('sha256').update(bytes).digest('base64url').slice(0, 16),
  };
}

/** `http://127.0.0.1:8788/about?x` → `/about?x` when it is the server's own origin; anything else as it is. */
export function ownPath(location: string, origin: string): string {
  return location.startsWith(origin + '/') ? location.slice(origin.length) : location;
}
