#!/bin/sh
# Start a class database (PostgreSQL) for mjlearn on this machine and set up its schema.
#
#   MJLEARN_OWNER_PWFILE=~/owner.pw sh start_class_db.sh [FOLDER] [PORT]
#
# FOLDER (default ~/mjlearn-db) holds the database; PORT defaults to 5432. Needs PostgreSQL (Debian/Ubuntu:
# apt-get install postgresql) and the Python that has mjlearn with its class extra: MJLEARN_PYTHON, else
# the .venv of the clone this script is in, else python3 (`python -m mjlearn.deploy` prints the command
# with the right one). Run it as the teacher's own login with a folder they own; run as root, it runs
# PostgreSQL's programs as the postgres user (PostgreSQL refuses root) and gives FOLDER to that user.
# Run it again to start a stopped database: it never initialises twice, and it brings the schema up to
# this mjlearn. It listens on 127.0.0.1 only: learners' servers on the same machine (the hub) connect
# with their own logins and passwords.
set -eu
DATA=${1:-$HOME/mjlearn-db}
PORT=${2:-5432}
: "${MJLEARN_OWNER_PWFILE:?set MJLEARN_OWNER_PWFILE to a file holding the owner password}"
fail() { echo "start_class_db.sh: $*" >&2; exit 2; }
[ -r "$MJLEARN_OWNER_PWFILE" ] || fail "cannot read the owner password file $MJLEARN_OWNER_PWFILE"

# the Python with mjlearn, checked before anything is started
HERE=$(cd "$(dirname "$0")" && pwd)
PY=${MJLEARN_PYTHON:-}
if [ -z "$PY" ]; then
    if [ -x "$HERE/../../.venv/bin/python" ]; then PY="$HERE/../../.venv/bin/python"; else PY=python3; fi
fi
"$PY" -c "import mjlearn.db, psycopg" 2>/dev/null || fail "$PY has no mjlearn with its class extra; set \
MJLEARN_PYTHON to the Python of the virtual environment mjlearn is in (e.g. MJLEARN_PYTHON=\$PWD/.venv/bin/python \
in the clone, after .venv/bin/pip install -e '.[class]')"

BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$BIN" ] || BIN=$(dirname "$(command -v initdb 2>/dev/null || echo /missing/initdb)")
[ -x "$BIN/initdb" ] || fail "PostgreSQL is not installed (Debian/Ubuntu: apt-get install postgresql)"

AS=""
if [ "$(id -u)" = 0 ]; then  # PostgreSQL will not run as root: its programs run as the postgres user
    command -v runuser >/dev/null && id postgres >/dev/null 2>&1 \
        || fail "as root this needs the postgres user and runuser; or run it as the teacher's own login"
    AS="runuser -u postgres --"
    mkdir -p "$DATA"
    chown postgres: "$DATA"
    chmod 700 "$DATA"
elif [ ! -d "$DATA" ]; then
    mkdir -p "$DATA" 2>/dev/null || fail "cannot create $DATA: choose a folder you own, e.g. ~/mjlearn-db \
(or, as root: mkdir -p $DATA && chown $(id -un) $DATA)"
fi

if [ ! -f "$DATA/PG_VERSION" ]; then
    PWFILE=$MJLEARN_OWNER_PWFILE
    if [ -n "$AS" ]; then  # a copy the postgres user may read (root's own file may be in /root), removed after
        PWFILE=$(mktemp)
        cat "$MJLEARN_OWNER_PWFILE" > "$PWFILE"
        chown postgres: "$PWFILE"
    fi
    $AS "$BIN/initdb" -D "$DATA" -U mjlearn_owner --auth-local=peer --auth-host=scram-sha-256 -E UTF8 \
        --locale=C.UTF-8 --pwfile="$PWFILE" || { [ -z "$AS" ] || rm -f "$PWFILE"; exit 1; }
    [ -z "$AS" ] || rm -f "$PWFILE"
fi
if $AS "$BIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1; then
    echo "the class database in $DATA is running already"
else
    $AS "$BIN/pg_ctl" -D "$DATA" -l "$DATA/server.log" -w start \
        -o "-c listen_addresses=127.0.0.1 -c port=$PORT -c unix_socket_directories=$DATA"
fi
PGPASSWORD="$(cat "$MJLEARN_OWNER_PWFILE")"
export PGPASSWORD
OWNER="postgresql+psycopg://mjlearn_owner@127.0.0.1:$PORT/mjlearn"
if ! "$BIN/psql" -h 127.0.0.1 -p "$PORT" -U mjlearn_owner -d postgres -tAc \
        "SELECT 1 FROM pg_database WHERE datname = 'mjlearn'" | grep -q 1; then
    "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U mjlearn_owner mjlearn
fi
"$PY" -c "import sys; from mjlearn import db; print('schema revision', db.upgrade(sys.argv[1]))" "$OWNER"
echo "class database ready: $OWNER (the owner's password is in $MJLEARN_OWNER_PWFILE)"
echo "stop it with: ${AS:+$AS }$BIN/pg_ctl -D $DATA stop"
