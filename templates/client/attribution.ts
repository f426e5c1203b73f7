// Where a lead came from (spec §3 and §9): campaign parameters from the URL,
// remembered for 30 minutes in localStorage so a visitor who lands on one page
// and writes from another is still attributed, and the calculated source.

import { CAMPAIGN_KEYS, LEAD_FIELD_NAMES } from '../shared/lead-fields.ts';

export { CAMPAIGN_KEYS, LEAD_FIELD_NAMES };

/** The localStorage entry that holds the record. */
export const STORAGE_KEY = 'trn_attribution';
/** How long a stored record counts: 30 minutes. */
export const RETENTION_MS = 30 * 60 * 1000;
export type CampaignKey = (typeof CAMPAIGN_KEYS)[number];
/** Campaign values; a key is absent when it has no value. */
export type Campaign = Partial<Record<CampaignKey, string>>;
/** The stored record: the campaign values and when they were written (ms since the epoch). */
export type StoredAttribution = Campaign & { timestamp: number };

export type LeadFields = Record<(typeof LEAD_FIELD_NAMES)[number], string>;

/** What the page knows about the visit. */
export interface Visit {
  /** location.search */
  search: string;
  /** location.href */
  url: string;
  /** document.title */
  title: string;
  /** document.referrer */
  referrer: string;
  /** location.hostname: a referrer from the site itself is no source. */
  host: string;
}

/** The campaign values in a query string; empty ones are left out. */
export function campaignFromUrl(search: string): Campaign {
  const params = new URLSearchParams(search);
  const campaign: Campaign = {};
  for (const key of CAMPAIGN_KEYS) {
    const value = params.get(key)?.trim();
    if (value) campaign[key] = value;
  }
  return campaign;
}

/** localStorage, or null where the browser refuses it (the getter itself can throw). */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The stored campaign if it is younger than RETENTION_MS; an expired or unreadable record is removed. */
export function storedCampaign(now = Date.now()): Campaign {
  const store = storage();
  try {
    const record = JSON.parse(store?.getItem(STORAGE_KEY) ?? 'null') as StoredAttribution | null;
    if (record && typeof record.timestamp === 'number' && now - record.timestamp <= RETENTION_MS && now >= record.timestamp) {
      const campaign: Campaign = {};
      for (const key of CAMPAIGN_KEYS) if (typeof record[key] === 'string' && record[key]) campaign[key] = record[key];
      return campaign;
    }
    if (record) store?.removeItem(STORAGE_KEY);
  } catch {
    try {
      store?.removeItem(STORAGE_KEY);
    } catch {
      // Storage refused: there is nothing stored to use.
    }
  }
  return {};
}

/**
 * The campaign of this visit: the URL's values over the stored ones, key by
 * key. When the URL carries any, the merged record is stored with a fresh
 * timestamp. A browser that refuses storage gets the URL's values alone.
 */
export function rememberCampaign(search: string, now = Date.now()): Campaign {
  const fromUrl = campaignFromUrl(search);
  const campaign = { ...storedCampaign(now), ...fromUrl };
  if (Object.keys(fromUrl).length > 0) {
    try {
      storage()?.setItem(STORAGE_KEY, JSON.stringify({ ...campaign, timestamp: now }));
    } catch {
      // Storage refused or full: the lead is still attributed from the URL.
    }
  }
  return campaign;
}

/** The referrer's host name, or '' when there is none or it is not a URL. */
function hostOf(referrer: string): string {
  try {
    return referrer ? new URL(referrer).hostname : '';
  } catch {
    return '';
  }
}

/** Google's search hosts: google.com, www.google.ca, google.co.uk, ... */
const GOOGLE = /(^|\.)google\.[a-z]{2,3}(\.[a-z]{2})?$/i;

/**
 * The lead's source, by the rules of spec §9 in order: gclid → 'Google Ads';
 * source and medium → 'source / medium'; source alone → the source; else the
 * referrer: a Google host → 'Google / Organic', another host → that host,
 * none → 'Direct / Unknown'. A referrer on `ownHost` is a move inside the site,
 * not a source, so it counts as none.
 */
export function calculatedSource(campaign: Campaign, referrer: string, ownHost = ''): string {
  if (campaign.gclid) return 'Google Ads';
  if (campaign.utm_source && campaign.utm_medium) return `${campaign.utm_source} / ${campaign.utm_medium}`;
  if (campaign.utm_source) return campaign.utm_source;
  const host = hostOf(referrer);
  if (!host || host === ownHost) return 'Direct / Unknown';
  return GOOGLE.test(host) ? 'Google / Organic' : host;
}

/** Every attribution field of the lead form for this visit (and stores the URL's campaign). */
export function leadFields(visit: Visit, now = Date.now()): LeadFields {
  const campaign = rememberCampaign(visit.search, now);
  return {
    page_source_url: visit.url,
    page_source_title: visit.title,
    gclid: campaign.gclid ?? '',
    utm_source: campaign.utm_source ?? '',
    utm_medium: campaign.utm_medium ?? '',
    utm_campaign: campaign.utm_campaign ?? '',
    utm_term: campaign.utm_term ?? '',
    utm_content: campaign.utm_content ?? '',
    referrer: visit.referrer,
    ga_client_id: '',
    calculated_source: calculatedSource(campaign, visit.referrer, visit.host),
  };
}

/** The visit as the current page sees it. */
export function currentVisit(): Visit {
  return { search: location.search, url: location.href, title: document.title, referrer: document.referrer, host: location.hostname };
}
