import { describe, expect, it } from 'vitest';
import { isSignupConfirmation } from '@/features/auth';

describe('isSignupConfirmation', () => {
  it('recognises the fragment of a sign-up confirmation link that carries a session', () => {
    expect(isSignupConfirmation('#access_token=abc&expires_in=3600&refresh_token=r&token_type=bearer&type=signup')).toBe(true);
  });

  it('ignores recovery links, failed links and ordinary pages', () => {
    expect(isSignupConfirmation('#access_token=abc&type=recovery')).toBe(false);
    expect(isSignupConfirmation('#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid')).toBe(false);
    expect(isSignupConfirmation('#type=signup')).toBe(false);
    expect(isSignupConfirmation('#features')).toBe(false);
    expect(isSignupConfirmation('')).toBe(false);
  });
});
