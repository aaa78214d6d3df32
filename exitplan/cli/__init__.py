"""The command line: parse, call the core, render. The only package that imports typer or rich.

`entry.main` is the console script: it tries the glance (`exitplan.service.glance`) before any
framework is imported, then runs the full command line. `common` holds the options holder and
the output layer, one module per group of commands holds the commands, and `app` registers them
(in the order `--help` shows) and runs them.
"""
