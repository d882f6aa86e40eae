// Public API of the access-codes feature. The route's search schema is light and loads with the
// route tree; the page itself is in screens.ts, which only the route's lazily loaded part imports.
export { AccessSearchSchema, type AccessSearch } from './schemas.ts';
