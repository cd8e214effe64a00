"""``python -m mjlearn`` is the ``mjlearn`` command."""

import sys

from .cli import main

sys.exit(main())
