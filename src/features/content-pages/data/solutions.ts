import type { ContentPageData } from '../types.ts';
import type { SolutionSlug } from './solutionLinks.ts';

const ORDER_CTA = { label: 'Order the Complete System - $299', to: '/products/1' };

export const SOLUTION_PAGES: Record<SolutionSlug, ContentPageData> = {
  homeowners: {
    slug: 'homeowners',
    title: 'GarageGuard for Homeowners',
    intro: 'Peace of mind for the family garage: know it is closed, let people in without handing out keys, and keep parcels safe.',
    sections: [
      {
        heading: 'Never wonder “did I close it?” again',
        paragraphs: ['The door sensor reports Open or Closed in the app wherever you are, and you can close it with one tap.'],
      },
      {
        heading: 'Access for family, guests and couriers',
        list: [
          'Permanent codes for family members',
          'Guest codes that expire after a visit',
          'One-time delivery codes so parcels go inside, not on the doorstep',
        ],
      },
      {
        heading: 'Eyes on the driveway',
        paragraphs: ['The 160° HD camera with night vision records arrivals and sends motion alerts to your phone.'],
      },
    ],
    cta: ORDER_CTA,
  },
  workshops: {
    slug: 'workshops',
    title: 'GarageGuard for Workshops',
    intro: 'Run your workshop bay from your phone: open for early customers and suppliers, and keep tools and vehicles secure after hours.',
    sections: [
      {
        heading: 'Open the bay from anywhere',
        paragraphs: ['Let in a customer dropping off a car before opening time, or a supplier with parts, without being on site.'],
      },
      {
        heading: 'Codes for staff and suppliers',
        list: ['A personal code per mechanic', 'Time-limited codes for suppliers', 'Usage limits for one-off visits'],
      },
      {
        heading: 'After-hours security',
        paragraphs: ['Motion alerts and recorded clips of every opening protect the tools and customer vehicles inside.'],
      },
    ],
    cta: ORDER_CTA,
  },
  businesses: {
    slug: 'businesses',
    title: 'GarageGuard for Small Businesses',
    intro: 'Loading doors, storage garages and delivery bays under control: who opened what, and when.',
    sections: [
      {
        heading: 'Staff access without keys',
        paragraphs: ['Give every employee their own code and revoke it the day they leave. No more copied keys or lost remotes.'],
      },
      {
        heading: 'Deliveries that arrive on time',
        list: ['Delivery codes for couriers and suppliers', 'A camera clip of each drop-off', 'Alerts when a delivery arrives'],
      },
      {
        heading: 'A full access history',
        paragraphs: ['Every opening is logged with the code that was used, so you always know who came in.'],
      },
    ],
    cta: ORDER_CTA,
  },
  'property-managers': {
    slug: 'property-managers',
    title: 'GarageGuard for Property Managers',
    intro: 'Manage garage doors across your properties from one dashboard, with codes for tenants, cleaners and contractors.',
    sections: [
      {
        heading: 'Several doors, one account',
        paragraphs: ['Each account manages up to 3 garage doors, each with separate access permissions and monitoring.'],
      },
      {
        heading: 'Tenants and contractors',
        list: [
          'Permanent codes for tenants, revoked when they move out',
          'Temporary codes for cleaners and contractors',
          'Usage limits and expiry dates for one-off jobs',
        ],
      },
      {
        heading: 'Fewer call-outs',
        paragraphs: ['Open a door remotely for a locked-out tenant instead of driving over with a key.'],
      },
    ],
    cta: ORDER_CTA,
  },
};
