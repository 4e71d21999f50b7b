"""Agents: the model-free baselines (oracle, null, replay) and the model-driven agents (CCK, PS,
self-debugging)."""
