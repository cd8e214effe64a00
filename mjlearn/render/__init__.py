"""Rendering: mjlearn's own path-only tile art and the SVG/HTML of tiles, melds and hands.

Import :mod:`mjlearn.render.svg` for the functions; nothing here is loaded by ``import mjlearn``
(objects import the renderer lazily from their ``_repr_svg_``/``_repr_html_``), and nothing here
imports matplotlib or ipywidgets.
"""
