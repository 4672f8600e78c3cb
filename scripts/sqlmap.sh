#!/usr/bin/env bash
# Runs sqlmap (Debian package: apt-get install -y sqlmap) at level 3 against a fresh Commonwise
# server on PostgreSQL: the authenticated search and list endpoints with a session cookie, and the
# sign-in form (JSON). Results are summarised in docs/security.md (sqlmap section).
#   scripts/sqlmap.sh POSTGRES_URL [OUTPUT_DIR]      e.g. postgres://postgres@127.0.0.1:55610/postgres
# The server gets a database of its own (dropped afterwards), the demo data, and a dedicated account
# for each sign-in run (sqlmap-target@ and sqlmap-target2@commonwise.test): the sign-in limiter locks that account after
# 5 failures and the address after 20, so most sign-in probes are answered 429 — that is the limiter
# working. A second sign-in run gives every request its own X-Forwarded-For (TRUST_PROXY=true and
# sqlmap's xforwardedfor tamper) so that the probes get past the per-address limit and reach the
# e-mail validation, the limiter's queries and the password check.
# Each sqlmap run is bounded (SQLMAP_RUN_SECONDS, default 900). Run it under the heavy lock here.
set -euo pipefail
# The server needs the Node 24 that npm installs (node_modules/node), whatever node is first on PATH.
export PATH="$(cd "$(dirname "$0")/.." && pwd)/node_modules/node/bin:$PATH"
base_url=${1:?usage: scripts/sqlmap.sh POSTGRES_URL [OUTPUT_DIR]}
out=${2:-/tmp/commonwise-sqlmap}
port=${SQLMAP_SERVER_PORT:-3620}
run_seconds=${SQLMAP_RUN_SECONDS:-900}
origin="http://127.0.0.1:$port"
repo=$(cd "$(dirname "$0")/.." && pwd)
database="cw_sqlmap_$$"
db_url="${base_url%/*}/$database"
data_dir=$(mktemp -d /tmp/cw-sqlmap-data.XXXXXX)
rm -rf "$out" && mkdir -p "$out"

psql "$base_url" -qc "create database $database"
server_pid=""
start_server() { # $1: extra env (e.g. TRUST_PROXY=true)
  env PORT=$port HOST=127.0.0.1 PUBLIC_URL=$origin DATABASE_URL=$db_url DATA_DIR=$data_dir SEED_DEMO=true \
    AUTH_SECRET=sqlmap-secret-that-is-at-least-32-characters LOG_LEVEL=warn ${1:-} \
    "$repo/node_modules/.bin/tsx" "$repo/apps/server/src/server.ts" >>"$out/server.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 120); do curl -sf "$origin/api/health" >/dev/null && return 0; sleep 0.5; done
  echo "the server did not start" >&2; cat "$out/server.log" >&2; exit 1
}
stop_server() { [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null || true; server_pid=""; }
cleanup() { stop_server; psql "$base_url" -qc "drop database if exists $database with (force)" || true; rm -rf "$data_dir"; }
trap cleanup EXIT

start_server
for target in sqlmap-target sqlmap-target2; do
  (cd "$repo" && DATABASE_URL=$db_url DATA_DIR=$data_dir npm run --silent user:create -- \
    --email $target@commonwise.test --name "Sqlmap Target" --role resident --password sqlmap-target-password) \
    >>"$out/user-create.log" 2>&1
done
cookie_of() {
  curl -s -o /dev/null -D - -H 'content-type: application/json' -H "origin: $origin" \
    -d "{\"email\":\"$1\",\"password\":\"commonwise-demo\"}" "$origin/api/auth/sign-in/email" |
    grep -i '^set-cookie: better-auth.session_token=' | sed -E 's/^[Ss]et-[Cc]ookie: ([^;]*);.*/\1/'
}
admin_cookie=$(cookie_of admin@commonwise.test)
manager_cookie=$(cookie_of manager@commonwise.test)
property_id=$(curl -s -H "cookie: $manager_cookie" "$origin/api/properties" |
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).properties.find(p=>p.name.startsWith("Willow Creek")).id))')
work_order_id=$(curl -s -H "cookie: $manager_cookie" "$origin/api/work-orders" |
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).workOrders[0].id))')

# --level 3: also the Cookie, User-Agent and Referer headers; --risk 2: also heavy time-based probes.
common=(--batch --level 3 --risk 2 --threads 4 --flush-session --disable-coloring -H "Origin: $origin")
run() { # name, sqlmap arguments…
  local name=$1; shift
  echo "== $name: sqlmap $*" | tee -a "$out/summary.txt"
  local started=$SECONDS
  timeout "$run_seconds" sqlmap "${common[@]}" --output-dir "$out/$name" -t "$out/$name.traffic" "$@" \
    >"$out/$name.log" 2>&1 || echo "   (sqlmap exited with $?)" | tee -a "$out/summary.txt"
  local requests statuses
  touch "$out/$name.traffic"
  requests=$(grep -c '^HTTP request \[#' "$out/$name.traffic" || true)
  statuses=$({ grep -oE '^HTTP response \[#[0-9]+\] \([0-9]{3}' "$out/$name.traffic" || true; } | grep -oE '[0-9]{3}$' |
    sort | uniq -c | awk '{printf "%s×%s ", $2, $1}')
  echo "   $((SECONDS - started)) s, $requests requests, answers: $statuses" | tee -a "$out/summary.txt"
  grep -E "is vulnerable|injectable|appears to be|does not seem to be injectable|all tested parameters" "$out/$name.log" |
    sed 's/^/   /' | tee -a "$out/summary.txt" || true
}

run users-list -u "$origin/api/users?search=willow&role=resident" --cookie "$admin_cookie"
run documents-search -u "$origin/api/properties/$property_id/documents/search?q=pool+hours&limit=5" \
  --cookie "$manager_cookie"
run property-id-path -u "$origin/api/properties/${property_id}*" --cookie "$manager_cookie"
run work-order-id-path -u "$origin/api/work-orders/${work_order_id}*" --cookie "$manager_cookie"
# The cookie value is already URL-encoded: encoding it again would only test the 401 of a broken session.
# A probe in the cookie breaks the session (401): an ordinary answer here.
run properties-list -u "$origin/api/properties" --cookie "$manager_cookie" -p "Cookie,User-Agent,Referer" \
  --answers="URL encode cookie values=N" --ignore-code=401
# A wrong password answers 401 and the limiter 429: ordinary answers here, not a reason to stop. Once
# the limiter answers 429 to everything, sqlmap takes the e-mail for a type-cast value and would skip
# it: --answers makes it test the e-mail all the same.
signin=(--ignore-code=401,429 --answers="skip those kind of cases=N" --method POST)
run sign-in "${signin[@]}" -u "$origin/api/auth/sign-in/email" \
  --data '{"email":"sqlmap-target@commonwise.test","password":"wrong-password"}' -p email,password

stop_server
start_server TRUST_PROXY=true
run sign-in-spread-addresses "${signin[@]}" -u "$origin/api/auth/sign-in/email" --tamper xforwardedfor \
  --data '{"email":"sqlmap-target2@commonwise.test","password":"wrong-password"}' -p email,password

errors=$(grep -cE '"level":50|"statusCode":5[0-9]{2}' "$out/server.log" || true)
echo "server log: $errors error lines (level 50 / 5xx)" | tee -a "$out/summary.txt"
# The dedicated account still signs in once the window has passed; the demo admin was never locked.
echo "admin still signs in: $(curl -s -o /dev/null -w '%{http_code}' -H 'content-type: application/json' \
  -H "origin: $origin" -d '{"email":"admin@commonwise.test","password":"commonwise-demo"}' \
  "$origin/api/auth/sign-in/email")" | tee -a "$out/summary.txt"
