"""The ``overlord`` command (the console script, and ``python -m overlord``). The command's modules
are imported here, after the program has started, so that a ctrl-C pressed while they load ends it
quietly - exit 130, as a shell's ctrl-C does - never with a traceback of the import."""

import sys


def main() -> None:
    try:
        from overlord.cli import main as command   # cycle: not one - loaded inside the ctrl-C guard (docstring)
    except KeyboardInterrupt:
        sys.exit(130)
    command()


if __name__ == "__main__":
    main()
