"""Alembic environment: the revisions always run on a connection handed over by mjlearn
(``config.attributes["connection"]``); mjlearn commits."""

from alembic import context


def run() -> None:
    connection = context.config.attributes["connection"]
    context.configure(connection=connection, target_metadata=None, transactional_ddl=False)
    context.run_migrations()


if hasattr(context, "config"):  # only inside an Alembic run (not when a test collector imports it)
    run()
