"""Views: the plan and the day turned into lines, JSON shapes and pages. No file I/O."""
