/** The [auth] settings of supabase/config.toml that /auth/v1 uses, with the Supabase CLI's defaults. */
export interface AuthConfig {
  siteUrl: string;
  additionalRedirectUrls: string[];
  jwtExpiry: number;
  enableSignup: boolean;
  /** `POST /signup` with neither e-mail nor phone makes an anonymous user. */
  enableAnonymousSignIns: boolean;
  minPasswordLength: number;
  refreshTokenRotation: boolean;
  refreshTokenReuseInterval: number;
  emailEnableSignup: boolean;
  enableConfirmations: boolean;
  /** A password change on a session older than 24 hours needs a reauthentication nonce. */
  securePasswordChange: boolean;
  otpExpiry: number;
  maxFrequencySeconds: number;
  mfaMaxEnrolledFactors: number;
  totpEnroll: boolean;
  totpVerify: boolean;
  /** [auth.mfa.web_authn] enroll_enabled / verify_enabled (off unless set, as the CLI's default). */
  webauthnEnroll: boolean;
  webauthnVerify: boolean;
  /** [auth.passkey] (experimental): passkey sign-in and management under /passkeys. */
  passkey: { enabled: boolean; maxPerUser: number };
  /**
   * [auth.webauthn]: the relying party passkeys and WebAuthn factors are bound to. Without it the
   * site URL's host and origin stand in (GoTrue refuses to start WebAuthn without them).
   */
  webauthn: { rpId: string; rpDisplayName: string; rpOrigins: string[]; challengeExpiry: number };
  /** [auth.oauth_server] enabled: the admin OAuth client routes under /admin/oauth (off, as the CLI's default). */
  oauthServerEnabled: boolean;
  /** Requests per window; sign-in/up, refresh, verifications per 5 minutes, e-mails per hour. */
  rateLimit: {
    signInSignUps: number; tokenRefresh: number; tokenVerifications: number; emailSent: number; mfaVerify: number;
    /** Anonymous sign-ins per hour per IP (they do not count against signInSignUps). */
    anonymousUsers: number;
    passkey: number;
    emailSentPerIp: number; emailSentPerAddress: number;
  };
}

type Table = Record<string, unknown>;
const table = (v: unknown): Table => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Table) : {});
const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
const bool = (v: unknown, d: boolean) => (typeof v === 'boolean' ? v : d);
const str = (v: unknown, d: string) => (typeof v === 'string' && v ? v : d);

/** "1s", "2m", "1h" as in the CLI's duration strings; numbers are seconds. */
function seconds(v: unknown, d: number): number {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string') return d;
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(v.trim());
  if (!m) return d;
  const n = Number(m[1]);
  return m[2] === 'ms' ? n / 1000 : m[2] === 'm' ? n * 60 : m[2] === 'h' ? n * 3600 : n;
}

export function readAuthConfig(config: Record<string, unknown>): AuthConfig {
  const auth = table(config.auth);
  const email = table(auth.email);
  const rl = table(auth.rate_limit);
  const mfa = table(auth.mfa);
  const totp = table(mfa.totp);
  const urls = Array.isArray(auth.additional_redirect_urls) ? auth.additional_redirect_urls.filter((u): u is string => typeof u === 'string') : [];
  return {
    siteUrl: str(auth.site_url, 'http://127.0.0.1:3000'),
    additionalRedirectUrls: urls,
    jwtExpiry: num(auth.jwt_expiry, 3600),
    enableSignup: bool(auth.enable_signup, true),
    enableAnonymousSignIns: bool(auth.enable_anonymous_sign_ins, false),
    minPasswordLength: num(auth.minimum_password_length, 6),
    refreshTokenRotation: bool(auth.enable_refresh_token_rotation, true),
    refreshTokenReuseInterval: num(auth.refresh_token_reuse_interval, 10),
    emailEnableSignup: bool(email.enable_signup, true),
    enableConfirmations: bool(email.enable_confirmations, false),
    securePasswordChange: bool(email.secure_password_change, false),
    otpExpiry: num(email.otp_expiry, 3600),
    maxFrequencySeconds: seconds(email.max_frequency, 1),
    mfaMaxEnrolledFactors: num(mfa.max_enrolled_factors, 10),
    totpEnroll: bool(totp.enroll_enabled, true),
    totpVerify: bool(totp.verify_enabled, true),
    webauthnEnroll: bool(table(mfa.web_authn).enroll_enabled, false),
    webauthnVerify: bool(table(mfa.web_authn).verify_enabled, false),
    passkey: { enabled: bool(table(auth.passkey).enabled, false), maxPerUser: num(table(auth.passkey).max_passkeys_per_user, 10) },
    webauthn: webauthnConfig(table(auth.webauthn), str(auth.site_url, 'http://127.0.0.1:3000')),
    oauthServerEnabled: bool(table(auth.oauth_server).enabled, false),
    rateLimit: {
      signInSignUps: num(rl.sign_in_sign_ups, 30),
      tokenRefresh: num(rl.token_refresh, 150),
      tokenVerifications: num(rl.token_verifications, 30),
      emailSent: num(rl.email_sent, 2),
      anonymousUsers: num(rl.anonymous_users, 30),
      // Not a CLI key: passkey sign-in ceremonies started per IP per 5 minutes (GoTrue's RATE_LIMIT_PASSKEY).
      passkey: num(rl.passkey, 30),
      // Not a CLI key: MFA verify attempts per factor per 5 minutes (GoTrue limits it too).
      mfaVerify: num(rl.mfa_verify, num(rl.token_verifications, 30)),
      // Not CLI keys: one caller may use at most half the hourly e-mail budget, and one address
      // gets at most a few e-mails an hour, so nobody can spend the budget for everyone else.
      emailSentPerIp: num(rl.email_sent_per_ip, Math.max(1, Math.floor(num(rl.email_sent, 2) / 2))),
      emailSentPerAddress: num(rl.email_sent_per_address, 5),
    },
  };
}

function webauthnConfig(w: Table, siteUrl: string): AuthConfig['webauthn'] {
  let site: URL | null = null;
  try {
    site = new URL(siteUrl);
  } catch {
    /* a site_url that is no URL: rp_id and rp_origins must then be set */
  }
  const origins = Array.isArray(w.rp_origins) ? w.rp_origins.filter((o): o is string => typeof o === 'string' && !!o) : [];
  return {
    rpId: str(w.rp_id, site?.hostname ?? ''),
    rpDisplayName: str(w.rp_display_name, 'Supabase'),
    rpOrigins: origins.length ? origins : site ? [site.origin] : [],
    challengeExpiry: seconds(w.challenge_expiry_duration, 300),
  };
}
