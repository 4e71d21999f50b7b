"""Proving the scenarios sound: the conversations each is played with, the rules, capabilities and
mutants (`verify`)."""
