import { SOLUTION_TARGETS, type NavTarget } from '../navbar/navItems.ts';

export const CONTACT = {
  phone: '+1 (512) 555-0199',
  phoneHref: 'tel:+15125550199',
  email: 'support@garageguard.com',
  city: 'Austin, Texas',
} as const;

export const QUICK_LINKS: NavTarget[] = [
  { label: 'Home', to: '/' },
  { label: 'Products', to: '/products' },
  { label: 'Features', to: '/', hash: 'features' },
  { label: 'Support Center', to: '/support' },
  { label: 'Knowledge Base', to: '/support/articles' },
  { label: 'FAQ', to: '/support/faq' },
  { label: 'Installation Guide', to: '/support/installation' },
];

export const SOLUTION_FOOTER_LINKS: NavTarget[] = SOLUTION_TARGETS;

export const LEGAL_LINKS: NavTarget[] = [
  { label: 'Privacy Policy', to: '/privacy' },
  { label: 'Terms of Service', to: '/terms' },
  { label: 'Warranty', to: '/warranty' },
  { label: 'Returns', to: '/returns' },
];

/** '© 2026 GarageGuard…': the year comes from the clock, never a constant. */
export function copyrightLine(now: Date = new Date()): string {
  return `© ${now.getFullYear()} GarageGuard. All rights reserved.`;
}
