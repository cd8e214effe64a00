#!/bin/sh
# Start a class database (PostgreSQL) for mjlearn on this machine and set up its schema.
#
#   sh start_class_db.sh /srv/mjlearn-db 5432
#
# Needs PostgreSQL (Debian/Ubuntu: apt-get install postgresql) and mjlearn with its class extra
# (pip install "mjlearn[class]"). Run it as the user that will own the database (not root: PostgreSQL
# refuses; as root use: runuser -u postgres -- sh start_class_db.sh ...). It listens on 127.0.0.1 only:
# learners' servers on the same machine (the hub) connect with their own logins and passwords.
set -eu
DATA=${1:-$HOME/mjlearn-db}
PORT=${2:-5432}
: "${MJLEARN_OWNER_PWFILE:?set MJLEARN_OWNER_PWFILE to a file holding the owner password}"
BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$BIN" ] || BIN=$(dirname "$(command -v initdb)")
if [ ! -f "$DATA/PG_VERSION" ]; then
    "$BIN/initdb" -D "$DATA" -U mjlearn_owner --auth-local=peer --auth-host=scram-sha-256 -E UTF8 \
        --locale=C.UTF-8 --pwfile="$MJLEARN_OWNER_PWFILE"
fi
export PGPASSWORD="$(cat "$MJLEARN_OWNER_PWFILE")"
"$BIN/pg_ctl" -D "$DATA" -l "$DATA/server.log" -w start \
    -o "-c listen_addresses=127.0.0.1 -c port=$PORT -c unix_socket_directories=$DATA"
"$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U mjlearn_owner mjlearn 2>/dev/null || true
python3 -c "from mjlearn import db; print('schema revision', db.upgrade('postgresql+psycopg://mjlearn_owner@127.0.0.1:$PORT/mjlearn'))"
echo "class database at postgresql+psycopg://USER:PASSWORD@127.0.0.1:$PORT/mjlearn"
