"""``python -m checker``: see :mod:`checker.cli`."""
import sys

try:
    from .cli import main
except KeyboardInterrupt:  # Ctrl-C while starting: nothing ran yet
    sys.exit(130)

sys.exit(main())
