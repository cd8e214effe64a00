"""A teacher's housekeeping of a class's people: a learner leaving a class, a login renamed, a learner's
data deleted everywhere, a class list imported from (or written to) a CSV file.

Each one checks everything first and then changes everything in one transaction, so a refusal
(a :class:`~mjlearn.db.ClassError`, one line in English and Chinese) leaves the database as it was. On a
class database (PostgreSQL) they need the owner's login (:func:`mjlearn.db.check_manager`); the database
itself refuses a learner or a teacher who tries the same statements (learners and teachers may not
delete or change answers, roster rows or roles). On the SQLite file of a single-machine class, whoever
holds the file may do them; there are no logins to rename or drop.

::

    from mjlearn.db.classes import Classroom
    from mjlearn.db import admin
    with Classroom() as room:
        admin.import_list(room, "spring", "spring.csv")   # every row checked first; a bad one adds no one
        admin.remove(room, "spring", "dan")               # dan leaves spring; his answers stay
        admin.rename(room, "ann", "ann.li")               # the login, its answers and its classes
        admin.forget(room, "bob")                         # every answer, membership and his login
"""

from __future__ import annotations

import csv
import os

from ..buildfolder import Folder, OutputFolderError, write_whole
from ..jsontext import bounded_lines
from . import GROUPS, ClassError, _login_problem, check_manager, role_name
from .classes import _DB_ERRORS
from .secret import SecretError, role_password, secret_from_env

__all__ = [
    "HEADERS",
    "MAX_NAME_CHARS",
    "MAX_ROWS",
    "claim_output",
    "export_list",
    "forget",
    "forget_counts",
    "import_list",
    "read_class_list",
    "remove",
    "rename",
]

MAX_ROWS = 10_000
"""The most rows a class list may have (a school's whole year fits; a runaway file is refused early)."""
MAX_NAME_CHARS = 256
"""The longest name a class list may give (an e-mail address fits; a name past PostgreSQL's 63 bytes
becomes a readable login with a hash, :func:`mjlearn.db.role_name`)."""
_MAX_LINE_BYTES = 4 * MAX_NAME_CHARS * 4  # a line of a few cells of the longest names, in UTF-8
_SHOWN_BAD = 10  # bad rows named in the one-line refusal; the rest are counted

HEADERS = ("name / 名字", "role / 角色")
"""The columns of a class list (the header row is optional on import; either language is understood)."""
_ROLE_WORDS = {
    "learner": "learner",
    "学员": "learner",
    "student": "learner",
    "": "learner",
    "teacher": "teacher",
    "老师": "teacher",
    "教师": "teacher",
}
_HEADER_WORDS = {"name", "名字", "姓名", "login", "账号"}


# -- checks ---------------------------------------------------------------------------------------------
def _may_manage(room, c) -> None:
    if room.backend == "postgresql":
        check_manager(c.raw)


def _pg(room) -> bool:
    return room.backend == "postgresql"


def _group_of(c, role: str) -> str | None:
    """The mjlearn group ``role`` is in (``learner`` or ``teacher``), None when it is in neither or absent."""
    groups = set(
        c.execute(
            "SELECT g.rolname::text FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid "
            "JOIN pg_roles r ON r.oid = m.member WHERE r.rolname = :n",
            {"n": role},
        ).scalars()
    )
    for kind, group in GROUPS.items():
        if group in groups:
            return kind
    return None


def _role_exists(c, role: str) -> bool:
    return bool(c.execute("SELECT 1 FROM pg_roles WHERE rolname = :n", {"n": role}).scalar())


def _check_ours(c, role: str) -> str | None:
    """The group of an existing role mjlearn made (or None: no such role); a role it did not make is
    refused, untouched."""
    if not _role_exists(c, role):
        return None
    kind = _group_of(c, role) or "learner"
    problem = _login_problem(c.raw, role, GROUPS[kind])
    if problem:
        raise ClassError(problem)
    return kind


def _password_of():
    """Each login's password from the hub's secret when it is set (as ``class add`` does), else None."""
    if not (os.environ.get("MJLEARN_DB_SECRET") or os.environ.get("MJLEARN_DB_SECRET_FILE")):
        return None
    try:
        secret = secret_from_env()
    except SecretError as e:
        raise ClassError(str(e)) from None
    return lambda login: role_password(login, secret)


def _traces(c, login: str, pg: bool) -> dict:
    """What the class database holds of ``login``: its answers, class memberships, failed join tries."""
    out = {
        "answers": int(c.execute('SELECT count(*) FROM answers WHERE "user" = :u', {"u": login}).scalar()),
        "class memberships": int(
            c.execute("SELECT count(*) FROM class_members WHERE username = :u", {"u": login}).scalar()
        ),
    }
    if pg:
        out["join tries"] = int(
            c.execute("SELECT count(*) FROM join_failures WHERE username = :u", {"u": login}).scalar()
        )
    return out


# -- a learner leaves a class ---------------------------------------------------------------------------
def remove(room, class_name: str, users, *, answers: bool = False) -> dict:
    """``users`` leave class ``class_name`` (learners; a teacher too). Their answers stay (a learner's work
    is never lost by a roster change) unless ``answers``: then their answers to that class's assignments
    are deleted as well. Returns counts. Every name must be a member, else nothing changes."""
    names = room._names(users)
    try:
        with room.db.begin() as c:
            _may_manage(room, c)
            cid = room._class_id(c, class_name)
            for u in names:
                if not c.execute(
                    "SELECT 1 FROM class_members WHERE class_id = :c AND username = :u", {"c": cid, "u": u}
                ).scalar():
                    raise ClassError(
                        f"{u!r} is not in class {class_name!r}; nothing was changed  "
                        f"（{u!r} 不在班级 {class_name!r} 中，没有做任何改动）"
                    )
            removed = deleted = 0
            tags = [
                f"assignment:{a}"
                for a in c.execute("SELECT id FROM assignments WHERE class_id = :c", {"c": cid}).scalars()
            ]
            for u in dict.fromkeys(names):
                removed += len(
                    c.execute(
                        "DELETE FROM class_members WHERE class_id = :c AND username = :u RETURNING 1",
                        {"c": cid, "u": u},
                    ).all()
                )
                if answers:
                    for tag in tags:
                        deleted += len(
                            c.execute(
                                'DELETE FROM answers WHERE "user" = :u AND quiz = :q RETURNING 1', {"u": u, "q": tag}
                            ).all()
                        )
    except _DB_ERRORS as e:
        raise room._refused(e, "removing from a class") from None
    return {"memberships": removed, "answers": deleted}


# -- a login renamed ------------------------------------------------------------------------------------
def rename(room, old: str, new: str) -> str:
    """The learner (or teacher) ``old`` becomes ``new`` everywhere: the login (on a class database: the
    role renamed, its groups kept; with the hub's secret set, the new name's password), their answers,
    classes and join tries. Refused when ``new`` is taken (a login, a member or anyone's answers) or
    ``old`` is unknown. Returns the new login."""
    old_login, new_login = room._names([old, new])
    if old_login == new_login:
        raise ClassError(f"{old!r} and {new!r} are the same login  （新旧名字是同一个账号）")
    pg = _pg(room)
    try:
        with room.db.begin() as c:
            _may_manage(room, c)
            had = _traces(c, old_login, pg)
            exists = pg and _role_exists(c, old_login)
            if not exists and not any(had.values()):
                raise ClassError(f"no learner or teacher named {old!r}  （没有名为 {old!r} 的学员或老师）")
            if (pg and _role_exists(c, new_login)) or any(_traces(c, new_login, pg).values()):
                raise ClassError(
                    f"{new!r} exists already (a login, a class member or someone's answers): choose "
                    f"another name; nothing was changed  （{new!r} 已存在，请换一个名字；没有做任何改动）"
                )
            if pg and exists:
                _check_ours(c, old_login)
                from psycopg import sql

                raw = c.raw.connection.driver_connection
                c.raw.exec_driver_sql(
                    sql.SQL("ALTER ROLE {} RENAME TO {}")
                    .format(sql.Identifier(old_login), sql.Identifier(new_login))
                    .as_string(raw)
                )
                password_of = _password_of()
                if password_of is not None:
                    c.raw.exec_driver_sql(
                        sql.SQL("ALTER ROLE {} PASSWORD {}")
                        .format(sql.Identifier(new_login), sql.Literal(password_of(new_login)))
                        .as_string(raw)
                    )
            c.execute('UPDATE answers SET "user" = :n WHERE "user" = :o', {"n": new_login, "o": old_login})
            c.execute("UPDATE class_members SET username = :n WHERE username = :o", {"n": new_login, "o": old_login})
            if pg:
                c.execute(
                    "UPDATE join_failures SET username = :n WHERE username = :o", {"n": new_login, "o": old_login}
                )
    except _DB_ERRORS as e:
        raise room._refused(e, "renaming a login") from None
    return new_login


# -- a learner's data deleted everywhere ---------------------------------------------------------------
def forget_counts(room, name: str) -> dict:
    """What :func:`forget` would delete of ``name``: counts of answers, class memberships, join tries and
    whether there is a login. Changes nothing."""
    login = room._names([name])[0]
    try:
        with room.db.begin() as c:
            _may_manage(room, c)
            counts = _traces(c, login, _pg(room))
            if _pg(room):
                _check_ours(c, login)
                counts["login"] = int(_role_exists(c, login))
    except _DB_ERRORS as e:
        raise room._refused(e, "counting a learner's data") from None
    return counts


def forget(room, name: str) -> dict:
    """Delete everything the class database holds of ``name``: every answer (practice and assignments),
    every class membership, their failed join tries, and their login (a role mjlearn made; any other is
    refused, untouched). One transaction. Returns what was deleted, with counts."""
    login = room._names([name])[0]
    pg = _pg(room)
    try:
        with room.db.begin() as c:
            _may_manage(room, c)
            counts = _traces(c, login, pg)
            exists = pg and _check_ours(c, login) is not None
            if not exists and not any(counts.values()):
                raise ClassError(
                    f"no learner or teacher named {name!r}: nothing to delete  "
                    f"（没有名为 {name!r} 的学员或老师，没有可删除的内容）"
                )
            c.execute('DELETE FROM answers WHERE "user" = :u', {"u": login})
            c.execute("DELETE FROM class_members WHERE username = :u", {"u": login})
            if pg:
                c.execute("DELETE FROM join_failures WHERE username = :u", {"u": login})
                counts["login"] = int(exists)
                if exists:
                    from psycopg import sql

                    raw = c.raw.connection.driver_connection
                    c.raw.exec_driver_sql(sql.SQL("DROP ROLE {}").format(sql.Identifier(login)).as_string(raw))
    except _DB_ERRORS as e:
        raise room._refused(e, "deleting a learner's data") from None
    return counts


# -- class lists ------------------------------------------------------------------------------------------
def read_class_list(path) -> list[tuple[str, str]]:
    """The (name, role) rows of a class list: a CSV file whose first column is the name and whose second,
    optional, is ``learner``/``teacher`` (学员/老师); a header row, blank lines and a byte order mark are
    allowed; a name given twice with the same role counts once. Every row is checked before any is
    used; a bad row (an empty or overlong name, an unknown role, a name given as learner and teacher,
    a line that is not text) is refused with its line number, all in one :class:`ClassError` line. At
    most :data:`MAX_ROWS` rows, read in memory proportional to a line, not to the file."""
    rows: dict[str, tuple[str, int]] = {}
    bad: list[str] = []
    try:
        f = open(path, "rb")
    except OSError as e:
        raise ClassError(
            f"cannot read the class list {str(path)!r}: {e.strerror}  （无法读取名单文件 {str(path)!r}：{e.strerror}）"
        ) from None
    with f:
        counted = 0
        for number, raw, _ in bounded_lines(f, _MAX_LINE_BYTES):
            if raw is None:
                bad.append(f"line {number}: longer than {_MAX_LINE_BYTES} bytes / 行过长")
                continue
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                bad.append(f"line {number}: not UTF-8 text / 不是 UTF-8 文字")
                continue
            try:
                cells = next(csv.reader([text]), [])
            except csv.Error as e:
                bad.append(f"line {number}: {e} / 格式错误")
                continue
            cells = [x.strip() for x in cells]
            if not any(cells):
                continue  # a blank line
            if not rows and not bad and counted == 0 and cells[0].split("/")[0].strip().lower() in _HEADER_WORDS:
                continue  # the header row
            counted += 1
            if counted > MAX_ROWS:
                raise ClassError(
                    f"the class list {str(path)!r} has more than {MAX_ROWS} rows (line {number}); "
                    f"nothing was added  （名单超过 {MAX_ROWS} 行（第 {number} 行），没有添加任何人）"
                )
            name, role_word = cells[0], (cells[1] if len(cells) > 1 else "").split("/")[0].strip().lower()
            role = _ROLE_WORDS.get(role_word)
            if not name:
                bad.append(f"line {number}: no name / 没有名字")
            elif len(name) > MAX_NAME_CHARS:
                bad.append(f"line {number}: a name of {len(name)} characters (at most {MAX_NAME_CHARS}) / 名字过长")
            elif role is None:
                bad.append(
                    f"line {number}: role {cells[1][:20]!r} is neither learner nor teacher / 角色只能是学员或老师"
                )
            elif name in rows and rows[name][0] != role:
                bad.append(
                    f"line {number}: {name[:40]!r} is already a {rows[name][0]} on line {rows[name][1]} "
                    f"/ 同一人不能既是学员又是老师"
                )
            else:
                try:
                    role_name(name)
                except ClassError as e:
                    bad.append(f"line {number}: {str(e).split('  （')[0]}")
                    continue
                rows.setdefault(name, (role, number))
    if bad:
        more = f" (and {len(bad) - _SHOWN_BAD} more / 另有 {len(bad) - _SHOWN_BAD} 行)" if len(bad) > _SHOWN_BAD else ""
        raise ClassError(
            f"the class list {str(path)!r} has {len(bad)} bad row(s), so no one was added: "
            f"{'; '.join(bad[:_SHOWN_BAD])}{more}  （名单有 {len(bad)} 行有误，没有添加任何人）"
        )
    if not rows:
        raise ClassError(f"the class list {str(path)!r} names no one  （名单中没有任何名字）")
    return [(name, role) for name, (role, _) in rows.items()]


def import_list(room, class_name: str, path) -> dict:
    """Add everyone of the class list ``path`` (:func:`read_class_list`) to class ``class_name``, learners
    and teachers, in one transaction: a bad row, or a name the class cannot take, adds no one. Returns
    each name's login."""
    logins: dict[str, str] = {}
    try:
        with room.db.begin() as c:
            _may_manage(room, c)
            room._class_id(c, class_name)  # a mistyped class is said first, before the file's rows
            rows = read_class_list(path)
            by_role = {role: [n for n, r in rows if r == role] for role in ("teacher", "learner")}
            for role, given in by_role.items():
                if given:
                    names = room._names(given)
                    room._enrol(c, class_name, names, role)
                    logins.update(zip(given, names))
    except _DB_ERRORS as e:
        raise room._refused(e, "importing a class list") from None
    return logins


def claim_output(path, force: bool) -> tuple[Folder, str]:
    """The folder and name a command writes ``path`` as: refused when it exists (unless ``force``), is a
    symbolic link (always: mjlearn never writes through one), or is not a plain file."""
    import stat

    path = os.fspath(path)
    parent, name = os.path.split(os.path.abspath(path))
    try:
        folder = Folder.root(parent)
    except OSError as e:
        raise ClassError(f"cannot write {path!r}: {e.strerror}  （无法写入 {path!r}：{e.strerror}）") from None
    st = folder.lstat(name)
    if st is not None:
        folder.close()
        if stat.S_ISLNK(st.st_mode):
            raise ClassError(
                f"{path!r} is a symbolic link: mjlearn never writes through one; give another "
                f"file name  （{path!r} 是符号链接，mjlearn 不会通过它写入，请换一个文件名）"
            )
        if not stat.S_ISREG(st.st_mode):
            raise ClassError(f"{path!r} exists and is not a plain file  （{path!r} 已存在且不是普通文件）")
        if not force:
            raise ClassError(
                f"{path!r} exists already: give a new file name, or --force to replace it  "
                f"（{path!r} 已存在：请换一个文件名，或加 --force 覆盖）"
            )
    return folder, name


def export_list(room, class_name: str, path, *, force: bool = False) -> int:
    """Write class ``class_name``'s members (login and role, the teachers first) to the CSV file ``path``
    with bilingual headers, readable again by :func:`import_list`; returns how many."""
    import io

    try:
        with room.db.connect() as c:
            cid = room._class_id(c, class_name)
            members = c.execute(
                "SELECT username, role FROM class_members WHERE class_id = :c ORDER BY role DESC, username", {"c": cid}
            ).all()
    except _DB_ERRORS as e:
        raise room._refused(e, "reading a class list") from None
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(HEADERS)
    w.writerows(members)
    folder, name = claim_output(path, force)
    try:
        with folder:
            write_whole(folder, name, ("\ufeff" + out.getvalue()).encode("utf-8"))
    except (OSError, OutputFolderError) as e:
        raise ClassError(f"cannot write {os.fspath(path)!r}: {e}  （无法写入文件）") from None
    return len(members)
