"""The data home: the store and its lock, backups, the key session, re-keying, the cache.

And the list of every file the home holds (`where`, `wipe`).
"""
