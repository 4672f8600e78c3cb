#!/usr/bin/env bash
# Starts or stops a throwaway PostgreSQL 15 cluster for tests.
#   scripts/postgres.sh start DIR PORT   → prints the connection URL
#   scripts/postgres.sh stop DIR
set -euo pipefail
bin=/usr/lib/postgresql/15/bin
action=$1 dir=$2
if [ ! -x "$bin/initdb" ]; then
  echo "PostgreSQL 15 server binaries not found in $bin" >&2
  exit 1
fi
as_postgres() {
  if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi
}
case "$action" in
  start)
    port=$3
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    as_postgres "$bin/initdb -D '$dir/data' -U postgres --auth=trust -E UTF8 --locale=C.UTF-8" >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; exit 1; }
    as_postgres "$bin/pg_ctl -D '$dir/data' -o \"-p $port -k '$dir' -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200\" -l '$dir/log' -w start" >/dev/null \
      || { cat "$dir/log" >&2; exit 1; }
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    as_postgres "$bin/pg_ctl -D '$dir/data' -m fast -w stop" >/dev/null || true
    ;;
  *)
    echo "usage: $0 start DIR PORT | stop DIR" >&2
    exit 2
    ;;
esac
