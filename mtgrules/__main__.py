"""``python -m mtgrules``: see :mod:`mtgrules.cli`."""

import sys

from mtgrules.cli import main

sys.exit(main())
