"""mjlearn's version: read by the build (pyproject.toml), `mjlearn --version` and the browser build's wheel."""

__version__ = "0.1.0"
