"""Content layer: book folders (YAML + Markdown) read into a validated model."""
