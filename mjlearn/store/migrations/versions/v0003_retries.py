"""retries column

Revision ID: 0003
Revises: 0002
"""

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

WHY = "retries column"
# How many wrong tries came before this answer to the same question (review ratings and mastery count
# a corrected answer as half right). Rows written before keep 0.
SQLITE = "ALTER TABLE answers ADD COLUMN retries INTEGER NOT NULL DEFAULT 0;"
POSTGRESQL = "ALTER TABLE answers ADD COLUMN IF NOT EXISTS retries INTEGER NOT NULL DEFAULT 0;"


def upgrade() -> None:
    from mjlearn.store.migrations import run

    run(SQLITE, POSTGRESQL)


def downgrade() -> None:
    raise NotImplementedError("the progress database only goes forward")
