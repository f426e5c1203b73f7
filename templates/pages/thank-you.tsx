// Shown after the lead form posts: confirmation, response times, call button
// and the way home.
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
  responseTime: Text({ maxLength: 300 }),
  callPrompt: Text({ maxLength: 200 }),
});

export type ThankYouPage = Static<typeof schema>;

export function component(props: PageProps<ThankYouPage, Site>) {
  const { page } = props;
  return (
    <Layout props={props} hasForm={false}>
      <section className="sec notice">
        <div className="wrap narrow">
          <p className="notice-icon" aria-hidden="true">
            ✓
          </p>
          <h1>
            <T text={page.heading} />
          </h1>
          <p className="lead">
            <T text={page.message} />
          </p>
          <p>
            <T text={page.responseTime} />
          </p>
          <p>
            <T text={page.callPrompt} />
          </p>
          <p className="actions">
            <CallButton label="Call" className="btn btn-accent btn-lg" />
            <a className="btn btn-outline btn-lg" href="/">
              Return to Home
            </a>
          </p>
        </div>
      </section>
    </Layout>
  );
}
