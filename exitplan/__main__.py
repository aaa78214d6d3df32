"""Allow `python -m exitplan`."""

from exitplan.cli import main

main()
