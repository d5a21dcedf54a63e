"""The Qt-free core: state, actions, seeded dice, action log, maps and ruleset plugins."""
