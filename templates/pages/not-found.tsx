// The 404 page, served for any unknown address. Its script logs the bad path
// to the console. Every link is root-relative, as the page answers at any depth.
import type { Static } from '@sinclair/typebox';
import type { PageProps } from 'trn-site/theme';
import type { Site } from '../site.schema.ts';
import { Text } from '../lib/tokens.ts';
import { Obj } from '../lib/schema.ts';
import { Layout } from '../components/Layout.tsx';
import { T } from '../components/Text.tsx';
import { CallButton } from '../components/CallBand.tsx';

export const schema = Obj({
  heading: Text({ maxLength: 60 }),
  message: Text({ maxLength: 300 }),
});

export type NotFoundPage = Static<typeof schema>;

export function component(props: PageProps<NotFoundPage, Site>) {
  const { page } = props;
  return (
    <Layout props={props} hasForm={false} scripts={['not-found']} noCanonical>
      <section className="sec notice">
        <div className="wrap narrow">
          <p className="notice-icon notice-code" aria-hidden="true">
            404
          </p>
          <h1>
            <T text={page.heading} />
          </h1>
          <p className="lead">
            <T text={page.message} />
          </p>
          <p className="actions">
            <a className="btn btn-accent btn-lg" href="/">
              Return to Home
            </a>
            <CallButton label="Call" className="btn btn-outline btn-lg" />
          </p>
        </div>
      </section>
    </Layout>
  );
}
