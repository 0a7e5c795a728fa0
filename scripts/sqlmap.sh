#!/usr/bin/env bash
# npm run security:sqlmap — SQL injection scan of the running production server with Debian's
# sqlmap (installed with apt-get when missing and running as root).
#  - builds (when needed) and starts `node server.mjs` on a scratch PostgreSQL database
#    (SQLMAP_DATABASE_URL / TEST_DATABASE_URL / postgres://postgres@127.0.0.1:5432/postgres),
#  - signs in as admin and as a representative through the real forms (cookies via curl),
#  - runs sqlmap --batch --level 2 --risk 1 on every public/admin/portal input that reaches SQL,
#  - prints one verdict line per target and exits non-zero when anything is injectable.
# Bounded: per-target timeout (SQLMAP_TARGET_TIMEOUT, default 240 s), --timeout/--retries, no
# time-based technique beyond --time-sec 2.
set -u
cd "$(dirname "$0")/.."
PORT="${SQLMAP_PORT:-3318}"
BASE="http://localhost:$PORT"
ADMIN_URL="${SQLMAP_DATABASE_URL:-${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}}"
PER_TARGET="${SQLMAP_TARGET_TIMEOUT:-240}"
OUT="$(mktemp -d /tmp/sqlmap-XXXXXX)"
ADMIN_EMAIL="admin@sqlmap.dev"
ADMIN_PASSWORD="senha-sqlmap-admin"
REP_EMAIL="rep@sqlmap.dev"
REP_PASSWORD="senha-sqlmap-rep"

if ! command -v sqlmap >/dev/null; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "sqlmap ausente: instalando o pacote Debian (apt-get install sqlmap)…"
    (apt-get install -y -q sqlmap >/dev/null 2>&1 || { apt-get update -q >/dev/null && apt-get install -y -q sqlmap >/dev/null; }) ||
      { echo "ERRO: não foi possível instalar o sqlmap."; exit 2; }
  else
    echo "ERRO: sqlmap não está instalado (apt-get install sqlmap, como root)."; exit 2
  fi
fi
echo "sqlmap $(sqlmap --version 2>/dev/null | grep -E '^[0-9]' | tail -1)"

[ -f build/server/index.js ] || npm run -s build >/dev/null || { echo "ERRO: build falhou"; exit 2; }

DB="sqlmap_$$"
psql -q "$ADMIN_URL" -c "create database $DB" || { echo "ERRO: PostgreSQL indisponível em $ADMIN_URL"; exit 2; }
DB_URL="$(node -e 'const u=new URL(process.argv[1]); u.pathname="/"+process.argv[2]; console.log(u.toString())' "$ADMIN_URL" "$DB")"

PORT=$PORT BASE_URL=$BASE DATABASE_URL="$DB_URL" ADMIN_EMAIL=$ADMIN_EMAIL ADMIN_PASSWORD=$ADMIN_PASSWORD \
  RATE_LIMIT_LOGIN=1000000 RATE_LIMIT_REGISTER=1000000 RATE_LIMIT_CONTACT=1000000 LOG_LEVEL=warn \
  node server.mjs >"$OUT/server.log" 2>&1 &
SERVER=$!
cleanup() {
  kill "$SERVER" 2>/dev/null
  wait "$SERVER" 2>/dev/null
  psql -q "$ADMIN_URL" -c "drop database if exists $DB with (force)" >/dev/null 2>&1
}
trap cleanup EXIT
for _ in $(seq 1 120); do curl -sf "$BASE/healthz" >/dev/null && break; sleep 0.5; done
curl -sf "$BASE/healthz" >/dev/null || { echo "ERRO: servidor não subiu"; tail -20 "$OUT/server.log"; exit 2; }

login() { # $1 path, $2 email, $3 password → Cookie header value
  curl -s -o /dev/null -D - -X POST -H "Origin: $BASE" --data-urlencode "email=$2" --data-urlencode "password=$3" "$BASE$1" |
    tr -d '\r' | awk -F': ' 'tolower($1)=="set-cookie" && $2 ~ /session_token=/ {split($2,a,";"); print a[1]}'
}
curl -s -o /dev/null -X POST -H "Origin: $BASE" --data-urlencode "name=Representante Sqlmap" \
  --data-urlencode "email=$REP_EMAIL" --data-urlencode "password=$REP_PASSWORD" \
  --data-urlencode "confirmPassword=$REP_PASSWORD" "$BASE/representante/register"
ADMIN_COOKIE="$(login /admin/login $ADMIN_EMAIL $ADMIN_PASSWORD)"
REP_COOKIE="$(login /representante/login $REP_EMAIL $REP_PASSWORD)"
[ -n "$ADMIN_COOKIE" ] && [ -n "$REP_COOKIE" ] || { echo "ERRO: login para o scan falhou"; exit 2; }

# name|method|url|data|cookie ("-" = none). One line per input that reaches SQL; add new ones here.
TARGETS=(
  "contato (POST /)|POST|$BASE/|name=Ana&business=Bar&phone=11999999999&email=ana@x.dev&plan=unsure&message=oi|-"
  "blog busca|GET|$BASE/blog?q=cardapio|-|-"
  "blog post slug|GET|$BASE/blog/cardapio*|-|-"
  "login admin|POST|$BASE/admin/login|email=a@b.dev&password=x|-"
  "login representante|POST|$BASE/representante/login|email=a@b.dev&password=x|-"
  "admin clientes|GET|$BASE/admin/clients?q=ana&status=ativo&sort=name&dir=asc&page=1|-|$ADMIN_COOKIE"
  "admin indicações|GET|$BASE/admin/referrals?q=ana&status=analise&sort=created_at&dir=desc&page=1|-|$ADMIN_COOKIE"
  "admin leads|GET|$BASE/admin/leads?q=ana|-|$ADMIN_COOKIE"
  "admin blog|GET|$BASE/admin/blog?q=post&page=1|-|$ADMIN_COOKIE"
  "admin representantes|GET|$BASE/admin/representatives?q=ana&page=1|-|$ADMIN_COOKIE"
  "admin cliente (id)|GET|$BASE/admin/clients/edit/00000000-0000-4000-8000-000000000000*|-|$ADMIN_COOKIE"
  "portal indicações|GET|$BASE/representante/indicacoes?q=ana&status=analise|-|$REP_COOKIE"
)

injectable=0
errors=0
echo
printf '%-26s %s\n' "alvo" "resultado"
for t in "${TARGETS[@]}"; do
  IFS='|' read -r name method url data cookie <<<"$t"
  log="$OUT/$(echo "$name" | tr -c 'a-zA-Z0-9' '_').log"
  args=(-u "$url" --batch --level 2 --risk 1 --dbms PostgreSQL --timeout 10 --retries 1 --time-sec 2
        --threads 2 --ignore-code 401 --flush-session --output-dir "$OUT/sqlmap" --disable-coloring
        -H "Origin: $BASE")
  [ "$method" = "POST" ] && args+=(--method POST --data "$data")
  [ "$cookie" != "-" ] && args+=(--cookie "$cookie" --skip "better-auth.session_token")
  timeout "$PER_TARGET" sqlmap "${args[@]}" >"$log" 2>&1
  code=$?
  if grep -qiE "is vulnerable|sqlmap identified the following injection point" "$log"; then
    verdict="INJETÁVEL — veja $log"; injectable=$((injectable + 1))
  elif grep -qiE "all tested parameters do not appear to be injectable|does not seem to be injectable" "$log"; then
    verdict="nada injetável"
  elif [ $code -eq 124 ]; then
    verdict="tempo esgotado (${PER_TARGET}s) sem achar injeção"; errors=$((errors + 1))
  else
    verdict="inconclusivo (código $code): $(grep -E '\[CRITICAL\]' "$log" | tail -1 | cut -c1-100)"; errors=$((errors + 1))
  fi
  printf '%-26s %s\n' "$name" "$verdict"
done
echo
grep -qE '"status": ?5[0-9][0-9]|"status":5' "$OUT/server.log" && echo "Atenção: o servidor respondeu 5xx durante o scan (veja $OUT/server.log)."
if [ $injectable -gt 0 ]; then
  echo "VEREDITO: $injectable alvo(s) INJETÁVEL(EIS). Logs em $OUT"; exit 1
elif [ $errors -gt 0 ]; then
  echo "VEREDITO: nada injetável encontrado, mas $errors alvo(s) inconclusivo(s). Logs em $OUT"; exit 3
fi
echo "VEREDITO: nenhum dos ${#TARGETS[@]} alvos é injetável (sqlmap --level 2 --risk 1). Logs em $OUT"
