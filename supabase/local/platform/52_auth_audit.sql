-- GoTrue's audit log. payload is json like GoTrue's ({action, actor_id, actor_username,
-- actor_via_sso, log_type, traits}); the local stack also records failed sign-ins
-- (action 'login_failed'), and puts the user agent in traits, for the access-log feature.
create table if not exists auth.audit_log_entries (
  instance_id uuid null,
  id uuid not null primary key,
  payload json null,
  created_at timestamptz null,
  ip_address varchar(64) not null default ''
);
create index if not exists audit_logs_instance_id_idx on auth.audit_log_entries (instance_id);
create index if not exists audit_log_entries_created_at_idx on auth.audit_log_entries (created_at desc);
