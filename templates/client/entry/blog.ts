// The blog list.
import { all, start } from '../core.ts';
import { blog, unfilterBlog } from '../blog.ts';

for (const section of all('[data-blog]'))
  start(
    'blog',
    () => blog(section),
    () => unfilterBlog(section),
    section,
  );
