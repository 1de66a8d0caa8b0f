#!/usr/bin/env bash
# with-postgres.sh COMMAND [ARGS...]
#
# Runs COMMAND with TEST_DATABASE_URL pointing at a PostgreSQL server the API tests may create databases on
# (each test file makes its own fm_test_* database and drops it). The server is, in this order:
#   1. $TEST_DATABASE_URL, when set;
#   2. postgres://postgres@127.0.0.1:5432/postgres, when a server answers there with trust auth;
#   3. a private throwaway cluster from Debian's postgresql package (installed when missing), in a temporary
#      folder on a free port, listening on 127.0.0.1 only; stopped and removed when COMMAND ends, however it ends.
# Exits with COMMAND's status.
#
# Knobs: WITH_POSTGRES_FORCE_PRIVATE=1 skips 1 and 2 (to exercise the fallback);
#        WITH_POSTGRES_PORT changes the port probed in 2 (default 5432).
set -euo pipefail

if [ $# -eq 0 ]; then
  echo "usage: $0 COMMAND [ARGS...]" >&2
  exit 2
fi

log() { printf 'with-postgres: %s\n' "$*" >&2; }

probe_port="${WITH_POSTGRES_PORT:-5432}"

# 1 and 2: a server that is already there.
if [ "${WITH_POSTGRES_FORCE_PRIVATE:-}" != 1 ]; then
  if [ -n "${TEST_DATABASE_URL:-}" ]; then
    log "using TEST_DATABASE_URL"
    exec "$@"
  fi
  if command -v pg_isready >/dev/null 2>&1 && pg_isready -q -h 127.0.0.1 -p "$probe_port" -t 2; then
    url="postgres://postgres@127.0.0.1:${probe_port}/postgres"
    if ! command -v psql >/dev/null 2>&1 || psql "$url" -Atqc 'select 1' >/dev/null 2>&1; then
      log "using the server on 127.0.0.1:${probe_port}"
      export TEST_DATABASE_URL="$url"
      exec "$@"
    fi
    log "the server on 127.0.0.1:${probe_port} refuses user postgres without a password; starting a private one"
  fi
fi

# 3: a private cluster.
as_root() {
  if [ "$(id -u)" = 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  else
    log "need root to run: $*"
    return 1
  fi
}

pg_bin() { find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -name bin -type d 2>/dev/null | sort -V | tail -n 1; }

if [ -z "$(pg_bin)" ]; then
  log "installing Debian's postgresql package"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi
bin="$(pg_bin)"
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  log "no initdb under /usr/lib/postgresql/*/bin"
  exit 1
fi

# initdb and postgres refuse to run as root: as root, the cluster belongs to the postgres system user.
if [ "$(id -u)" = 0 ]; then
  as_pg() {
    if command -v runuser >/dev/null 2>&1; then
      runuser -u postgres -- "$@"
    else
      su -s /bin/sh postgres -c "$(printf '%q ' "$@")"
    fi
  }
else
  as_pg() { "$@"; }
fi

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

dir="$(mktemp -d "${TMPDIR:-/tmp}/fieldmark-pg.XXXXXX")"
started=0
cleanup() {
  if [ "$started" = 1 ]; then
    as_pg "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

if [ "$(id -u)" = 0 ]; then chown postgres "$dir"; fi
port="$(free_port)"
log "starting a private PostgreSQL ($(basename "$(dirname "$bin")")) on 127.0.0.1:${port} in ${dir}"
as_pg "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --no-locale --no-sync >"$dir/initdb.log" 2>&1 || {
  cat "$dir/initdb.log" >&2
  exit 1
}
# A test database only: durability is not wanted, speed is.
as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
  -o "-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
  start >/dev/null || {
  cat "$dir/server.log" >&2
  exit 1
}
started=1

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:${port}/postgres"
# In the background so a signal reaches this script at once (bash defers traps until a foreground child ends):
# the signal is passed on, the command ends, and the EXIT trap removes the cluster.
set +e
"$@" &
child=$!
trap 'kill -INT "$child" 2>/dev/null' INT
trap 'kill -TERM "$child" 2>/dev/null' TERM
wait "$child"
status=$?
while kill -0 "$child" 2>/dev/null; do
  wait "$child"
  status=$?
done
exit "$status"
