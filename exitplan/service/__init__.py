"""What the faces call: the workspace, the journal of a home, the glance router."""
