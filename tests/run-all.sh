#!/usr/bin/env bash
# `npm test`: the integration project beside the others, as two vitest runs.
#
# The integration files share one twin, so they run one at a time, and vitest runs them after every other
# project's files: on CI's 2 cores one core sat idle for their whole run (about 4 of 11 minutes). Most of an
# integration test is waiting on the twin, so it runs beside the CPU-bound projects instead. Its output is kept
# in a file and printed after the other run's, so the two never interleave. Either failing fails `npm test`.
set -uo pipefail

log=$(mktemp)
trap 'rm -f "$log"' EXIT

npx vitest run --project integration >"$log" 2>&1 &
integration=$!

npx vitest run --project unit --project web --project mmm --project infra
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
