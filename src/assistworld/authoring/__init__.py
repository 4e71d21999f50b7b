"""The author's reference page: what a task file may use and name, made from the declarations.

``python -m assistworld.authoring > docs/authoring.md`` writes it (see :mod:`.page`).
"""
