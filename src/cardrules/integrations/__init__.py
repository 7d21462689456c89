"""Adapters for host frameworks: openspiel, pettingzoo, gymnasium (one extra each)."""
