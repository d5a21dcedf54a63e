"""``python -m boardapp`` runs the ``boardapp`` command."""

import sys

from .cli import main

sys.exit(main())
