#!/usr/bin/env bash
# `npm test`: the integration project beside the others, as two vitest runs.
#
# Run with the others, vitest would run the integration files after every other project's files (their own
# group): on CI's 2 cores one core sat idle for their whole run. Most of an integration test is waiting on the
# twin, so the project runs beside the CPU-bound ones instead, two files at a time on a twin each
# (tests/integration/global-setup.ts). Its output is kept in a file and printed after the other run's, so the two
# never interleave. Either failing fails `npm test`.
set -uo pipefail

log=$(mktemp)
trap 'rm -f "$log"' EXIT

npx vitest run --project integration >"$log" 2>&1 &
integration=$!

npx vitest run --project unit --project unit-isolated --project web --project mmm --project infra
others=$?

wait "$integration"
integration_status=$?
echo
echo "=== integration project ==="
cat "$log"

if [ "$others" -ne 0 ] || [ "$integration_status" -ne 0 ]; then
  echo "npm test: unit/web/mmm/infra exited $others, integration exited $integration_status" >&2
  exit 1
fi
