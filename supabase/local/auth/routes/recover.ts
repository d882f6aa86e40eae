import type { IncomingMessage, ServerResponse } from 'node:http';
import { audit } from '../audit.ts';
import { redirectTarget, requestMeta, type AuthCtx } from '../context.ts';
import { readJson, sendJson } from '../http.ts';
import { mailCode } from '../mail.ts';
import { findUserByEmail } from '../users.ts';
import { validEmail } from '../validate.ts';

/**
 * POST /recover {email}: always 200 {} once the address is valid, as GoTrue answers unknown
 * addresses. A recovery e-mail goes out only to a known address, at most once per max_frequency,
 * and within the e-mail budget (email-budget.ts); the answer is the same whether or not one did,
 * so it tells nothing about the address and nobody can spend the budget for everyone.
 */
export async function recover(ctx: AuthCtx, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readJson(req);
  const email = validEmail(body.email);
  const redirect = redirectTarget(ctx, req);
  const meta = requestMeta(ctx, req);
  const user = await findUserByEmail(ctx.db, email);
  const tooSoon = !!user?.recovery_sent_at && Date.now() - user.recovery_sent_at.getTime() < ctx.cfg.maxFrequencySeconds * 1000;
  if (user && !tooSoon && ctx.emails.take(meta.ip, email)) {
    await ctx.db.transaction(async (tx) => {
      await mailCode(tx, ctx.publicUrl(), user.id, email, 'recovery', redirect);
      await audit(tx, user, 'user_recovery_requested', meta);
    });
  }
  sendJson(res, 200, {});
}
