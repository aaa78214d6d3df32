"""Sealing: the passphrase, the wrapped data key and sealed files."""
