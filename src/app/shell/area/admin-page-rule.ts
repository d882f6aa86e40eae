// Its own module, apart from areas.ts: the route guards import it, and they run on every page, so
// the areas' sidebar icons would otherwise be start-up JavaScript of the shop's public pages.

/**
 * Who may open each page of the admin area. Mission Control, Inventory, Financial and Settings are
 * for admins; Access Logs and Content Management for staff (support too). A support user who opens
 * an admin-only page with its own message (Inventory, Financial) is told so; one who opens Mission
 * Control or Settings goes to their own home, as for any area their role lacks.
 */
export type AdminPageRule =
  | { requires: 'staff'; denied: 'Access denied. Admin or support privileges required.' }
  | { requires: 'admin'; denied: 'Access denied. Admin privileges required.' | null };

const STAFF_PAGES = ['/admin/logs', '/admin/cms'];
const ADMIN_PAGES_WITH_MESSAGE = ['/admin/inventory', '/admin/financial'];

const underAny = (pathname: string, roots: string[]) => roots.some((root) => pathname === root || pathname.startsWith(`${root}/`));

export function adminPageRule(pathname: string): AdminPageRule {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (underAny(path, STAFF_PAGES)) return { requires: 'staff', denied: 'Access denied. Admin or support privileges required.' };
  if (underAny(path, ADMIN_PAGES_WITH_MESSAGE)) return { requires: 'admin', denied: 'Access denied. Admin privileges required.' };
  return { requires: 'admin', denied: null };
}
