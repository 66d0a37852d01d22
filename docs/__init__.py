"""The documentation, shipped in the wheel as `generator.docs` (pyproject.toml maps this
folder there), so that `rulebook docs` shows the same pages to a user without a checkout."""
