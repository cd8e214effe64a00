"""Why the class database could not be opened, said as the person at the terminal needs it: a missing
password is not "unreachable", a server that is not running is "connection refused", a database that
is not there is named. Reads the driver's own message (libpq's), never guesses.
"""

from __future__ import annotations

import re

__all__ = ["connection_problem", "where_of"]


def _driver_error(e: BaseException | None):
    """The SQLAlchemy DBAPIError behind ``e`` (itself, or what it was raised from or while handling)."""
    seen: set[int] = set()
    while e is not None and id(e) not in seen:
        seen.add(id(e))
        if hasattr(e, "orig") and hasattr(e, "connection_invalidated"):
            return e
        e = e.__cause__ or e.__context__
    return None


def connection_problem(e: BaseException, where: str) -> str | None:
    """One bilingual line for a failure to connect to the class database at ``where`` (``host:port/db``),
    or None when ``e`` is not one (then its own message stands)."""
    found = _driver_error(e)
    if found is None:
        return None
    text = " ".join(str(found.orig or found).split())
    m = re.search(r'database "([^"]*)" does not exist', text)
    if m:
        return (
            f"the database server answers, but has no database {m.group(1)!r} ({where}): create it (createdb "
            f"{m.group(1)}) or correct MJLEARN_DB  （数据库服务器在运行，但没有名为 {m.group(1)!r} 的数据库：请先建立它或改正 MJLEARN_DB）"
        )
    if "no password supplied" in text:
        return (
            f"the class database ({where}) asks for a password and none was given: set PGPASSWORD, or keep it "
            f"in ~/.pgpass (mjlearn class login NAME --pgpass)  （班级数据库需要密码，但没有提供：请设置 PGPASSWORD 或写入 ~/.pgpass）"
        )
    m = re.search(r'password authentication failed for user "([^"]*)"', text)
    if m:
        return (
            f"the class database ({where}) did not accept the login {m.group(1)!r}: the password is "
            f"wrong  （班级数据库拒绝了账号 {m.group(1)!r} 的密码：密码错误）"
        )
    m = re.search(r'role "([^"]*)" does not exist', text)
    if m:
        return (
            f"the class database ({where}) has no login {m.group(1)!r}: check the user in MJLEARN_DB  "
            f"（班级数据库中没有账号 {m.group(1)!r}：请检查 MJLEARN_DB 中的用户名）"
        )
    if "Connection refused" in text or ("No such file or directory" in text and "socket" in text):
        return (
            f"connection refused: no database server is running at {where.split('/')[0]} (start PostgreSQL, or "
            f"correct the host and port in MJLEARN_DB)  （连接被拒绝：{where.split('/')[0]} 上没有运行数据库服务器，"
            f"请启动 PostgreSQL 或改正 MJLEARN_DB）"
        )
    if "could not translate host name" in text or "timeout expired" in text or "No route to host" in text:
        return (
            f"the class database's server {where.split('/')[0]} cannot be reached ({text[:120]})  "
            f"（无法连接班级数据库服务器 {where.split('/')[0]}）"
        )
    return None


def where_of(url: str) -> str:
    """``host:port/database`` of a database URL (never its password)."""
    import sqlalchemy as sa

    try:
        u = sa.make_url(url)
    except sa.exc.ArgumentError:
        return "MJLEARN_DB"
    return f"{u.host or u.query.get('host') or 'localhost'}:{u.port or 5432}/{u.database or ''}"
