import type { AuthConfig } from '../config.ts';

const PROVIDERS = [
  'anonymous_users', 'apple', 'azure', 'bitbucket', 'discord', 'facebook', 'figma', 'fly', 'github', 'gitlab', 'google',
  'keycloak', 'kakao', 'linkedin', 'linkedin_oidc', 'notion', 'spotify', 'slack', 'slack_oidc', 'workos', 'twitch',
  'twitter', 'zoom', 'phone',
];

/** GET /settings, in GoTrue's shape: the email provider, and anonymous sign-ins when enabled. */
export function settingsJson(cfg: AuthConfig): Record<string, unknown> {
  const external: Record<string, boolean> = Object.fromEntries(PROVIDERS.map((p) => [p, false]));
  external.email = cfg.emailEnableSignup;
  external.anonymous_users = cfg.enableAnonymousSignIns;
  return {
    external,
    disable_signup: !cfg.enableSignup,
    mailer_autoconfirm: !cfg.enableConfirmations,
    phone_autoconfirm: false,
    sms_provider: 'twilio',
    saml_enabled: false,
    passkeys_enabled: cfg.passkey.enabled,
  };
}
