/**
 * Who may make the stack send an e-mail. Three hourly limits apply together: the project's total
 * (`[auth.rate_limit] email_sent`), a share of it per caller IP, and a few per address. Without
 * the last two, one client calling /recover over known addresses spent the whole hour's budget in
 * seconds, after which nobody could sign up or reset a password.
 *
 * Routes that must not reveal whether an address exists (/recover, a repeated sign-up) use `take`
 * and answer the same either way; only a fresh sign-up, which cannot complete without its e-mail,
 * reports the limit (checked with `open` before the address is looked up, so equally for all).
 */
import type { AuthConfig } from './config.ts';
import { ONE_HOUR, type RateLimiter } from './ratelimit.ts';

export interface EmailBudget {
  /** Whether the caller's share and the total still allow an e-mail (counts nothing). */
  open(ip: string): boolean;
  /** Counts one e-mail to `address` for `ip` if all three limits allow it; false (nothing counted) otherwise. */
  take(ip: string, address: string): boolean;
}

export function createEmailBudget(cfg: AuthConfig, limiter: RateLimiter): EmailBudget {
  const { emailSent, emailSentPerIp, emailSentPerAddress } = cfg.rateLimit;
  return {
    open: (ip) => limiter.hasRoom('email', emailSent, ONE_HOUR) && limiter.hasRoom(`email-ip:${ip}`, emailSentPerIp, ONE_HOUR),
    take: (ip, address) =>
      limiter.takeAll([
        ['email', emailSent, ONE_HOUR],
        [`email-ip:${ip}`, emailSentPerIp, ONE_HOUR],
        [`email-to:${address.toLowerCase()}`, emailSentPerAddress, ONE_HOUR],
      ]),
  };
}
