#!/usr/bin/env bash
# Every test of the project, in order: types, lint (import boundaries, hooks rules), unit,
# integration (PGlite and PostgreSQL 15), e2e.
set -euo pipefail
cd "$(dirname "$0")/.."
npm run typecheck
npm run lint
npx vitest run --project unit
npx vitest run --project integration --passWithNoTests
npm run test:e2e
