#!/usr/bin/env bash
# with-postgres.sh COMMAND [ARGS...]
#
# Runs COMMAND with TEST_DATABASE_URL pointing at a PostgreSQL server the API tests may create databases on
# (each test file makes its own fm_test_* database and drops it). The server is, in this order:
#   1. $TEST_DATABASE_URL, when set;
#   2. postgres://postgres@127.0.0.1:5432/postgres, when a server answers there with trust auth;
#   3. a private throwaway cluster from Debian's postgresql package (installed when missing), in a temporary
#      folder on a free port, listening on 127.0.0.1 only; stopped and removed when COMMAND ends, however it ends.
# In front of it, Debian's pgbouncer (installed when missing) in transaction pooling on a free port, its URL in
# TEST_POOLER_URL: the API tests send the app's queries through it, as a deployment behind PgBouncer does.
# Exits with COMMAND's status.
#
# Knobs: WITH_POSTGRES_FORCE_PRIVATE=1 skips 1 and 2 (to exercise the fallback);
#        WITH_POSTGRES_PORT changes the port probed in 2 (default 5432);
#        WITH_POSTGRES_POOLER=0 starts no pooler (the app then talks to the server directly).
set -euo pipefail

if [ $# -eq 0 ]; then
  echo "usage: $0 COMMAND [ARGS...]" >&2
  exit 2
fi

log() { printf 'with-postgres: %s\n' "$*" >&2; }

probe_port="${WITH_POSTGRES_PORT:-5432}"

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

# 1 and 2: a server that is already there.
found=0
if [ "${WITH_POSTGRES_FORCE_PRIVATE:-}" != 1 ]; then
  if [ -n "${TEST_DATABASE_URL:-}" ]; then
    log "using TEST_DATABASE_URL"
    found=1
  elif command -v pg_isready >/dev/null 2>&1 && pg_isready -q -h 127.0.0.1 -p "$probe_port" -t 2; then
    url="postgres://postgres@127.0.0.1:${probe_port}/postgres"
    if ! command -v psql >/dev/null 2>&1 || psql "$url" -Atqc 'select 1' >/dev/null 2>&1; then
      log "using the server on 127.0.0.1:${probe_port}"
      export TEST_DATABASE_URL="$url"
      found=1
    else
      log "the server on 127.0.0.1:${probe_port} refuses user postgres without a password; starting a private one"
    fi
  fi
fi

# initdb, postgres and pgbouncer refuse to run as root: as root, they run as the postgres system user.
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

# Private cluster and pooler files; readable and writable by the user they run as.
dir="$(mktemp -d "${TMPDIR:-/tmp}/fieldmark-pg.XXXXXX")"
if [ "$(id -u)" = 0 ]; then chown postgres "$dir"; fi
bin=""
started=0
pooler_pid=""
cleanup() {
  if [ -n "$pooler_pid" ]; then
    kill -TERM "$pooler_pid" 2>/dev/null || true
    wait "$pooler_pid" 2>/dev/null || true
  fi
  if [ "$started" = 1 ]; then
    as_pg "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

install_package() {
  log "installing Debian's $1 package"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$1" >/dev/null
}

# 3: a private cluster.
if [ "$found" = 0 ]; then
  pg_bin() { find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -name bin -type d 2>/dev/null | sort -V | tail -n 1; }
  if [ -z "$(pg_bin)" ]; then install_package postgresql; fi
  bin="$(pg_bin)"
  if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
    log "no initdb under /usr/lib/postgresql/*/bin"
    exit 1
  fi
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
fi

# The pooler: PgBouncer in transaction pooling, every database of the server behind it (the `*` entry), clients let
# in without a password (loopback only) and the server logged into as the test URL's user.
if [ "${WITH_POSTGRES_POOLER:-1}" != 0 ]; then
  pgbouncer_bin="$(command -v pgbouncer || echo /usr/sbin/pgbouncer)"
  if [ ! -x "$pgbouncer_bin" ]; then
    install_package pgbouncer || true
    pgbouncer_bin="$(command -v pgbouncer || echo /usr/sbin/pgbouncer)"
  fi
  # A run that quietly skipped the pooler would prove nothing about it: say so and stop.
  if [ ! -x "$pgbouncer_bin" ]; then
    log "no pgbouncer and it could not be installed; WITH_POSTGRES_POOLER=0 runs without it"
    exit 1
  fi
fi
if [ "${WITH_POSTGRES_POOLER:-1}" != 0 ]; then
  # The server's host, port and user, and the auth file's line for that user (a " inside doubled).
  mapfile -t server < <(node -e '
    const u = new URL(process.argv[1]); const user = decodeURIComponent(u.username || "postgres")
    const q = (s) => `"${s.replaceAll("\"", "\"\"")}"`
    console.log([u.hostname || "127.0.0.1", u.port || 5432, user, `${q(user)} ${q(decodeURIComponent(u.password))}`].join("\n"))
  ' "$TEST_DATABASE_URL")
  server_host="${server[0]}" server_port="${server[1]}" server_user="${server[2]}"
  printf '%s\n' "${server[3]}" >"$dir/userlist.txt"
  pooler_port="$(free_port)"
  cat >"$dir/pgbouncer.ini" <<INI
[databases]
* = host=${server_host} port=${server_port}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${pooler_port}
unix_socket_dir =
auth_type = trust
auth_file = ${dir}/userlist.txt
admin_users = ${server_user}
pool_mode = transaction
max_client_conn = 1000
default_pool_size = 20
ignore_startup_parameters = extra_float_digits,options
logfile = ${dir}/pgbouncer.log
pidfile = ${dir}/pgbouncer.pid
INI
  if [ "$(id -u)" = 0 ]; then chown postgres "$dir"/userlist.txt "$dir"/pgbouncer.ini; fi
  log "starting pgbouncer ($("$pgbouncer_bin" --version | head -n 1)) in transaction pooling on 127.0.0.1:${pooler_port}"
  if [ "$(id -u)" = 0 ]; then
    "$pgbouncer_bin" -u postgres "$dir/pgbouncer.ini" >/dev/null 2>&1 &
  else
    "$pgbouncer_bin" "$dir/pgbouncer.ini" >/dev/null 2>&1 &
  fi
  pooler_pid=$!
  pooler_url="postgres://${server_user}@127.0.0.1:${pooler_port}/postgres"
  for _ in $(seq 100); do
    if pg_isready -q -h 127.0.0.1 -p "$pooler_port" -U "$server_user" -d postgres -t 1 2>/dev/null; then break; fi
    if ! kill -0 "$pooler_pid" 2>/dev/null; then break; fi
    sleep 0.1
  done
  if ! pg_isready -q -h 127.0.0.1 -p "$pooler_port" -U "$server_user" -d postgres -t 1 2>/dev/null; then
    log "pgbouncer did not start"
    cat "$dir/pgbouncer.log" >&2 2>/dev/null || true
    exit 1
  fi
  export TEST_POOLER_URL="$pooler_url"
fi

# In the background so a signal reaches this script at once (bash defers traps until a foreground child ends):
# the signal is passed on, the command ends, and the EXIT trap stops the pooler and removes the cluster.
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
