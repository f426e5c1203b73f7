import { parseAllHeaders } from 'netlify-headers-parser';
import { writeFileSync } from 'node:fs';
writeFileSync('/tmp/_headers', '/:name\n  X-A: 1\n/blog/*\n  X-B: 1\n/\n  X-C: 1\n');
const h = await parseAllHeaders({ headersFiles: ['/tmp/_headers'], configHeaders: [], minimal: false });
for (const r of h.headers) console.log(r.for, r.forRegExp, ['/', '/about', '/about/', '/admin/', '/admin/x', '/about.html', '/blog', '/blog/', '/blog/x'].filter((p) => r.forRegExp.test(p)));
