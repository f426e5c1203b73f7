// What `site dev` prints for each rebuild: one line when it worked, the located
// problems when it did not. The browser shows the same problems in its overlay.
import type { DevReport } from '../dev/dev.ts';
import { formatDiagnostics, problemCount } from './diagnostics-text.ts';
import { SHARE_CARDS } from '../contracts/media-job.ts';
import { plural, type MediaProgress } from '../dev/media-progress.ts';

export function devReportText(event: DevReport, colour = false): string {
  if (event.kind === 'watch-error') return `The file watcher reported a problem; the server keeps running: ${event.error.message}`;
  if (event.kind === 'media') return mediaText(event.progress, colour);
  const what = event.changed.length === 0 ? 'Built' : `${clock()} ${listed(event.changed)} changed:`;
  if (event.kind === 'built') {
    const { result } = event;
    // After a change, the pages it updated: those rendered again to the same bytes are no news to the editor.
    const pages = event.changed.length === 0 ? result.renderedRoutes.length : event.updated;
    // Warnings of files not just saved are counted, with where they are and how to see them.
    const elsewhere = event.changed.length === 0 ? [] : result.diagnostics.filter((d) => !event.changed.includes(d.file));
    const warnings = elsewhere.length
      ? ` (${problemCount(elsewhere)} not saved just now: ${listed([...new Set(elsewhere.map((d) => d.file))])}; npx site check lists them)`
      : '';
    const rebuilt = event.changed.length === 0 ? `${pages} pages` : `${pages} ${pages === 1 ? 'page' : 'pages'} updated`;
    const tabs = event.reloaded ? `, ${event.reloaded} ${event.reloaded === 1 ? 'tab' : 'tabs'} reloaded` : '';
    // Warnings are listed once: all of them after the first build, then those of the files just saved.
    const listedNow = event.changed.length === 0 ? result.diagnostics : result.diagnostics.filter((d) => event.changed.includes(d.file));
    const first = listedNow.length ? formatDiagnostics(listedNow, colour) + '\n' : '';
    // Pages whose own files have errors were kept back; the rest of the site updated.
    const held = [...new Set(result.diagnostics.filter((d) => d.severity === 'error').map((d) => d.file))];
    const keptBack = held.length
      ? `; ${listed(held)} kept back by ${held.length === 1 ? 'its errors (its tab shows them)' : 'their errors (their tabs show them)'}`
      : '';
    return `${first}${what} ${rebuilt} in ${result.stats.milliseconds} ms${tabs}${warnings}${keptBack}`;
  }
  if (event.kind === 'failed') {
    // The errors, then apart the warnings, which would not have stopped the build by themselves.
    const errors = event.diagnostics.filter((d) => d.severity === 'error');
    const warnings = event.diagnostics.filter((d) => d.severity !== 'error');
    const apart = warnings.length
      ? `\nAlso ${warnings.length === 1 ? 'a warning, which does' : `${warnings.length} warnings, which do`} not stop the build:\n${formatDiagnostics(warnings, colour)}`
      : '';
    return `${what}\n${formatDiagnostics(errors, colour)}${apart}\n${problemCount(event.diagnostics)}; the browser shows them over the last build that worked.`;
  }
  const error = event.error;
  return `${what}\nInternal error (this is a bug in the generator, not in your content); the server keeps running:\n${error instanceof Error ? error.stack : String(error)}`;
}

/** Photos and share cards made after the build's reload: what is coming, then each photo, then the cards. */
export function mediaText(progress: MediaProgress, colour = false): string {
  const { photos, cards } = progress;
  if (progress.phase === 'started') {
    const parts = [
      ...(photos.count ? [`${plural(photos.count, 'new photo')} (${plural(photos.files, 'file')})`] : []),
      ...(cards.count ? [plural(cards.count, 'share card')] : []),
    ];
    const meanwhile = photos.count ? '; pages show a quick version of each photo meanwhile' : '';
    return `  Making ${parts.join(' and ')} in the background${meanwhile}`;
  }
  const problems = progress.diagnostics?.length ? `\n${formatDiagnostics(progress.diagnostics, colour)}` : '';
  const seconds = `${((progress.milliseconds ?? 0) / 1000).toFixed(1)} s`;
  const what = progress.group === SHARE_CARDS ? `${plural(cards.made, 'share card')} drawn` : `${progress.group} made`;
  const tabs = progress.reloaded ? `, ${progress.reloaded} ${progress.reloaded === 1 ? 'tab' : 'tabs'} reloaded` : '';
  const end = progress.phase === 'done' ? '; every photo and share card is made' : '';
  return `  ${what} (${seconds} after the build)${tabs}${end}${problems}`;
}

function listed(paths: readonly string[]): string {
  return paths.length <= 3 ? paths.join(', ') : `${paths.slice(0, 3).join(', ')} and ${paths.length - 3} more`;
}

function clock(): string {
  return new Date().toTimeString().slice(0, 8);
}
