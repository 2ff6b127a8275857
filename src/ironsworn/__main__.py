"""Run the command line with ``python -m ironsworn``."""

from ironsworn.cli.main import main

raise SystemExit(main())
