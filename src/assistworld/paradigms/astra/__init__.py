"""The ``astra`` paradigm: personal-context scenarios played as conversations, an assistant
calling tools turn by turn and a simulated (or scripted) user answering, every step recorded
with the world as it was after it (after the ASTRA-bench design)."""
