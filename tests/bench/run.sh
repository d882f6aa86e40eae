#!/usr/bin/env bash
# Every benchmark, one after another (each is bounded in time and talks only to loopback). A missed
# budget does not stop the others; the exit status says whether any bench missed one.
# Run one alone with: npx tsx tests/bench/<name>.ts
# Lighthouse runs with the page's main thread on a CPU of its own (see the README's Benchmarks:
# on a 2-core machine shared with Chrome's other threads, the server and Lighthouse, TBT measures
# the machine more than the page); `npx tsx tests/bench/lighthouse.ts` runs it with shared cores.
set -uo pipefail
cd "$(dirname "$0")/../.."
failed=()
for bench in lighthouse rest-bench auth-bench db-scale-bench admin-bench realtime-bench sync-bench staff-window-bench offline-reopen-bench door-bench; do
  [ -f "tests/bench/$bench.ts" ] || continue
  echo "== $bench"
  args=()
  if [ "$bench" = lighthouse ] && [ "$(uname)" = Linux ] && [ "$(nproc)" -ge 2 ]; then args=(--dedicated-core); fi
  npx tsx "tests/bench/$bench.ts" "${args[@]}" || failed+=("$bench")
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "Budgets missed in: ${failed[*]}"
  exit 1
fi
