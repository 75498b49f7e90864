"""``python -m checker``: see :mod:`checker.cli`."""
import sys

from .cli import main

sys.exit(main())
