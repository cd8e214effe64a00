"""Execute notebooks and export them to static HTML with the widgets' static pictures showing.

    .venv/bin/python tools/export_html.py notebooks/05_hand_editor.ipynb [...] --out-dir /tmp/html

The same as ``mjlearn export`` (see mjlearn/cli_export.py); kept for the screenshot scripts.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mjlearn.cli import main

if __name__ == "__main__":
    sys.exit(main(["export", *sys.argv[1:]]))
