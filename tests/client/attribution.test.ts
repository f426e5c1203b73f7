// @vitest-environment jsdom
// Attribution (spec §3, §9): the calculated source, the campaign from the URL,
// the 30-minute record in localStorage and a browser that refuses storage.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  calculatedSource,
  campaignFromUrl,
  leadFields,
  rememberCampaign,
  RETENTION_MS,
  STORAGE_KEY,
  storedCampaign,
} from '../../templates/client/attribution.ts';

const T0 = new Date('2025-03-05T15:00:00Z').getTime();

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('calculatedSource, in the order of spec §9', () => {
  it.each([
    ['gclid wins over everything', { gclid: 'z', utm_source: 'x', utm_medium: 'y' }, 'https://www.google.com/', 'Google Ads'],
    ['gclid alone', { gclid: 'abc' }, '', 'Google Ads'],
    ['source and medium', { utm_source: 'newsletter', utm_medium: 'email' }, 'https://www.google.com/', 'newsletter / email'],
    ['source only', { utm_source: 'flyer' }, 'https://www.bing.com/', 'flyer'],
    ['medium without source falls to the referrer', { utm_medium: 'cpc' }, 'https://www.bing.com/search?q=x', 'www.bing.com'],
    ['a Google referrer', {}, 'https://www.google.com/', 'Google / Organic'],
    ['a Google referrer on a country domain', {}, 'https://www.google.ca/', 'Google / Organic'],
    ['a Google referrer on a two-part country domain', {}, 'https://google.co.uk/search', 'Google / Organic'],
    ['another host', {}, 'https://www.houzz.com/pro/abc', 'www.houzz.com'],
    ['a host that only contains google', {}, 'https://notgoogle.com/', 'notgoogle.com'],
    ['no referrer', {}, '', 'Direct / Unknown'],
    ['a referrer that is not a URL', {}, 'nonsense', 'Direct / Unknown'],
  ])('%s', (_, campaign, referrer, expected) => {
    expect(calculatedSource(campaign, referrer, 'www.example.com')).toBe(expected);
  });

  it('counts a referrer from the site itself as none (moving between its pages is no source)', () => {
    expect(calculatedSource({}, 'https://www.example.com/about', 'www.example.com')).toBe('Direct / Unknown');
  });
});

describe('campaignFromUrl', () => {
  it('reads gclid and the five utm parameters, leaving out empty and unknown ones', () => {
    expect(campaignFromUrl('?utm_source=x&utm_medium=y&utm_campaign=&gclid=z&utm_term=t&utm_content=c&other=1')).toEqual({
      utm_source: 'x',
      utm_medium: 'y',
      gclid: 'z',
      utm_term: 't',
      utm_content: 'c',
    });
    expect(campaignFromUrl('')).toEqual({});
  });
});

describe('the stored record', () => {
  it('is written from the URL under trn_attribution with the utm fields, gclid and a timestamp', () => {
    rememberCampaign('?utm_source=x&utm_medium=y&gclid=z');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY)!)).toEqual({ utm_source: 'x', utm_medium: 'y', gclid: 'z', timestamp: T0 });
  });

  it('is not written when the URL carries no campaign', () => {
    rememberCampaign('?page=2');
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('is used on a later page without parameters within 30 minutes', () => {
    rememberCampaign('?utm_source=x&utm_medium=y');
    vi.advanceTimersByTime(RETENTION_MS - 1000);
    expect(rememberCampaign('')).toEqual({ utm_source: 'x', utm_medium: 'y' });
  });

  it('expires after 30 minutes and is removed', () => {
    rememberCampaign('?utm_source=x&utm_medium=y');
    vi.advanceTimersByTime(RETENTION_MS + 1000);
    expect(rememberCampaign('')).toEqual({});
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('keeps its own 30 minutes: visiting pages without parameters does not extend it', () => {
    rememberCampaign('?utm_source=x');
    vi.advanceTimersByTime(20 * 60 * 1000);
    rememberCampaign('');
    vi.advanceTimersByTime(11 * 60 * 1000);
    expect(storedCampaign()).toEqual({});
  });

  it('is overridden by URL parameters, key by key, and rewritten with a fresh timestamp', () => {
    rememberCampaign('?utm_source=old&utm_medium=cpc&utm_campaign=spring');
    vi.advanceTimersByTime(10 * 60 * 1000);
    expect(rememberCampaign('?utm_source=new')).toEqual({ utm_source: 'new', utm_medium: 'cpc', utm_campaign: 'spring' });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY)!)).toMatchObject({ utm_source: 'new', timestamp: T0 + 10 * 60 * 1000 });
  });

  it('is ignored and removed when it is not valid JSON or has no timestamp', () => {
    localStorage.setItem(STORAGE_KEY, '{not json');
    expect(storedCampaign()).toEqual({});
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ utm_source: 'x' }));
    expect(storedCampaign()).toEqual({});
  });

  it('ignores a record from the future (a clock set back)', () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ utm_source: 'x', timestamp: T0 + 60_000 }));
    expect(storedCampaign()).toEqual({});
  });
});

describe('a browser that refuses storage', () => {
  it('still gets the URL campaign when reading and writing throw', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(rememberCampaign('?utm_source=x&utm_medium=y')).toEqual({ utm_source: 'x', utm_medium: 'y' });
  });

  it('still gets the URL campaign when localStorage itself cannot be reached', () => {
    const descriptor = Object.getOwnPropertyDescriptor(window, 'localStorage')!;
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    try {
      expect(rememberCampaign('?gclid=z')).toEqual({ gclid: 'z' });
      expect(leadFields({ search: '?gclid=z', url: 'https://x/', title: 'T', referrer: '', host: 'x' }).calculated_source).toBe('Google Ads');
    } finally {
      Object.defineProperty(window, 'localStorage', descriptor);
    }
  });
});

describe('leadFields', () => {
  it('fills every attribution field, ga_client_id always empty', () => {
    const fields = leadFields({
      search: '?utm_source=x&utm_medium=y&gclid=z&utm_campaign=c',
      url: 'https://www.example.com/?utm_source=x',
      title: 'Home',
      referrer: 'https://www.google.com/',
      host: 'www.example.com',
    });
    expect(fields).toEqual({
      page_source_url: 'https://www.example.com/?utm_source=x',
      page_source_title: 'Home',
      gclid: 'z',
      utm_source: 'x',
      utm_medium: 'y',
      utm_campaign: 'c',
      utm_term: '',
      utm_content: '',
      referrer: 'https://www.google.com/',
      ga_client_id: '',
      calculated_source: 'Google Ads',
    });
  });
});
