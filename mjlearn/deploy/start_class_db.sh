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

# the Python with mjlearn, checked before anything is started; it does the rest (mjlearn.deploy.cluster)
HERE=$(cd "$(dirname "$0")" && pwd)
PY=${MJLEARN_PYTHON:-}
if [ -z "$PY" ]; then
    if [ -x "$HERE/../../.venv/bin/python" ]; then PY="$HERE/../../.venv/bin/python"; else PY=python3; fi
fi
"$PY" -c "import mjlearn.db, psycopg" 2>/dev/null || fail "$PY has no mjlearn with its class extra; set \
MJLEARN_PYTHON to the Python of the virtual environment mjlearn is in (e.g. MJLEARN_PYTHON=\$PWD/.venv/bin/python \
in the clone, after .venv/bin/pip install -e '.[class]')"

exec "$PY" -c "import sys; from mjlearn.deploy.cluster import ServerError, start_in_folder
try:
    start_in_folder(sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.stdout)
except ServerError as e:
    print(f'start_class_db.sh: {e}', file=sys.stderr)
    sys.exit(2)" "$DATA" "$PORT" "$MJLEARN_OWNER_PWFILE"
