#!/usr/bin/env bash
# npm run security:sqlmap — SQL injection scan of the running production server with Debian's
# sqlmap (installed with apt-get when missing and running as root).
#  - builds (when needed) and starts `node server.mjs` on a scratch PostgreSQL database
#    (SQLMAP_DATABASE_URL / TEST_DATABASE_URL / postgres://postgres@127.0.0.1:5432/postgres),
#    with the public page cache off (a cached reply would hide a time-based injection) and the
#    request log on (to report any 5xx the scan provoked),
#  - signs in as admin and as a representative through the real forms (cookies via curl) and
#    creates through the real forms the rows the searches should find (a lead, a client, a
#    referral named "Ana"), so a boolean-based payload has results to change,
#  - checks that every target answers its expected status with the cookies (a 404, 405 or a
#    redirect to somewhere else tests nothing) and that both sessions are still valid after it,
#  - runs sqlmap --batch --level 2 --risk 1 on every public/admin/portal input that reaches SQL,
#  - prints one verdict line per target and exits non-zero when anything is injectable.
# Bounded: per-target timeout (SQLMAP_TARGET_TIMEOUT, default 420 s), whole scan
# (SQLMAP_TOTAL_BUDGET, default 2100 s), --timeout/--retries, no time-based technique beyond
# --time-sec 2. A target cut by a timeout is reported as such, never as "nada injetável".
set -u
cd "$(dirname "$0")/.."
PORT="${SQLMAP_PORT:-3318}"
BASE="http://localhost:$PORT"
ADMIN_URL="${SQLMAP_DATABASE_URL:-${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}}"
PER_TARGET="${SQLMAP_TARGET_TIMEOUT:-420}"
BUDGET="${SQLMAP_TOTAL_BUDGET:-2100}"
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

# Another server on the port would answer the health check and be scanned instead of ours.
curl -sf -m 1 "$BASE/healthz" >/dev/null && { echo "ERRO: a porta $PORT já está em uso (SQLMAP_PORT muda)"; exit 2; }

DB="sqlmap_$$"
psql -q "$ADMIN_URL" -c "create database $DB" || { echo "ERRO: PostgreSQL indisponível em $ADMIN_URL"; exit 2; }
DB_URL="$(node -e 'const u=new URL(process.argv[1]); u.pathname="/"+process.argv[2]; console.log(u.toString())' "$ADMIN_URL" "$DB")"

PORT=$PORT BASE_URL=$BASE DATABASE_URL="$DB_URL" ADMIN_EMAIL=$ADMIN_EMAIL ADMIN_PASSWORD=$ADMIN_PASSWORD \
  RATE_LIMIT_LOGIN=1000000 RATE_LIMIT_REGISTER=1000000 RATE_LIMIT_CONTACT=1000000 LOG_LEVEL=info PAGE_CACHE=off \
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

# Rows for the searches to find, made through the real forms (a boolean-based payload needs a
# page whose results it can change). Ids come from the scratch database.
post() { # $1 path, $2 cookie ("-" = none), $3 urlencoded body → HTTP status
  local c=(); [ "$2" != "-" ] && c=(-H "Cookie: $2")
  curl -s -o /dev/null -w '%{http_code}' -X POST -H "Origin: $BASE" "${c[@]}" --data "$3" "$BASE$1"
}
sql1() { psql -Atq "$DB_URL" -c "$1"; }
PLAN_ID="$(sql1 "select id from plans order by price_cents limit 1")"
post "/?index" - "name=Ana+Pereira&business=Bar+da+Ana&phone=11999999999&email=ana@lead.dev&plan=unsure&message=oi" >/dev/null
post /admin/clients/new "$ADMIN_COOKIE" "name=Ana+Souza&email=ana@cliente.dev&phone=11988887777&businessName=Restaurante+da+Ana&planId=$PLAN_ID&status=ativo" >/dev/null
post /representante/nova-indicacao "$REP_COOKIE" "businessName=Lanchonete+da+Ana&contactName=Ana+Lima&contactPhone=11977776666&planId=$PLAN_ID" >/dev/null
CLIENT_ID="$(sql1 "select id from clients where email = 'ana@cliente.dev'")"
LEAD_ID="$(sql1 "select id from leads where email = 'ana@lead.dev'")"
REFERRAL_ID="$(sql1 "select id from referrals where contact_name = 'Ana Lima'")"
SLUG="$(sql1 "select slug from blog_posts where published and slug like 'delivery-%' order by created_at limit 1")"
[ -n "$PLAN_ID" ] && [ -n "$CLIENT_ID" ] && [ -n "$LEAD_ID" ] && [ -n "$REFERRAL_ID" ] && [ -n "$SLUG" ] ||
  { echo "ERRO: dados do scan não foram criados (plano '$PLAN_ID', cliente '$CLIENT_ID', lead '$LEAD_ID', indicação '$REFERRAL_ID', post '$SLUG')"; exit 2; }

# name|method|url|data|cookie ("-" = none)|expected status[|--eval code]. One line per input that
# reaches SQL; parameter names as the routes read them (app/routes/**). GETs first: the POSTs add
# rows and move the lead. "*" marks a path segment to inject. A form whose e-mail or slug must be
# new gets a random prefix on it per request (--eval), or every request after the first would
# stop at "already taken" before the other fields reach the insert. The note and material forms
# are fetchers: like the browser, they post to the route's .data URL and get the action's answer
# only (the HTML page would re-render every row sqlmap has inserted, slower at each request).
# Add new inputs here. SQLMAP_ONLY (a regex on the name) runs a subset.
UNIQUE_EMAIL="import random; email = str(random.randint(1, 10**12)) + email"
TARGETS=(
  "blog busca|GET|$BASE/blog?q=delivery&page=1|-|-|200"
  "blog post slug|GET|$BASE/blog/$SLUG*|-|-|200"
  "admin clientes|GET|$BASE/admin/clients?q=ana&sort=name&dir=asc&page=1|-|$ADMIN_COOKIE|200"
  "admin cliente (id)|GET|$BASE/admin/clients/edit/$CLIENT_ID*|-|$ADMIN_COOKIE|200"
  "admin indicações|GET|$BASE/admin/referrals?q=ana&status=analise&sort=created_at&dir=desc&page=1|-|$ADMIN_COOKIE|200"
  "admin leads|GET|$BASE/admin/leads?q=ana&etapa=novo&novo=1|-|$ADMIN_COOKIE|200"
  "admin blog|GET|$BASE/admin/blog?page=1|-|$ADMIN_COOKIE|200"
  "admin representantes|GET|$BASE/admin/representatives?q=sqlmap&page=1|-|$ADMIN_COOKIE|200"
  "portal indicações|GET|$BASE/representante/indicacoes?q=ana&status=analise|-|$REP_COOKIE|200"
  "contato (POST /?index)|POST|$BASE/?index|name=Ana+Pereira&business=Bar+da+Ana&phone=11999999999&email=ana@x.dev&plan=unsure&message=oi|-|200"
  "login admin|POST|$BASE/admin/login|email=a@b.dev&password=x|-|401"
  "login representante|POST|$BASE/representante/login|email=a@b.dev&password=x|-|401"
  "cadastro representante|POST|$BASE/representante/register|name=Bruno+Lima&email=bruno@rep.dev&password=senha-bruno-123&confirmPassword=senha-bruno-123|-|302|$UNIQUE_EMAIL"
  "portal nova indicação|POST|$BASE/representante/nova-indicacao|businessName=Pizzaria+Roma&contactName=Carla+Dias&contactPhone=11966665555&planId=$PLAN_ID|$REP_COOKIE|200"
  "admin novo cliente|POST|$BASE/admin/clients/new|name=Carla+Dias&email=carla@cliente.dev&phone=11955554444&businessName=Pizzaria+Roma&planId=$PLAN_ID&status=ativo|$ADMIN_COOKIE|302|$UNIQUE_EMAIL"
  "admin cliente anotação|POST|$BASE/admin/clients/edit/$CLIENT_ID.data|intent=add-note&note=Ligar+amanha|$ADMIN_COOKIE|200"
  "admin lead mover|POST|$BASE/admin/leads|intent=move&id=$LEAD_ID&from=novo&to=contatado|$ADMIN_COOKIE|200"
  "admin indicação status|POST|$BASE/admin/referrals|intent=status&id=$REFERRAL_ID&status=producao|$ADMIN_COOKIE|200"
  "admin novo post|POST|$BASE/admin/blog/new|title=Post+de+teste&slug=post-de-teste&excerpt=Resumo&content=Texto&imageUrl=&published=on|$ADMIN_COOKIE|302|import random; slug = str(random.randint(1, 10**12)) + slug"
  "admin novo plano|POST|$BASE/admin/plans/new|name=Plano+Teste&price=99,90&setupFee=0&description=Plano&features=Item|$ADMIN_COOKIE|302"
  "admin configurações|POST|$BASE/admin/settings|title=Cardapio&description=Site&keywords=cardapio&ogTitle=Cardapio&ogDescription=Site|$ADMIN_COOKIE|302"
  "admin material|POST|$BASE/admin/representatives.data|intent=addMaterial&title=Apresentacao&description=PDF&materialType=link&driveUrl=https://drive.google.com/x|$ADMIN_COOKIE|200"
)

status_of() { # method url data cookie → HTTP status (no redirect followed)
  local c=() d=()
  [ "$4" != "-" ] && c=(-H "Cookie: $4")
  [ "$1" = "POST" ] && d=(-X POST --data "$3")
  curl -s -o /dev/null -w '%{http_code}' -H "Origin: $BASE" "${c[@]}" "${d[@]}" "${2//\*/}"
}
row() { # name verdict, the name padded to 26 characters (not bytes)
  local LC_ALL=C.UTF-8
  printf '%s%*s %s\n' "$1" $((26 - ${#1})) "" "$2"
}
sessions_ok() {
  [ "$(status_of GET "$BASE/admin/dashboard" - "$ADMIN_COOKIE")" = 200 ] &&
    [ "$(status_of GET "$BASE/representante/dashboard" - "$REP_COOKIE")" = 200 ]
}

injectable=0
errors=0
tested=0
started=$SECONDS
echo
row "alvo" "resultado"
for t in "${TARGETS[@]}"; do
  IFS='|' read -r name method url data cookie expect evalcode <<<"$t"
  [ -n "${SQLMAP_ONLY:-}" ] && ! [[ "$name" =~ $SQLMAP_ONLY ]] && continue
  tested=$((tested + 1))
  log="$OUT/$(echo "$name" | tr -c 'a-zA-Z0-9' '_').log"
  left=$((BUDGET - (SECONDS - started)))
  if [ "$left" -lt 30 ]; then
    row "$name" "não testado: orçamento de ${BUDGET}s esgotado"; errors=$((errors + 1)); continue
  fi
  got="$(status_of "$method" "$url" "$data" "$cookie")"
  if [ "$got" != "$expect" ]; then
    row "$name" "alvo inválido: HTTP $got (esperado $expect), sqlmap não rodou"; errors=$((errors + 1)); continue
  fi
  limit=$((left < PER_TARGET ? left : PER_TARGET))
  args=(-u "$url" --batch --level 2 --risk 1 --dbms PostgreSQL --timeout 10 --retries 1 --time-sec 2
        --threads 2 --ignore-code 401 --flush-session --output-dir "$OUT/sqlmap" --disable-coloring
        -H "Origin: $BASE" --skip "better-auth.session_token,index" --answers "refresh intent=N")
  # A POST is judged by its own answer: following its redirect (or the wizard's no-JS
  # <meta http-equiv="refresh">, refused above for every target) would resend the form to the
  # action of the page it leads to, and sqlmap would compare that page instead.
  [ "$method" = "POST" ] && args+=(--method POST --data "$data" --ignore-redirects)
  [ -n "$evalcode" ] && args+=(--eval "$evalcode")
  [ "$cookie" != "-" ] && args+=(--cookie "$cookie")
  t0=$SECONDS
  timeout "$limit" sqlmap "${args[@]}" >"$log" 2>&1
  code=$?
  took="$((SECONDS - t0))s"
  if grep -qiE "is vulnerable|sqlmap identified the following injection point" "$log"; then
    verdict="INJETÁVEL — veja $log"; injectable=$((injectable + 1))
  elif ! sessions_ok; then
    verdict="inconclusivo: a sessão admin/representante caiu durante o alvo ($took)"; errors=$((errors + 1))
  elif [ $code -eq 124 ]; then
    verdict="tempo esgotado (${limit}s) sem achar injeção; testados: $(grep -oE "(GET|POST|URI) parameter '[^']+' does not seem" "$log" | cut -d"'" -f2 | paste -sd, -)"
    errors=$((errors + 1))
  elif grep -qiE "all tested parameters do not appear to be injectable" "$log"; then
    verdict="nada injetável ($took)"
  else
    verdict="inconclusivo (código $code): $(grep -E '\[CRITICAL\]' "$log" | tail -1 | cut -c1-100)"; errors=$((errors + 1))
  fi
  row "$name" "$verdict"
done
echo "duração do scan: $((SECONDS - started))s"
echo
grep -qE '"status": ?5[0-9][0-9]|"status":5' "$OUT/server.log" && echo "Atenção: o servidor respondeu 5xx durante o scan (veja $OUT/server.log)."
if [ $injectable -gt 0 ]; then
  echo "VEREDITO: $injectable alvo(s) INJETÁVEL(EIS). Logs em $OUT"; exit 1
elif [ $errors -gt 0 ]; then
  echo "VEREDITO: nada injetável encontrado, mas $errors alvo(s) inconclusivo(s). Logs em $OUT"; exit 3
fi
echo "VEREDITO: nenhum dos $tested alvos é injetável (sqlmap --level 2 --risk 1). Logs em $OUT"
