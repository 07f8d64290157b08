"""``python -m tirada``: see :mod:`tirada.cli`."""

import sys

from .cli import main

sys.exit(main())
