// The business's claims: figures the pages repeat. Each is written once in
// site.yaml under `claims:` and pages name it with a placeholder such as
// `{googleReviews}`; no page states a figure itself, so changing a claim here
// changes it everywhere. Defaults reproduce the figures of the specification.
import { Type, type Static } from '@sinclair/typebox';
import { Obj } from './schema.ts';

function claim(value: string, description: string) {
  return Type.String({ minLength: 1, maxLength: 24, default: value, description });
}

export const ClaimsSchema = Obj(
  {
    since: claim('1972', 'Year the family business opened, as in "since 1972".'),
    years: claim('50+', 'Years in business, as in "50+ years".'),
    experience: claim('over 40', 'Years of experience on the emergency, commercial and industrial pages, as in "over 40 years of experience".'),
    experienceShort: claim('40+', 'Short form of the years of experience, as in "40+ years".'),
    googleReviews: claim('400+', 'Five-star Google reviews, as in "400+ five-star Google reviews".'),
    rating: claim('5.0', 'Average Google rating out of 5.'),
    customers: claim('5000+', 'Happy customers served.'),
    projects: claim('1000+', 'Projects completed.'),
    homeServicesReviews: claim('300+', 'Reviews on a home-services review site (RadioRA 2 page).'),
    totalReviews: claim('700+', 'Reviews across all sites (RadioRA 2 page).'),
    satisfaction: claim('100%', 'The satisfaction guarantee, as in "100% satisfaction guarantee".'),
    aboutYears: claim('10+', 'About page statistic: years.'),
    aboutProjects: claim('1000+', 'About page statistic: projects.'),
    aboutAvailability: claim('24/7', 'About page statistic: availability.'),
    aboutSatisfaction: claim('100%', 'About page statistic: satisfaction.'),
  },
  { default: {}, description: 'Figures the pages repeat. Pages refer to them by name, e.g. {googleReviews}.' },
);

export type Claims = Static<typeof ClaimsSchema>;
export type ClaimKey = keyof Claims;

/** Every claim name, in declaration order. */
export const claimKeys = Object.keys(ClaimsSchema.properties) as ClaimKey[];
