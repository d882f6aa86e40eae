#!/usr/bin/env bash
# Every benchmark, one after another (each is bounded in time and talks only to loopback).
# Run one alone with: npx tsx tests/bench/<name>.ts
set -euo pipefail
cd "$(dirname "$0")/../.."
for bench in lighthouse rest-bench auth-bench db-scale-bench; do
  if [ -f "tests/bench/$bench.ts" ]; then
    echo "== $bench"
    npx tsx "tests/bench/$bench.ts"
  fi
done
