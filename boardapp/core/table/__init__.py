"""The free table: figures on rectangular bases anywhere on a table measured in
centimetres, scenery shapes, and the geometry skirmish games ask (Qt-free, no game named).

- :mod:`.fixed`: positions in fixed point (integers of 0.1 mm, facings in tenths of a
  degree) and their text in actions (``12.5,30,90``);
- :mod:`.bases`: rotated rectangular bases: edge-to-edge distance, contact, arcs, left and
  right, groups, radius queries (indexed with shapely's STRtree);
- :mod:`.tablemap`: a table board read from ``maps/*.yaml`` (``format: boardapp-table``),
  validated, its scenery indexed;
- :mod:`.sight`: line of sight with heights, cover near the line, all pairs at once;
- :mod:`.paths`: path length with obstacle costs, and the point reached for an effort;
- :mod:`.positions`: where the state keeps a figure's position (``pieces[pid]["at"]``).
"""
