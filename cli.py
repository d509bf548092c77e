"""The ``overlord`` command from a source checkout: ``python cli.py ...`` runs what the installed
``overlord`` script runs (``overlord.cli``)."""

from overlord.cli import main

if __name__ == "__main__":
    main()
