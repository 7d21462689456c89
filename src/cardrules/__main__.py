"""``python -m cardrules`` and the ``cardrules`` script: the command line, see :mod:`cardrules.cli`."""

import signal
import sys


def run() -> int:
    """Load the command line and run it; Ctrl-C while it loads ends it quietly (exit status 130),
    as it does once it runs, instead of with a traceback of the import it interrupted."""
    try:
        from cardrules.cli import main  # imported here, so that an interrupt while it loads is caught
    except KeyboardInterrupt:
        print("cardrules: interrupted", file=sys.stderr)
        return 130
    status = main()
    # The command has said all it will: a late Ctrl-C or SIGTERM (a second one after a run was
    # stopped, say) must not turn its exit status into death by that signal while Python shuts down.
    for number in (signal.SIGINT, signal.SIGTERM):
        signal.signal(number, signal.SIG_IGN)
    return status


if __name__ == "__main__":
    sys.exit(run())
