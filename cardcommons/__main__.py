"""``python -m cardcommons``: see :mod:`cardcommons.cli`."""

import sys

from cardcommons.cli import main

sys.exit(main())
