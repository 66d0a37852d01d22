"""Printable rulebooks, reference cards and token sheets from structured rule content."""

__version__ = "0.1.0"
