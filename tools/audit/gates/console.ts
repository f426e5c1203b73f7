// Console gate: no console error and no uncaught exception on any page, at
// either width, while it loads, is scrolled and has its menu and FAQ opened.
// The one exception is the not-found page: the browser logs the 404 status of
// the document itself, and templates/client/not-found.ts logs the missing path
// on purpose so a broken link can be traced.

import { browserVisits, type Visit } from '../browser.ts';
import type { Gate } from '../context.ts';
import { bullets, clip, int, table } from '../report-text.ts';
import { MISSING_PATH } from '../pages.ts';
import { gateResult, type GateResult } from '../result.ts';

export const consoleGate: Gate = {
  id: 'console',
  title: 'Console',
  async run(context) {
    return judgeConsole(await browserVisits(context));
  },
};

/** Whether a console error is the not-found page's expected log of its own missing path. */
export function isAllowedNotFoundMessage(visit: Pick<Visit, 'page' | 'url'>, message: { text: string; url: string }): boolean {
  if (visit.page.expectedStatus !== 404) return false;
  const documentStatus = message.url === visit.url && /status of 404/.test(message.text);
  const loggedPath = message.text.includes(MISSING_PATH);
  return documentStatus || loggedPath;
}

export function judgeConsole(visits: Visit[]): GateResult {
  const failures: string[] = [];
  const allowed: string[] = [];
  const rows: (string | number)[][] = [];
  let warnings = 0;
  for (const v of visits) {
    const where = `${v.page.route} @${v.width}`;
    let errors = 0;
    let loggedPath = false;
    for (const message of v.consoleErrors) {
      const line = `${where}  console.error: ${clip(message.text, 240)}${message.url ? ` (${message.url.replace(/^https?:\/\/[^/]+/, '')})` : ''}`;
      // One message naming the path is the page's own report; a second one is something else going wrong.
      const isDocumentStatus = message.url === v.url && /status of 404/.test(message.text);
      if (isAllowedNotFoundMessage(v, message) && (isDocumentStatus || !loggedPath)) {
        if (!isDocumentStatus) loggedPath = true;
        allowed.push(line);
      } else {
        failures.push(line);
        errors++;
      }
    }
    for (const error of v.pageErrors) {
      failures.push(`${where}  uncaught: ${clip(error, 240)}`);
      errors++;
    }
    if (v.error) {
      failures.push(`${where}  visit failed: ${v.error}`);
      errors++;
    }
    warnings += v.consoleWarnings.length;
    if (errors > 0 || v.consoleWarnings.length > 0)
      rows.push([v.page.route, v.width, errors, v.consoleWarnings.length, v.consoleWarnings.map((w) => clip(w, 100)).join(' / ')]);
  }
  const body = [
    `${int(visits.length)} visits; ${int(failures.length)} errors; ${int(allowed.length)} allowed (the not-found page's own path); ${int(warnings)} warnings (listed, not failures).`,
    '',
    rows.length ? table(['page', 'width', 'errors', 'warnings', 'warning text'], rows) : '_No console output at error or warning level._',
    '',
    '**Allowed:**',
    '',
    bullets(allowed),
    '',
    '**Errors:**',
    '',
    bullets(failures),
  ].join('\n');
  return gateResult(consoleGate, {
    pass: failures.length === 0 && visits.length > 0,
    headline: `${int(failures.length)} console errors / uncaught exceptions in ${int(visits.length)} visits (${int(allowed.length)} allowed on the 404 page)`,
    failures,
    body,
    notes: [
      `The not-found page is visited at ${MISSING_PATH}; the browser's log of that document's 404 status and a message naming the path are allowed there only.`,
    ],
  });
}
