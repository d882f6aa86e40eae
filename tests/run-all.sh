#!/usr/bin/env bash
# Every test of the project, in order: types, lint (import boundaries, hooks rules), unit,
# integration (PGlite and PostgreSQL 15, side by side), e2e.
set -euo pipefail
cd "$(dirname "$0")/.."
stage() { printf '\n=== %s (%s)\n' "$1" "$(date +%T)"; }

# Type checks and lint side by side: each is mostly one thread.
stage 'typecheck and lint'
typecheck_log=$(mktemp)
npm run typecheck > "$typecheck_log" 2>&1 & typecheck=$!
lint_status=0
npm run lint || lint_status=$?
typecheck_status=0
wait "$typecheck" || typecheck_status=$?
cat "$typecheck_log"; rm -f "$typecheck_log"
[ "$typecheck_status" -eq 0 ] && [ "$lint_status" -eq 0 ] || { echo 'typecheck or lint: failed (see above)'; exit 1; }
stage unit
# One worker per core (vitest's default leaves one core to its main process, which idles here).
npx vitest run --project unit --maxWorkers=100%

# The integration suites run once per engine: two vitest processes at the same time, one per engine,
# so both cores work (PGlite runs inside the test process, PostgreSQL beside it). Output lines carry
# the engine. The PGlite process has the longer work (its database shares the process's thread),
# so the files that do not run per engine (no describeEngines) run once, in the PostgreSQL process,
# and the PGlite run of the longest file (durability, about 70 s) follows the PostgreSQL process
# instead of running in its own: the two lanes then end at about the same time.
stage integration
# The e2e suite's production build is made meanwhile: the PostgreSQL process often waits on its
# server, and the build fills that time.
build_log=$(mktemp)
npx vite build > "$build_log" 2>&1 & build=$!
all_files=$(find tests/integration supabase/tests -name '*.test.ts' | sort)
mapfile -t engine_free < <(grep -L -e describeEngines -e enginesUnderTest $all_files)
last_on_pglite=tests/integration/db/durability.test.ts
# Files marked `@postgres-only` test what PGlite cannot do (a statement timeout on one thread):
# they have no test in the PGlite process, which vitest counts as a failure.
mapfile -t postgres_only < <(grep -l '@postgres-only' $all_files)
pglite_exclude=(--exclude "$last_on_pglite")
for file in "${engine_free[@]}" "${postgres_only[@]}"; do pglite_exclude+=(--exclude "$file"); done
(TEST_ENGINES=pglite npx vitest run --project integration "${pglite_exclude[@]}" 2>&1 | sed -u 's/^/[pglite] /') &
pglite=$!
(
  TEST_ENGINES=postgres npx vitest run --project integration 2>&1 | sed -u 's/^/[postgres] /'
  TEST_ENGINES=pglite npx vitest run --project integration "$last_on_pglite" 2>&1 | sed -u 's/^/[pglite after postgres] /'
) &
postgres=$!
status=0
wait "$pglite" || status=1
wait "$postgres" || status=1
[ "$status" -eq 0 ] || { echo 'integration: failed (see the [pglite] and [postgres] lines above)'; exit 1; }

stage e2e
build_status=0
wait "$build" || build_status=$?
tail -n 5 "$build_log"
[ "$build_status" -eq 0 ] || { cat "$build_log"; echo 'vite build: failed'; exit 1; }
rm -f "$build_log"
npx playwright test -c tests/e2e/playwright.config.ts
stage done
