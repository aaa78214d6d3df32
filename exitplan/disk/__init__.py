"""File access in the data home: atomic writes, the safe reader, where the home is."""
