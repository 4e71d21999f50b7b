"""The planning agents: model-driven planners (hierarchical and flat, zero- or k-shot) and the
model-free baselines (oracle, null, replay)."""
