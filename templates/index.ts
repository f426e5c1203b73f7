// The theme of the electrical contractor's website: the schema of site.yaml,
// one template per kind of page, the blog post template and the client assets.
import type { PageProps, PostPage, Theme } from '../src/theme.ts';
import { siteSchema } from './site.schema.ts';
import * as home from './pages/home.tsx';
import * as category from './pages/category.tsx';
import * as service from './pages/service.tsx';
import * as location from './pages/location.tsx';
import * as thankYou from './pages/thank-you.tsx';
import * as notFound from './pages/not-found.tsx';
import * as about from './pages/about.tsx';
import * as contact from './pages/contact.tsx';
import * as torontoHub from './pages/toronto-hub.tsx';
import * as blogList from './pages/blog-list.tsx';
import * as post from './pages/post.tsx';

const theme: Theme = {
  siteSchema,
  templates: {
    home,
    category,
    service,
    location,
    'thank-you': thankYou,
    'not-found': notFound,
    about: { schema: about.schema, component: about.component },
    contact: { schema: contact.schema, component: contact.component },
    'toronto-hub': { schema: torontoHub.schema, component: torontoHub.component },
    'blog-list': { schema: blogList.schema, component: blogList.component },
  },
  post: {
    schema: post.schema,
    // The engine validated the front matter against post.schema, so it has the PostFront shape.
    component: post.component as (props: PageProps<PostPage, any>) => ReturnType<typeof post.component>,
  },
  client: {
    scripts: {
      menu: 'templates/client/menu.ts',
      'not-found': 'templates/client/not-found.ts',
      analytics: 'templates/client/analytics.ts',
    },
    stylesheet: 'templates/styles/site.css',
  },
};

export default theme;
