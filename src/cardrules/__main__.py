"""``python -m cardrules``: the command line, see :mod:`cardrules.cli`."""

import sys

from cardrules.cli import main

if __name__ == "__main__":
    sys.exit(main())
