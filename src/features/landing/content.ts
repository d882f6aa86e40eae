// Landing page copy and lists (spec §2 "Landing page"); exact labels are checked by tests.

export const ORDER_PRODUCT_ID = '1'; // the Complete System, $299

export const HIGHLIGHTS = [
  { key: 'phone', title: 'Phone Control', text: 'Open and close from anywhere' },
  { key: 'secure', title: 'Secure Access', text: 'Codes for guests and couriers' },
  { key: 'camera', title: 'HD Camera', text: '160° wide-angle view' },
  { key: 'iot', title: 'IoT Tracking', text: 'Live status and alerts' },
] as const;

export const FEATURES = [
  {
    key: 'delivery',
    title: 'Secure Package Delivery',
    text: 'Give each courier a one-time access code. The door opens just far enough, the camera records the drop-off, and it closes again behind them — no more parcels left on the porch.',
    points: ['One-time delivery codes', 'Recorded drop-offs', 'Instant delivery alerts'],
  },
  {
    key: 'front',
    title: 'Front-home Security',
    text: 'The outdoor unit watches your driveway and front of the house with a 160° wide-angle HD camera, and tells you the moment something moves.',
    points: ['160° HD camera with night vision', 'Motion alerts on your phone', 'Clips saved to the cloud dashboard'],
  },
  {
    key: 'access',
    title: 'Access Control',
    text: 'Decide who gets in and when. Create guest, delivery, temporary or permanent codes, limit how often they work, and revoke them with one tap.',
    points: ['Guest, delivery and permanent codes', 'Expiry dates and usage limits', 'A full history of every opening'],
  },
] as const;

export const AUDIENCES = [
  { slug: 'homeowners', title: 'Homeowners', text: 'Never wonder again whether you closed the garage. Let family, guests and couriers in without handing out keys.' },
  { slug: 'workshops', title: 'Workshops', text: 'Open the bay for early customers and suppliers, and keep an eye on tools and vehicles after hours.' },
  { slug: 'businesses', title: 'Small Businesses', text: 'Staff codes per person and shift, delivery access for suppliers, and a log of every entry.' },
  { slug: 'property-managers', title: 'Property Managers', text: 'Manage several doors from one dashboard and give tenants and contractors their own codes.' },
] as const;

export const DEMO_CALL_HREF =
  'mailto:sales@garageguard.com?subject=GarageGuard%20demo%20call&body=Hi%2C%20I%27d%20like%20to%20schedule%20a%20demo%20call.%20Good%20times%20for%20me%3A%20';
