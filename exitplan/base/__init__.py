"""Leaves: the errors people see, names and limits, start-up hardening. Stdlib only."""
