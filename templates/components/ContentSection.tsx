// A section of prose: a heading, paragraphs, then a list shown as bullets,
// numbered steps or small cards. Service, category and location pages are
// mostly made of these.
import type { ProseSectionData } from '../blocks/prose-section.ts';
import { Paragraphs, T } from './Text.tsx';
import { Section, SectionHeading } from './Section.tsx';
import { columns } from '../lib/grid.ts';

function Item({ title, text }: { title?: string | undefined; text: string }) {
  return (
    <>
      {title && (
        <strong>
          <T text={title} />
        </strong>
      )}
      {title && ' '}
      <T text={text} />
    </>
  );
}

/** A section; `bare` renders only its content, for a column beside something else. */
export function ContentSection({ data, alt = false, bare = false }: { data: ProseSectionData; alt?: boolean; bare?: boolean }) {
  const body = <SectionBody data={data} />;
  return bare ? (
    <>
      <SectionHeading heading={data.heading} />
      {body}
    </>
  ) : (
    <Section heading={data.heading} className={alt ? 'sec sec-alt' : 'sec'} narrow>
      {body}
    </Section>
  );
}

function SectionBody({ data }: { data: ProseSectionData }) {
  const { items, style } = data;
  return (
    <>
      <Paragraphs items={data.paragraphs} />
      {items.length > 0 && style === 'steps' && (
        <ol className="steps">
          {items.map((it, i) => (
            <li key={i}>
              <Item {...it} />
            </li>
          ))}
        </ol>
      )}
      {items.length > 0 && style === 'bullets' && (
        <ul className="ticks">
          {items.map((it, i) => (
            <li key={i}>
              <Item {...it} />
            </li>
          ))}
        </ul>
      )}
      {items.length > 0 && style === 'cards' && (
        <ul className={`minis ${columns(items.length)}`}>
          {items.map((it, i) => (
            <li key={i}>
              {it.title && (
                <h3>
                  <T text={it.title} />
                </h3>
              )}
              <p>
                <T text={it.text} />
              </p>
            </li>
          ))}
        </ul>
      )}
      {data.closing && (
        <p>
          <T text={data.closing} />
        </p>
      )}
    </>
  );
}

/** Sections in order, alternating backgrounds. */
export function ContentSections({ items, startAlt = false }: { items: ProseSectionData[]; startAlt?: boolean }) {
  return (
    <>
      {items.map((s, i) => (
        <ContentSection key={i} data={s} alt={(i % 2 === 1) !== startAlt} />
      ))}
    </>
  );
}
