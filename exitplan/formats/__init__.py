"""File formats: checklists, the plan file and data files, validated.

pydantic and tomllib are imported only in this layer.
"""
