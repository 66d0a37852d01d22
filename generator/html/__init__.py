"""The phone-friendly HTML edition: one self-contained file per book, from the same content,
the same replays and the same SVG figures as the PDF."""
