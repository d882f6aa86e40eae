-- The planner's knowledge that an access log's action decides its result (login_failed is always
-- a failure; the other actions almost always succeed). Without it PostgreSQL multiplies the two
-- filters' shares as if independent, expects about 500 failed login_failed rows matching a search
-- where there are 10,000, and reads all 50,000 login_failed rows in a bitmap scan and sorts them
-- (650 ms at 1M rows) instead of walking the newest-first index and stopping at the page
-- (20 ms). Functional-dependency statistics are filled by ANALYZE (autovacuum) on every engine.

create statistics if not exists public.access_logs_action_success_stats (dependencies)
  on action, success from public.access_logs;
