"""The evidence journal: records in a hash chain, entries, attachments, exports.

It knows no workspace: the sealing and the lock are handed in by `exitplan.service.journal`.
"""
