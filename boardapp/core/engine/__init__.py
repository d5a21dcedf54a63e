"""The game engine: state, actions, the flow of steps, the ruleset interface, a game and its log."""
