// The roles of profiles.role (spec §6), apart from the row schemas so the boot path stays small.
export const ROLES = ['customer', 'support', 'admin'] as const;
export type Role = (typeof ROLES)[number];
