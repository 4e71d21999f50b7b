"""Writing scenarios: the storyline worlds and the seeded generator of the lifelines suite."""
