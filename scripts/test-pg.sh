#!/usr/bin/env bash
# The vitest suite against a real PostgreSQL server, on Node 26 (the newest LTS line, fetched by
# scripts/node-lts.sh; CI_NODE_LINES=skip runs it on the current Node). Uses TEST_DATABASE_URL, or the local server at
# 127.0.0.1:5432 (started when it is down and we may start it).
set -u
cd "$(dirname "$0")/.."
url="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
if ! pg_isready -q -d "$url" 2>/dev/null; then
  if command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ]; then
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
    for _ in $(seq 1 20); do pg_isready -q -d "$url" && break; sleep 1; done
  fi
fi
if ! pg_isready -q -d "$url" 2>/dev/null; then
  echo "PostgreSQL indisponível em $url: defina TEST_DATABASE_URL para rodar a suíte no PostgreSQL." >&2
  exit 1
fi
mkdir -p reports
if [ "${CI_NODE_LINES:-run}" = skip ]; then
  vitest=(npx vitest)
elif node26="$(bash scripts/node-lts.sh 26)"; then
  vitest=("$node26" node_modules/vitest/vitest.mjs)
else
  echo "Node 26 indisponível" >&2
  exit 1
fi
# Three workers here (two elsewhere): on PostgreSQL a worker spends part of each test waiting for
# the server's own processes, and a third keeps both cores busy (142 s → 122 s quiet, issue 42).
TEST_DATABASE_URL="$url" "${vitest[@]}" run --maxWorkers="${PG_WORKERS:-3}" --reporter=default --reporter=json --outputFile.json=reports/vitest-pg.json "$@"
