"""on PostgreSQL: join attempts limited per login, membership functions about the caller only, long
class codes, and the answers' values checked by the database

Revision ID: 0006
Revises: 0005
"""

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

WHY = "join attempts limited, membership asked only about oneself, long class codes, answers' values checked"

# The SQLite file is one person's (or one computer's): nothing there to guard against its own user.
SQLITE = "-- nothing to change in the SQLite file"

JOIN_FAILURES_PER_HOUR = 10
"""Wrong codes a learner's login may try in an hour; then mjlearn_join refuses without looking."""
JOIN_SECONDS = 0.25
"""What every code checked costs, in seconds, one at a time per login: a statement sweeping codes, or
many connections at once, gets no further (rolled back or cancelled, the time is spent all the same)."""

# mjlearn_join(code), run with the owner's rights by a learner's login:
# - takes a lock of the caller's own (one attempt at a time per login, whatever the connections);
# - with 10 wrong codes in the last hour (join_failures, which no learner may read or write), returns
#   NULL without looking at the code; mjlearn_join_wait() says how many seconds remain;
# - otherwise waits a quarter second BEFORE looking (cancelling it early reveals nothing), then looks
#   the code up by its letters and digits in capitals, and records a failure or adds the caller.
# The older two-argument mjlearn_in_class and mjlearn_teaches answered about anyone; their successors
# answer only about the caller (session_user), so a learner cannot list a roster or a class's teachers.
# The CHECK on answers is NOT VALID: rows already there stay (the teacher's report re-grades and flags
# them); every new row must be readable: a question that is a JSON object, an answer in JSON, a time
# between 2000 and 2100, a verdict of 0 or 1, counts that are counts.
POSTGRESQL = f"""
CREATE TABLE IF NOT EXISTS join_failures (
    username TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL
);
CREATE INDEX IF NOT EXISTS join_failures_by_user ON join_failures (username, at);
REVOKE ALL ON join_failures FROM PUBLIC;
ALTER TABLE join_failures ENABLE ROW LEVEL SECURITY;

CREATE OR REPLACE FUNCTION mjlearn_join(class_code TEXT) RETURNS TEXT
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path FROM CURRENT AS $f$
DECLARE
    cls BIGINT;
    cls_name TEXT;
    wanted TEXT := '';
    now_s DOUBLE PRECISION;
BEGIN
    PERFORM pg_advisory_xact_lock(1835625582, hashtext(session_user::text));
    now_s := extract(epoch FROM clock_timestamp());
    IF (SELECT count(*) FROM join_failures WHERE username = session_user
          AND at > now_s - 3600) >= {JOIN_FAILURES_PER_HOUR} THEN
        RETURN NULL;
    END IF;
    PERFORM pg_sleep({JOIN_SECONDS});
    IF length(class_code) BETWEEN 1 AND 200 THEN
        wanted := upper(regexp_replace(class_code, '[^0-9A-Za-z]', '', 'g'));
    END IF;
    IF wanted <> '' THEN
        SELECT id, name INTO cls, cls_name FROM classes
            WHERE upper(regexp_replace(code, '[^0-9A-Za-z]', '', 'g')) = wanted;
    END IF;
    IF cls IS NOT NULL THEN  -- found: the caller joins, as a learner, and nothing is recorded
        INSERT INTO class_members (class_id, username, role) VALUES (cls, session_user, 'learner')
            ON CONFLICT DO NOTHING;
        RETURN cls_name;
    END IF;
    DELETE FROM join_failures WHERE username = session_user AND at <= now_s - 3600;
    INSERT INTO join_failures (username, at) VALUES (session_user, extract(epoch FROM clock_timestamp()));
    RETURN NULL;
END
$f$;
CREATE OR REPLACE FUNCTION mjlearn_join_wait() RETURNS DOUBLE PRECISION
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path FROM CURRENT AS $f$
    SELECT coalesce(greatest(0, max(at) + 3600 - extract(epoch FROM clock_timestamp())), 0)
    FROM (SELECT at FROM join_failures WHERE username = session_user
          ORDER BY at DESC OFFSET {JOIN_FAILURES_PER_HOUR - 1} LIMIT 1) AS tenth
$f$;

CREATE OR REPLACE FUNCTION mjlearn_in_class(cls BIGINT) RETURNS BOOLEAN
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path FROM CURRENT AS $f$
    SELECT EXISTS (SELECT 1 FROM class_members WHERE username = session_user AND class_id = cls)
$f$;
CREATE OR REPLACE FUNCTION mjlearn_teaches_class(cls BIGINT) RETURNS BOOLEAN
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path FROM CURRENT AS $f$
    SELECT EXISTS (SELECT 1 FROM class_members WHERE username = session_user AND class_id = cls
                   AND role = 'teacher')
$f$;
CREATE OR REPLACE FUNCTION mjlearn_teaches(learner TEXT) RETURNS BOOLEAN
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path FROM CURRENT AS $f$
    SELECT EXISTS (SELECT 1 FROM class_members t JOIN class_members l ON l.class_id = t.class_id
                   WHERE t.username = session_user AND t.role = 'teacher'
                     AND l.username = learner AND l.role = 'learner')
$f$;
DROP POLICY IF EXISTS teacher_reads_class ON answers;
CREATE POLICY teacher_reads_class ON answers FOR SELECT TO mjlearn_teacher
    USING ("user" = current_user OR mjlearn_teaches("user"));
DROP POLICY IF EXISTS member_sees_class ON classes;
CREATE POLICY member_sees_class ON classes FOR SELECT USING (mjlearn_in_class(id));
DROP POLICY IF EXISTS member_sees_members ON class_members;
CREATE POLICY member_sees_members ON class_members FOR SELECT
    USING (username = current_user OR mjlearn_teaches_class(class_id));
DROP POLICY IF EXISTS member_sees_assignments ON assignments;
CREATE POLICY member_sees_assignments ON assignments FOR SELECT USING (mjlearn_in_class(class_id));
DROP FUNCTION IF EXISTS mjlearn_teaches(TEXT, TEXT);
DROP FUNCTION IF EXISTS mjlearn_in_class(TEXT, BIGINT);
REVOKE ALL ON FUNCTION mjlearn_join(TEXT), mjlearn_join_wait(), mjlearn_in_class(BIGINT),
    mjlearn_teaches_class(BIGINT), mjlearn_teaches(TEXT) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION mjlearn_join(TEXT), mjlearn_join_wait() TO mjlearn_learner;
GRANT EXECUTE ON FUNCTION mjlearn_in_class(BIGINT), mjlearn_teaches_class(BIGINT), mjlearn_teaches(TEXT)
    TO mjlearn_learner, mjlearn_teacher;

ALTER TABLE answers ADD CONSTRAINT answers_readable CHECK (
    at >= 946684800 AND at < 4102444800
    AND correct IN (0, 1) AND score >= 0 AND score <= 1
    AND difficulty BETWEEN 1 AND 3 AND hints BETWEEN 0 AND 1000000 AND retries BETWEEN 0 AND 1000000
    AND (seconds IS NULL OR (seconds >= 0 AND seconds < 1e9))
    AND length(kind) <= 64 AND length(topic) <= 64 AND (quiz IS NULL OR length(quiz) <= 1000)
    AND length(question) <= 100000 AND length(answer) <= 100000
    AND jsonb_typeof(question::jsonb) = 'object' AND (answer::jsonb IS NOT NULL)
) NOT VALID;
"""


def upgrade() -> None:
    from alembic import op

    from mjlearn.store.migrations import run

    run(SQLITE, POSTGRESQL)
    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        return
    # A class code shorter than a new one (the three bytes of earlier releases, or a word a teacher
    # chose) could be guessed: it is replaced by a new code; `mjlearn class list` shows the new ones.
    # Learners already in the class stay in it.
    from mjlearn.store.codes import CODE_CHARS, code_key, new_code

    for cid, code in bind.exec_driver_sql("SELECT id, code FROM classes WHERE code IS NOT NULL").all():
        if len(code_key(code)) < CODE_CHARS:
            bind.exec_driver_sql("UPDATE classes SET code = %(c)s WHERE id = %(i)s", {"c": new_code(), "i": cid})


def downgrade() -> None:
    raise NotImplementedError("the progress database only goes forward")
