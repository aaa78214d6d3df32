"""Allow `python -m exitplan` (the glance first, then the full command line)."""

from exitplan.cli.entry import main

main()
