#!/usr/bin/env bash
# Every test of the project, in order: types, lint (import boundaries, hooks rules), unit,
# integration (PGlite and PostgreSQL 15, side by side), e2e.
set -euo pipefail
cd "$(dirname "$0")/.."
stage() { printf '\n=== %s (%s)\n' "$1" "$(date +%T)"; }

stage typecheck
npm run typecheck
stage lint
npm run lint
stage unit
npx vitest run --project unit

# The integration suites run once per engine: two vitest processes at the same time, one per engine,
# so both cores work (PGlite runs inside the test process, PostgreSQL beside it). Files that do not
# run per engine (no describeEngines) run once, in the PGlite process. Output lines carry the engine.
stage integration
mapfile -t engine_free < <(grep -L -e describeEngines -e enginesUnderTest $(find tests/integration supabase/tests -name '*.test.ts' | sort))
exclude=()
for file in "${engine_free[@]}"; do exclude+=(--exclude "$file"); done
# Files marked `@postgres-only` test what PGlite cannot do (a statement timeout on one thread):
# they have no test in the PGlite process, which vitest counts as a failure.
mapfile -t postgres_only < <(grep -l '@postgres-only' $(find tests/integration supabase/tests -name '*.test.ts' | sort))
pglite_exclude=()
for file in "${postgres_only[@]}"; do pglite_exclude+=(--exclude "$file"); done
(TEST_ENGINES=pglite npx vitest run --project integration "${pglite_exclude[@]}" 2>&1 | sed -u 's/^/[pglite] /') &
pglite=$!
(TEST_ENGINES=postgres npx vitest run --project integration "${exclude[@]}" 2>&1 | sed -u 's/^/[postgres] /') &
postgres=$!
status=0
wait "$pglite" || status=1
wait "$postgres" || status=1
[ "$status" -eq 0 ] || { echo 'integration: failed (see the [pglite] and [postgres] lines above)'; exit 1; }

stage e2e
npm run test:e2e
stage done
