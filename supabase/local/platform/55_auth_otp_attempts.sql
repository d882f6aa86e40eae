-- Local-only: the six-digit codes of pending e-mail confirmations and recoveries, with a count of
-- wrong tries. A code typed by hand (POST /verify with email + token) is one in a million; the
-- per-IP limit alone does not stop guesses spread over many addresses, so a code dies after five
-- wrong tries whatever the IP (the auth server then clears the user's pending link token too).
-- Reauthentication nonces (GET /auth/v1/reauthenticate) and the code sent to an address being
-- added to an anonymous user (`email_change`) follow the same rule.
-- The e-mailed link carries a separate random token (auth.users.confirmation_token /
-- recovery_token), which cannot be derived from the address and the code.
create table if not exists _local.otp_attempts (
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null constraint otp_attempts_token_type_check check (token_type in ('confirmation', 'recovery', 'reauthentication', 'email_change')),
  otp_hash text not null,
  failures integer not null default 0,
  primary key (user_id, token_type)
);
revoke all on _local.otp_attempts from public;
-- A database made before reauthentication nonces or e-mail changes existed gets the wider check
-- (applied every start).
alter table _local.otp_attempts drop constraint if exists otp_attempts_token_type_check;
alter table _local.otp_attempts add constraint otp_attempts_token_type_check
  check (token_type in ('confirmation', 'recovery', 'reauthentication', 'email_change'));
