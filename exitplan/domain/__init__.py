"""The domain: what a plan is and how it is paced, as plain values (stdlib only)."""
