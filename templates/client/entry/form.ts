// Pages with a lead form.
import { all, start } from '../core.ts';
import { leadForm } from '../lead-form.ts';

for (const form of all<HTMLFormElement>('form[data-lead-form]')) start('lead form', () => leadForm(form));
