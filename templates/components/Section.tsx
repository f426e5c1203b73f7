// A band of the page with a heading: the <section>, its centred column, the h2
// and the optional intro paragraph that most blocks open with. Blocks pass the
// rest as children, so every section heading is written the same way.
import type { ReactNode } from 'react';
import { T } from './Text.tsx';

interface SectionHeadingProps {
  /** YAML text; placeholders are resolved. */
  heading: string;
  intro?: string | undefined;
  /** The h2's id, for a section labelled by its heading. */
  id?: string | undefined;
}

/** The h2 and its intro, for a section's content placed inside something else. */
export function SectionHeading({ heading, intro, id }: SectionHeadingProps) {
  return (
    <>
      <h2 id={id}>
        <T text={heading} />
      </h2>
      {intro && (
        <p className="intro">
          <T text={intro} />
        </p>
      )}
    </>
  );
}

interface SectionProps {
  heading: string;
  intro?: string | undefined;
  /** The section's classes: `sec`, `sec sec-alt` for the alternate background, and so on. */
  className?: string;
  /** The section's id, the target of in-page links such as #faq. */
  id?: string | undefined;
  /** Gives the h2 this id and labels the section with it (aria-labelledby). */
  headingId?: string | undefined;
  /** A narrow column, for reading text. */
  narrow?: boolean;
  children?: ReactNode;
}

export function Section({ heading, intro, className = 'sec', id, headingId, narrow = false, children }: SectionProps) {
  return (
    <section className={className} id={id} aria-labelledby={headingId}>
      <div className={narrow ? 'wrap narrow' : 'wrap'}>
        <SectionHeading heading={heading} intro={intro} id={headingId} />
        {children}
      </div>
    </section>
  );
}
