#!/usr/bin/env bash
# `npm test`: every suite. Unit + integration on PostgreSQL (on Node 26, scripts/node-lts.sh;
# TEST_DATABASE_URL, else 127.0.0.1:5432), the engine-sensitive files again on PGlite (Node 24), the
# production build, a check that no client chunk carries database or server code (tests/build),
# and E2E in Chromium against that build. Ends with one line "N passed, M failed" and exits non-zero on any failure.
set -u
cd "$(dirname "$0")/.."
mkdir -p reports
rm -f reports/*.json
status=0

echo "== Unit + integration, every file, on PostgreSQL (Node 26)"
# Every Vitest file runs once, on PostgreSQL (the production engine) under the newest LTS line
# (scripts/test-pg.sh); then, on PGlite under Node 24, only the files whose behaviour depends on
# the engine, listed with their reasons in tests/engines.ts; the E2E server runs on the current
# Node (20) with PGlite. So each supported line runs a suite, the drivers are shown to give the
# same values (tests/integration/driver-parity.test.ts) and the embedded default stays covered end
# to end (docs/testing.md). CI_NODE_LINES=skip runs everything on the current Node.
t0=$(date +%s)
if bash scripts/test-pg.sh; then :; else status=1; fi
echo "PostgreSQL suite: $(( $(date +%s) - t0 )) s"

echo "== Engine-sensitive files on PGlite (Node 24)"
t0=$(date +%s)
if [ "${CI_NODE_LINES:-run}" = skip ]; then
  vitest=(npx vitest)
elif node24="$(bash scripts/node-lts.sh 24)"; then
  vitest=("$node24" node_modules/vitest/vitest.mjs)
else
  echo "Node 24 indisponível"; vitest=(false)
fi
TEST_ENGINE=pglite "${vitest[@]}" run --reporter=default --reporter=json \
  --outputFile.json=reports/vitest-pglite.json || status=1
echo "PGlite files: $(( $(date +%s) - t0 )) s"

echo "== Build + client bundle check + E2E (Chromium, production build)"
# .ci/run has just built (and failed on a broken build), so it sets REUSE_BUILD=1 and the same
# build is tested; `npm test` on its own always rebuilds, so it never tests a stale build.
if { [ "${REUSE_BUILD:-0}" = 1 ] && [ -f build/server/index.js ]; } || npm run -s build >/tmp/build-e2e.log 2>&1; then
  npx vitest run --config vitest.build.config.ts --reporter=default --reporter=json \
    --outputFile.json=reports/vitest-build.json || status=1
  E2E_REPORT=reports/e2e.json node scripts/e2e.mjs || status=1
else
  cat /tmp/build-e2e.log; status=1
fi

node scripts/test-durations.mjs reports 10 || true
node scripts/test-summary.mjs reports || status=1
exit $status
