// Renders YAML prose with its placeholders resolved; phone placeholders become
// tap-to-call links.
import { Fragment } from 'react';
import { segments } from '../lib/tokens.ts';
import { usePage } from './PageContext.ts';

export function T({ text }: { text: string }) {
  const { tokens } = usePage();
  return (
    <>
      {segments(text, tokens).map((s, i) =>
        typeof s === 'string' ? (
          <Fragment key={i}>{s}</Fragment>
        ) : (
          <a key={i} href={s.phone.href} className="tel">
            {s.phone.display}
          </a>
        ),
      )}
    </>
  );
}

/** Plain text with placeholders resolved, for attributes and titles. */
export function useText(): (text: string) => string {
  const { tokens } = usePage();
  return (text) =>
    segments(text, tokens)
      .map((s) => (typeof s === 'string' ? s : s.phone.display))
      .join('');
}

/** Paragraphs of prose. */
export function Paragraphs({ items }: { items: string[] }) {
  return (
    <>
      {items.map((p, i) => (
        <p key={i}>
          <T text={p} />
        </p>
      ))}
    </>
  );
}
