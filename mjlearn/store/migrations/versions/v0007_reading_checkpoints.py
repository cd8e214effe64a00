"""reading checkpoints

Revision ID: 0007
Revises: 0006
"""

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

WHY = "reading checkpoints: a learner's derived reading kept, to read only the answers after it"
# Derived data only (mjlearn.store.checkpoint): what a full reading of one learner's answers found, valid
# through the answer ``through``, with a fingerprint of the answers it covers; two triggers count every
# edit and deletion of an answer (meta 'answers_edited'), which the fingerprint includes. Deleting a row of it, or
# the whole table's content, loses nothing: the next reading reads every answer again. The class
# database (PostgreSQL) keeps no checkpoint: its readings are full.
SQLITE = """
CREATE TABLE IF NOT EXISTS reading_checkpoints (
    user TEXT PRIMARY KEY,
    version TEXT NOT NULL,          -- mjlearn's version and the reading code's
    through INTEGER NOT NULL,       -- the last answer id it covers
    fingerprint TEXT NOT NULL,      -- of the answers it covers and of the state
    state TEXT NOT NULL             -- the reading's state as JSON
);
CREATE TRIGGER IF NOT EXISTS answers_updated AFTER UPDATE ON answers BEGIN
    INSERT OR REPLACE INTO meta VALUES ('answers_edited',
        CAST(coalesce((SELECT value FROM meta WHERE key = 'answers_edited'), '0') AS INTEGER) + 1);
END;
CREATE TRIGGER IF NOT EXISTS answers_deleted AFTER DELETE ON answers BEGIN
    INSERT OR REPLACE INTO meta VALUES ('answers_edited',
        CAST(coalesce((SELECT value FROM meta WHERE key = 'answers_edited'), '0') AS INTEGER) + 1);
END;
"""


def upgrade() -> None:
    from alembic import op

    from mjlearn.store.migrations import run

    if op.get_bind().dialect.name == "sqlite":
        run(SQLITE, "")


def downgrade() -> None:
    raise NotImplementedError("the progress database only goes forward")
