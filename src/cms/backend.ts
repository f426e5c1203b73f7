// Which repository the browser editor commits to online, and how editors log in: from the
// environment where the site is built (SITE_CMS_REPO, SITE_CMS_BRANCH, SITE_CMS_AUTH_URL), else the
// project's package.json `repository` on GitHub and the `main` branch (docs/editing-online.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CmsBackend } from './config.ts';

/** `owner/name` when `repository` (as package.json may write it) names a GitHub repository. */
export function githubRepo(repository: unknown): string | undefined {
  const text = typeof repository === 'string' ? repository : (repository as { url?: unknown } | undefined)?.url;
  if (typeof text !== 'string') return undefined;
  const match = /^(?:github:|(?:git\+)?https:\/\/github\.com\/|git@github\.com:)?([A-Za-z0-9][\w.-]*\/[\w.-]+?)(?:\.git)?\/?$/.exec(text.trim());
  return match?.[1];
}

/** The backend for the project at `root`; `repo` is empty when neither the environment nor package.json names one. */
export function cmsBackend(root: string, env: NodeJS.ProcessEnv = process.env): CmsBackend {
  let repository: unknown;
  try {
    repository = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { repository?: unknown }).repository;
  } catch {
    repository = undefined;
  }
  const repo = env.SITE_CMS_REPO?.trim() || githubRepo(repository) || '';
  const authUrl = env.SITE_CMS_AUTH_URL?.trim();
  return { repo, branch: env.SITE_CMS_BRANCH?.trim() || 'main', ...(authUrl ? { authUrl } : {}) };
}
