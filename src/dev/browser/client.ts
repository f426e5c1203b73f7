// The script the dev server adds to every page it serves (never to `site build`
// output): it listens for the server's events, reloads the page when it was
// rebuilt, and shows a build's problems over the page until they are fixed.
//
// It is sent as the text of the functions below (see `liveClientScript`), so
// each must stand alone: no imports, nothing from outside the functions but
// each other, by name. It is an external script and sets styles through the
// CSSOM, which the site's strict Content-Security-Policy allows as it is; the
// policy is not loosened for dev.
import type { CodeFrame } from '../code-frame.ts';
import type { OverlayProblem, OverlayReport } from '../problems.ts';

/** The served text: the functions' sources in a scope of their own, and the client started. */
export function liveClientScript(): string {
  const parts = [element, badge, showProblems, problemSection, frameBlock].map((part) => part.toString());
  return `(() => {\n${parts.join('\n')}\n(${liveClient.toString()})();\n})();\n`;
}

/** Listens to the dev server's events for this page: reloads, problems, and how far the media are. */
export function liveClient(): void {
  const OVERLAY_ID = 'site-dev-overlay';
  let build: string | null = null;
  const events = new EventSource(`/__site/events?path=${encodeURIComponent(location.pathname)}`);

  // The server says which build it has on every (re)connection; a different one
  // after the server restarted or a missed event means this page is old.
  events.addEventListener('hello', (event) => {
    const id = (event as MessageEvent<string>).data;
    if (build !== null && build !== id) location.reload();
    build = id;
  });
  events.addEventListener('reload', () => location.reload());
  events.addEventListener('problems', (event) => showProblems(JSON.parse((event as MessageEvent<string>).data) as OverlayReport, OVERLAY_ID));
  events.addEventListener('clear', () => document.getElementById(OVERLAY_ID)?.remove());
  // Photos and share cards being made after the reload: a small badge, gone once they are made.
  events.addEventListener('progress', (event) => badge((event as MessageEvent<string>).data));
}

/** The badge that says how far the media are; none for ''. */
function badge(text: string): void {
  const BADGE_ID = 'site-dev-progress';
  let node = document.getElementById(BADGE_ID);
  if (!text) {
    node?.remove();
    return;
  }
  if (!node) {
    node = element('div', {
      // At the top, where sites keep what is read rather than what is tapped (a phone's call bar sits at the bottom).
      position: 'fixed',
      left: '50%',
      top: '4px',
      transform: 'translateX(-50%)',
      zIndex: '2147483646',
      maxWidth: 'calc(100% - 16px)',
      background: '#18181b',
      color: '#f4f4f5',
      font: '12px/1.4 system-ui, sans-serif',
      padding: '3px 8px',
      borderRadius: '4px',
      opacity: '0.9',
      pointerEvents: 'none',
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
    });
    node.id = BADGE_ID;
    node.setAttribute('role', 'status');
    (document.body ?? document.documentElement).append(node);
  }
  node.textContent = text;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, style: Partial<CSSStyleDeclaration>, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  Object.assign(node.style, style);
  // Text only, never markup: messages quote what editors wrote.
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The overlay over the page (element `id`, in place of any before it): the summary, a button to hide it, and each problem. */
function showProblems(report: OverlayReport, id: string): void {
  document.getElementById(id)?.remove();
  const overlay = element('div', {
    position: 'fixed',
    inset: '0',
    zIndex: '2147483647',
    overflow: 'auto',
    background: '#18181b',
    color: '#f4f4f5',
    font: '15px/1.5 system-ui, sans-serif',
    padding: '16px',
  });
  overlay.id = id;
  overlay.setAttribute('role', 'alertdialog');
  overlay.setAttribute('aria-label', 'Build problems');
  const panel = element('div', { maxWidth: '960px', margin: '0 auto' });
  const header = element('div', { display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: '12px' });
  header.append(
    element(
      'h2',
      { font: '600 20px/1.3 system-ui, sans-serif', margin: '8px 0 4px', color: '#fca5a5' },
      `${report.summary}: the page shows the last build that worked`,
    ),
  );
  const close = element(
    'button',
    { font: 'inherit', color: 'inherit', background: 'transparent', border: '1px solid #71717a', borderRadius: '4px', padding: '4px 10px', cursor: 'pointer' },
    'Hide',
  );
  close.addEventListener('click', () => overlay.remove());
  header.append(close);
  panel.append(header, element('p', { margin: '0 0 16px', color: '#a1a1aa' }, 'Fix the file and save: this page reloads by itself.'));
  for (const problem of report.problems) panel.append(problemSection(problem));
  overlay.append(panel);
  (document.body ?? document.documentElement).append(overlay);
}

/** One problem: its place, severity and code, its message and hint, and the lines around it. */
function problemSection(problem: OverlayProblem): HTMLElement {
  const item = element('section', { borderTop: '1px solid #3f3f46', padding: '12px 0' });
  const place = problem.line > 0 ? `${problem.file}:${problem.line}:${problem.column}` : problem.file;
  item.append(
    element(
      'div',
      { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', color: problem.severity === 'error' ? '#fca5a5' : '#fde68a' },
      `${place}  ${problem.severity} (${problem.code})`,
    ),
  );
  item.append(element('p', { margin: '4px 0', fontWeight: '600' }, problem.message));
  if (problem.hint) item.append(element('p', { margin: '4px 0', color: '#d4d4d8' }, problem.hint));
  if (problem.frame) item.append(frameBlock(problem.frame));
  return item;
}

/** The numbered lines around a problem, its own marked, with a caret under its column. */
function frameBlock(frame: CodeFrame): HTMLElement {
  const block = element('pre', {
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
    fontSize: '13px',
    background: '#09090b',
    padding: '8px 0',
    margin: '8px 0 0',
    overflowX: 'auto',
    borderRadius: '4px',
  });
  const width = String(frame.rows[frame.rows.length - 1]!.line).length;
  for (const row of frame.rows) {
    const prefix = `${row.marked ? '>' : ' '} ${String(row.line).padStart(width)} | `;
    block.append(element('div', { padding: '0 12px', background: row.marked ? '#3f1d1d' : 'transparent' }, prefix + row.text));
    if (row.marked && frame.column > 0) {
      block.append(element('div', { padding: '0 12px', color: '#f87171' }, ' '.repeat(prefix.length + frame.column - 1) + '^'));
    }
  }
  return block;
}
