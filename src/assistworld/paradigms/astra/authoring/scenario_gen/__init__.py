"""A generator of ASTRA scenarios from storyline worlds: template families derive
lookups, writes, cross-app and conditional tasks, clarification dialogues and misinformation
from the world's real records (see :mod:`.generate`)."""
