// Public API of the auth feature: the session store and guards. Screens are exported from
// './screens.ts': the boot path (src/app/session.ts, route guards) imports this file, and
// re-exporting screens here would pull them into first-paint JS.
export {
  authStore,
  beginSignOut,
  isSettled,
  onSessionEnded,
  onSignOut,
  refreshSession,
  replaceProfile,
  retryProfile,
  signOut,
  startAuth,
  useAuth,
  whenSettled,
  type AuthState,
  type AuthStatus,
  type AuthUser,
  type ProfileStatus,
} from './store.ts';
export { mayHaveSession, type EndedSession } from './device-session.ts';
export { EMAIL_CONFIRMED, isSignupConfirmation } from './email-confirmation.ts';
export { decideAccess, homeFor, roleMeets, type AccessDecision, type AccessRequirement, type RoleHome } from './guard.ts';
export { ProfileUnavailableError, requireAccess } from './route-guard.ts';
export { ROLES, type Role } from './roles.ts';
export type { Profile } from './schemas.ts';
export { displayName } from './display-name.ts';
export { AuthSearchSchema, safeRedirectTarget, type AuthSearch } from './search.ts';
