"""Entry point of the bundled program (``make bundle``): the ``boardapp`` command."""

import sys

from boardapp.cli import main

if __name__ == "__main__":
    sys.exit(main())
