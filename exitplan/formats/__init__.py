"""The file formats: reading, checking and writing exitplan's files."""
