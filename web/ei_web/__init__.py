"""Ember Isle in the app: the second game's UI, a pure-Python package like `si_web`.

It ships in its own archive (``ember.pack.gz``, with the `ember_isle` engine), fetched and
unpacked only when a player chooses Ember Isle; Small Islands' start never imports it.
`browser` is its one browser module; everything else is pure and tested in CPython.
"""
