"""``python -m muehle``: the ``muehle`` command, for where its script is not on the PATH."""

from muehle.analyzer.cli import main

if __name__ == "__main__":
    main()
