"""Sound and vibration in the page, for every game: Web Audio buffers of the sounds
synthesised by `game_shell.synth` (nothing downloaded), played by name, and a short buzz
(``navigator.vibrate``). Game-free browser glue that imports
nothing of the browser: a game hands it the page's ``window`` and ``document`` (`for_page`),
so the build's Python snapshot and the CPython tests can import it like the pure modules.

No sound is made and no AudioContext exists before the player turns sound on: a game calls
`Sounds.ensure` only while the sound setting is on, in the render after the tap that turned it
on (a context needs a tap to start), and the sounds it names are made then, one task each
(~2-20 ms of Python each), and decoded by the browser as the WAV files they were.
One `Sounds` per page (`for_page`): the games share its AudioContext and its lists of what was
made, ``window.siSoundsMade``, and played, ``window.siSounds`` (comma-separated, the latest
50), which the browser tests read.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Iterable
from typing import Any

from . import synth

Js = Any
VOLUME = 0.55
GAP_S = 0.12  # sounds of one change play one after the other, this far apart
BUZZ_MS = 15


class Sounds:
    """The page's sounds and vibration (see the module doc)."""

    def __init__(self, window: Js, document: Js) -> None:
        self.window, self.document = window, document
        self.audio: Js = None
        self.gain: Js = None
        self.buffers: dict[str, Js] = {}
        self.asked: set[str] = set()  # made, or being made
        self.played: list[str] = []

    def ensure(self, names: Iterable[str]) -> None:
        """Web Audio, made the first time sound is on (and `names` made, once each);
        resumed when the browser had suspended it."""
        if self.audio is None:
            ctor = getattr(self.window, "AudioContext", None) or getattr(
                self.window, "webkitAudioContext", None)
            if ctor is None:
                return
            self.audio = ctor.new()
            self.document.body.dataset.audio = "on"
            self.gain = self.audio.createGain()
            self.gain.gain.value = VOLUME
            self.gain.connect(self.audio.destination)
        elif str(self.audio.state) == "suspended":
            self.audio.resume()
        for name in names:
            if name not in self.asked:
                self.asked.add(name)
                asyncio.ensure_future(self.load(name))

    async def load(self, name: str) -> None:
        """Make the sound `name` (after the render that asked for it) and decode it."""
        try:
            await asyncio.sleep(0)
            data = synth.wav(name)  # to the page as one JSON array: one crossing, not 5 000
            array = self.window.Uint8Array.new(self.window.JSON.parse(json.dumps(list(data))))
            self.buffers[name] = await self.audio.decodeAudioData(array.buffer)
            self.window.siSoundsMade = ",".join(sorted(self.buffers))
        except Exception as exc:  # a sound that cannot be made stays silent
            self.window.console.warn(f"sound {name} was not made ({exc})")

    def play(self, names: list[str]) -> None:
        """Play sounds one after the other (nothing before `ensure` made the audio)."""
        if self.audio is None or not names:
            return
        for k, name in enumerate(names):
            self.played.append(name)
            buffer = self.buffers.get(name)
            if buffer is None:
                continue
            source = self.audio.createBufferSource()
            source.buffer = buffer
            source.connect(self.gain)
            source.start(self.audio.currentTime + GAP_S * k)
        self.window.siSounds = ",".join(self.played[-50:])

    def vibrate(self) -> None:
        """A short buzz, where the device can."""
        nav = self.window.navigator
        if hasattr(nav, "vibrate"):
            with contextlib.suppress(Exception):
                nav.vibrate(BUZZ_MS)


_page: list[Sounds] = []  # one page per Python runtime


def for_page(window: Js, document: Js) -> Sounds:
    """The page's one `Sounds` (every game's page module asks for it; made by the first)."""
    if not _page:
        _page.append(Sounds(window, document))
    return _page[0]
