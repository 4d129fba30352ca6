"""The games of the app: one module each, whose ``PLUGIN`` (`game_shell.registry.GamePlugin`)
is all the shell knows of it. A module here imports nothing of its game when imported (a game
fetched on demand is not in the page until chosen): what it names, it names as text."""
