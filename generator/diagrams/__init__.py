"""Diagrams drawn from engine states and component data, as SVG (svgwrite).

One geometry for every medium: the PDF converts these SVGs with svglib, the figures are
also written as files, and the HTML edition can inline them.
"""
