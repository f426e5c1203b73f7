#!/usr/bin/env node
// The CLI is TypeScript run in place through tsx's loader, so editors and the
// engine share one source and there is no compile step between them.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli.ts');
process.exitCode = await main(process.argv);
