"""The app shell: what every game of the app stands on (storage, the two-window guard, Back,
markup, the save path, the one bot worker, gestures, the device's settings and their screen,
sounds and vibration, the picture a returning visit paints first, the game registry and the
host that hands the screen to a game, "Your games" and the statistics across games, the
keyboard shortcut list that `?` opens). It names
no game: games register through `registry`."""
