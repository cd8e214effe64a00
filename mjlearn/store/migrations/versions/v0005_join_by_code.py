"""answers found by quiz (assignments); on PostgreSQL, learners join a class with its code

Revision ID: 0005
Revises: 0004
"""

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

WHY = "answers by quiz (assignments); joining a class with its code"
# An answer to an assignment is recorded with quiz = 'assignment:ID': the class report and a learner's
# list of assignments look answers up by quiz.
SQLITE = "CREATE INDEX IF NOT EXISTS answers_quiz ON answers(quiz);"

# A learner's role may not add rows to class_members; mjlearn_join(code) (run with the owner's rights)
# adds the caller, as a learner, to the class with that code, and returns the class's name (NULL for
# an unknown code). Only members of mjlearn_learner may call it.
POSTGRESQL = """
CREATE INDEX IF NOT EXISTS answers_quiz ON answers(quiz);
CREATE OR REPLACE FUNCTION mjlearn_join(class_code TEXT) RETURNS TEXT
    LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path FROM CURRENT AS $f$
DECLARE
    cls BIGINT;
    cls_name TEXT;
BEGIN
    SELECT id, name INTO cls, cls_name FROM classes WHERE upper(code) = upper(class_code);
    IF cls IS NULL THEN
        RETURN NULL;
    END IF;
    INSERT INTO class_members (class_id, username, role) VALUES (cls, session_user, 'learner')
        ON CONFLICT DO NOTHING;
    RETURN cls_name;
END
$f$;
REVOKE ALL ON FUNCTION mjlearn_join(TEXT) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION mjlearn_join(TEXT) TO mjlearn_learner;
"""


def upgrade() -> None:
    from mjlearn.store.migrations import run

    run(SQLITE, POSTGRESQL)


def downgrade() -> None:
    raise NotImplementedError("the progress database only goes forward")
