"""index of answers by user and id

Revision ID: 0002
Revises: 0001
"""

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

WHY = "index of answers by user and id"
# One learner's answers in order (rows(), every view) read from an index, not a sort.
SQLITE = "CREATE INDEX IF NOT EXISTS answers_user_id ON answers(user, id);"
POSTGRESQL = 'CREATE INDEX IF NOT EXISTS answers_user_id ON answers("user", id);'


def upgrade() -> None:
    from mjlearn.store.migrations import run

    run(SQLITE, POSTGRESQL)


def downgrade() -> None:
    raise NotImplementedError("the progress database only goes forward")
