#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tests and trials: data in a temporary folder, listening on
# 127.0.0.1 only (trust authentication) on the first free port from PG_PORT (default 55432), fsync
# off (test data only; PG_FSYNC=on for measurements).
# PostgreSQL refuses to run as root, so as root the cluster belongs to the `postgres` system user.
# Debian's `postgresql` package is installed when no server is found.
#
#   eval "$(scripts/postgres.sh start)"    # exports DATABASE_URL and FEES_PG_DIR
#   scripts/postgres.sh stop "$FEES_PG_DIR"  # stops the cluster and removes its folder
set -euo pipefail

server_bin() {
  local dirs
  dirs=$(compgen -G '/usr/lib/postgresql/*/bin/initdb' | sort -V | tail -n 1 || true)
  if [ -n "$dirs" ]; then dirname "$dirs"; fi
}

install_server() {
  local sudo=()
  if [ "$(id -u)" != 0 ]; then sudo=(sudo); fi
  echo "Installing Debian's postgresql package" >&2
  "${sudo[@]}" apt-get update -qq >&2
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
}

# Runs a command as the cluster's owner: `postgres` when we are root, else ourselves.
as_owner() {
  if [ "$(id -u)" = 0 ]; then
    setpriv --reuid=postgres --regid=postgres --init-groups -- "$@"
  else
    "$@"
  fi
}

port_in_use() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

start() {
  local bin dir port
  bin=$(server_bin)
  if [ -z "$bin" ]; then
    install_server
    bin=$(server_bin)
  fi
  [ -n "$bin" ] || { echo "postgres.sh: no PostgreSQL server binaries under /usr/lib/postgresql" >&2; exit 1; }
  dir=$(mktemp -d "${TMPDIR:-/tmp}/fees-postgres.XXXXXX")
  chmod 755 "$dir"
  if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$dir"; fi
  cd "$dir"
  as_owner "$bin/initdb" -D "$dir/data" -A trust -U postgres -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 || {
    cat "$dir/initdb.log" >&2
    rm -rf "$dir"
    exit 1
  }
  port=${PG_PORT:-55432}
  while true; do
    if ! port_in_use "$port" &&
      as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
        -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=${PG_FSYNC:-off}" start >/dev/null 2>&1; then
      break
    fi
    port=$((port + 1))
    if [ "$port" -gt "$((${PG_PORT:-55432} + 100))" ]; then
      echo "postgres.sh: no free port from ${PG_PORT:-55432}" >&2
      cat "$dir/server.log" >&2 || true
      rm -rf "$dir"
      exit 1
    fi
  done
  as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres fees
  echo "export DATABASE_URL=postgres://postgres@127.0.0.1:$port/fees"
  echo "export FEES_PG_DIR=$dir"
}

stop() {
  local dir=${1:-${FEES_PG_DIR:-}} bin
  [ -n "$dir" ] || { echo "usage: postgres.sh stop FOLDER (the FEES_PG_DIR that start printed)" >&2; exit 2; }
  [ -f "$dir/data/PG_VERSION" ] || { echo "postgres.sh: $dir is not a cluster started by postgres.sh" >&2; exit 1; }
  bin=$(server_bin)
  cd "$dir"
  as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}

case "${1:-}" in
  start) start ;;
  stop) stop "${2:-}" ;;
  *)
    echo "usage: postgres.sh start | stop FOLDER" >&2
    exit 2
    ;;
esac
