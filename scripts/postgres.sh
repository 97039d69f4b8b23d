#!/usr/bin/env bash
# Starts or stops a throwaway PostgreSQL server for tests (Debian's `postgresql` package).
#
#   scripts/postgres.sh start DIR   installs `postgresql` with apt-get if it is missing, creates a
#                                   cluster in DIR (or reuses the one there), starts it on a free
#                                   port of 127.0.0.1 with trust auth, creates the database
#                                   `variant_table_test`, and prints one line on stdout: its URL,
#                                   postgres://postgres@127.0.0.1:PORT/variant_table_test
#   scripts/postgres.sh stop DIR    stops that cluster (fast shutdown); removes nothing.
#
# DIR holds data/ (the cluster), log (the server's log), initdb.log and the unix socket. A DIR
# whose cluster is already running is reused: `start` prints its URL again. Run as root, the
# server runs as the `postgres` system user and DIR is chowned to it; otherwise it runs as the
# caller. Everything but the URL goes to stderr; on failure the last line of stderr says why.
set -euo pipefail

exec 3>&1 1>&2 # stdout is for the URL alone
me="postgres.sh"
die() { echo "$me: $*" >&2; exit 1; }
if [ $# -ne 2 ] || { [ "$1" != start ] && [ "$1" != stop ]; }; then
    echo "usage: $0 start|stop DIR" >&2
    exit 2
fi
action=$1
dir=$2
db=variant_table_test

# PGPORT, PGDATA, PGOPTIONS, PGSSLMODE... would change what the server or psql does.
while read -r v; do unset "$v"; done < <(compgen -e | grep '^PG' || true)

# The binaries of one installed major version (the cluster's, else the newest), never the ones on
# PATH: /usr/bin/pg_* are Debian's wrappers, and /usr/local/bin may hold unrelated ones.
find_bin() { # [version]
    local b
    if [ -n "${1:-}" ]; then
        b=/usr/lib/postgresql/$1/bin
        [ -x "$b/postgres" ] || return 1
    else
        b=$(find /usr/lib/postgresql -mindepth 3 -maxdepth 3 -path '*/bin/initdb' 2>/dev/null | sort -V | tail -n1)
        [ -n "$b" ] || return 1
        b=${b%/initdb}
        [ -x "$b/postgres" ] && [ -x "$b/pg_ctl" ] && [ -x "$b/psql" ] || return 1
    fi
    echo "$b"
}

# initdb, pg_ctl and postgres refuse to run as root: root runs them as the owner of the cluster.
# They never get fd 3 (the caller's stdout): a server holding it open would keep a caller's
# `URL=$(scripts/postgres.sh start DIR)` waiting for end-of-file until the server stops.
as_owner() { # owner command...
    local owner=$1; shift
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u "$owner" -- "$@" 3>&-
    else
        [ "$owner" = "$(id -un)" ] || die "the cluster in $dir belongs to $owner; run this as $owner or root"
        "$@" 3>&-
    fi
}

log_reason() { # file: the last error-looking line of a log, for one-line messages
    local line
    line=$(grep -E 'FATAL|ERROR|PANIC|could not|error' "$1" 2>/dev/null | tail -n1 || true)
    [ -n "$line" ] || line=$(tail -n1 "$1" 2>/dev/null || true)
    echo "${line:-no log}"
}

if [ "$action" = stop ]; then
    [ -f "$dir/data/PG_VERSION" ] || { echo "$me: no cluster in $dir; nothing to stop" >&2; exit 0; }
    dir=$(cd "$dir" && pwd -P)
    cd "$dir"
    bin=$(find_bin "$(cat data/PG_VERSION)") || die "PostgreSQL $(cat data/PG_VERSION) (the cluster's version) is not installed"
    owner=$(stat -c %U data)
    if ! as_owner "$owner" "$bin/pg_ctl" status -D "$dir/data" >/dev/null 2>&1; then
        echo "$me: cluster in $dir is not running" >&2
        exit 0
    fi
    as_owner "$owner" "$bin/pg_ctl" stop -s -D "$dir/data" -m fast -w -t 30 ||
        as_owner "$owner" "$bin/pg_ctl" stop -s -D "$dir/data" -m immediate -w -t 30 ||
        die "could not stop the cluster in $dir (see $dir/log)"
    exit 0
fi

# --- start -------------------------------------------------------------------------------------

if ! find_bin >/dev/null; then
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    echo "$me: installing postgresql" >&2
    { $sudo apt-get update -qq &&
        $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql >/dev/null
    } || die "could not install postgresql with apt-get"
    find_bin >/dev/null || die "postgresql is installed but no /usr/lib/postgresql/*/bin holds initdb, pg_ctl, postgres and psql"
fi

# pg_ctl hands the data directory to a shell in double quotes, and postgresql.conf takes the
# socket directory in single quotes: keep the path to characters that are plain in both.
check_path() {
    case "$1" in
        *[!A-Za-z0-9._/+@=:~\ -]*) die "DIR must be a path of letters, digits, spaces and ._/+@=:~- only: $1" ;;
    esac
}
case "$dir" in /*) check_path "$dir" ;; *) check_path "$PWD/$dir" ;; esac
mkdir -p "$dir"
dir=$(cd "$dir" && pwd -P)
check_path "$dir"

if [ -f "$dir/data/PG_VERSION" ]; then
    owner=$(stat -c %U "$dir/data")
    bin=$(find_bin "$(cat "$dir/data/PG_VERSION")") || die "PostgreSQL $(cat "$dir/data/PG_VERSION") (the version of the cluster in $dir) is not installed"
else
    [ -z "$(ls -A "$dir/data" 2>/dev/null)" ] || die "$dir/data exists but holds no cluster"
    bin=$(find_bin)
    owner=$(id -un)
    if [ "$(id -u)" -eq 0 ]; then
        owner=postgres
        id -u postgres >/dev/null 2>&1 || die "no postgres system user (is the postgresql package installed?)"
        chown postgres: "$dir"
    fi
fi
as_owner "$owner" test -w "$dir" -a -x "$dir" ||
    die "user $owner cannot write to $dir (a parent directory may not be searchable by it); pick a DIR under /tmp"
cd "$dir"

if [ ! -f data/PG_VERSION ]; then
    as_owner "$owner" "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C \
        --no-sync >"$dir/initdb.log" 2>&1 ||
        die "initdb failed in $dir: $(log_reason "$dir/initdb.log") (see $dir/initdb.log)"
    # The unix socket lives in DIR unless its path would exceed the 107 bytes a socket path may
    # have; TCP on 127.0.0.1 is what the tests use either way.
    sockets="'$dir'"
    if [ $((${#dir} + 17)) -gt 107 ]; then
        echo "$me: $dir is too long for a unix socket path; serving TCP only" >&2
        sockets="''"
    fi
    as_owner "$owner" tee -a data/postgresql.conf >/dev/null <<EOF

# Throwaway test cluster (scripts/postgres.sh); the port is given on the command line.
listen_addresses = '127.0.0.1'
unix_socket_directories = $sockets
max_connections = 200
fsync = off
synchronous_commit = off
full_page_writes = off
max_parallel_workers_per_gather = 0
EOF
    as_owner "$owner" tee data/pg_hba.conf >/dev/null <<EOF
# TYPE  DATABASE  USER  ADDRESS       METHOD
local   all       all                 trust
host    all       all   127.0.0.1/32  trust
EOF
fi

url_port=""
if as_owner "$owner" "$bin/pg_ctl" status -D "$dir/data" >/dev/null 2>&1; then
    url_port=$(sed -n 4p data/postmaster.pid)
    echo "$me: reusing the cluster already running in $dir on port $url_port" >&2
else
    # A port that nothing listens on, below Linux's ephemeral range (32768-60999) so outgoing
    # connections do not take it meanwhile; another tenant binding it first only costs a retry.
    for _ in 1 2 3 4 5 6 7 8 9 10; do
        port=$((20000 + RANDOM % 12000))
        (exec 6<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && continue
        logged=$(stat -c %s "$dir/log" 2>/dev/null || echo 0)
        if as_owner "$owner" "$bin/pg_ctl" start -s -D "$dir/data" -l "$dir/log" -w -t 30 -o "-p $port" \
            >"$dir/log.start" 2>&1; then
            url_port=$port
            break
        fi
        # A server that came up after all (slower than -t) must not outlive this attempt.
        as_owner "$owner" "$bin/pg_ctl" stop -s -D "$dir/data" -m immediate -w -t 30 >/dev/null 2>&1 || true
        tail -c +$((logged + 1)) "$dir/log" >"$dir/log.start.tail" 2>/dev/null || true
        if ! grep -q 'could not bind\|could not create any TCP/IP sockets' "$dir/log.start.tail"; then
            reason=$(log_reason "$dir/log.start.tail")
            [ "$reason" = "no log" ] && reason=$(log_reason "$dir/log.start")
            rm -f "$dir/log.start" "$dir/log.start.tail"
            die "server in $dir failed to start: $reason (see $dir/log)"
        fi
        echo "$me: port $port is taken; trying another" >&2
    done
    rm -f "$dir/log.start" "$dir/log.start.tail"
    [ -n "$url_port" ] || die "no free port found for the server in $dir (see $dir/log)"
fi

psql_admin() { "$bin/psql" -X -q -v ON_ERROR_STOP=1 -d "postgresql://postgres@127.0.0.1:$url_port/postgres" "$@"; }
exists=$(psql_admin -tA -c "SELECT 1 FROM pg_database WHERE datname = '$db'" 2>&1) ||
    die "cannot connect to the server in $dir on port $url_port: $exists"
if [ "$exists" != 1 ]; then
    err=$(psql_admin -c "CREATE DATABASE $db" 2>&1) || die "could not create database $db: $err"
fi

echo "postgres://postgres@127.0.0.1:$url_port/$db" >&3
