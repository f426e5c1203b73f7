// The quality gates, in the order they run and appear in reports/quality.md.
// A new gate is one module exporting a Gate (context.ts) and one line here.
// Lighthouse runs after the browser pass and before the budgets, which read its
// CLS; nothing else runs beside it, so its timings are its own.

import type { Gate } from '../context.ts';
import { accessibilityGate } from './accessibility.ts';
import { budgetsGate } from './budgets.ts';
import { consoleGate } from './console.ts';
import { headersGate } from './headers.ts';
import { htmlGate } from './html.ts';
import { lighthouseGate } from './lighthouse.ts';
import { linksGate } from './links.ts';
import { structuredDataGate } from './structured-data.ts';

export const GATES: readonly Gate[] = [htmlGate, accessibilityGate, linksGate, lighthouseGate, budgetsGate, headersGate, structuredDataGate, consoleGate];
