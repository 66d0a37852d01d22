"""Worked examples: replayed through a rules engine, checked, and kept for the book."""
