"""ASTRA-style evaluation: tool-calling conversations over personal context."""
