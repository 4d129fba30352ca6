"""The app's sounds, synthesised in the page when sound is first turned on: nothing to
download (they were 15 KB of WAV files). Pure and deterministic (sines and seeded noise;
standard library only): `wav(name)` is the same bytes in CPython and in Pyodide, and those the
app shipped as ``sounds/*.wav`` before (tests/test_web_art.py checks their digests).

take (a tile slides off the display), place (a wooden tock), build (two knocks), score (a
two-note chime), land (a wave), end (a rising arpeggio). Mono, 8 000 Hz, 8-bit, peak 0.8,
a 10 ms fade at the end; the page's Web Audio decodes them as it decoded the files
(`game_shell.sounds`).

>>> sorted(RECIPES)
['build', 'end', 'land', 'place', 'score', 'take']
>>> data = wav("place"); data[:4], data[8:12], len(data) - 44 == int(0.12 * RATE)
(b'RIFF', b'WAVE', True)
"""

from __future__ import annotations

import math
import random
import struct
from collections.abc import Callable

RATE = 8_000
Samples = list[float]
Part = Callable[[int], Samples]  # the number of samples -> the part's samples


def tone(freq: float, decay: float, start: float = 0.0,
         harmonics: tuple[float, ...] = (1.0,)) -> Part:
    """A struck tone at `freq` Hz from `start` s, fading with time constant `decay` s."""

    def part(n: int) -> Samples:
        out = [0.0] * n
        sin, exp = math.sin, math.exp
        steps = [(a, 2 * math.pi * freq * (k + 1)) for k, a in enumerate(harmonics)]
        for i in range(n):
            u = i / RATE - start
            if u < 0:
                continue
            wave_: float = 0
            for a, w in steps:
                wave_ += a * sin(w * u)
            out[i] = min(1.0, u / 0.004) * exp(-u / decay) * wave_
        return out

    return part


def noise(seed: int, length: float, attack: float, smooth: float) -> Part:
    """Low-passed seeded noise (`smooth` 0..1: more is darker) with a rise and a fall."""

    def part(n: int) -> Samples:
        rng = random.Random(seed)
        made, y = [], 0.0
        for _ in range(int(length * RATE) + 1):
            y = smooth * y + (1 - smooth) * rng.uniform(-1, 1)
            made.append(y)
        out = [0.0] * n
        for i in range(n):
            t = i / RATE
            j = int(t * RATE)  # i, or i - 1 where i / RATE rounds down (as the files were made)
            if j < len(made):
                out[i] = min(1.0, t / attack) * max(0.0, 1 - t / length) ** 2 * made[j] * 3
        return out

    return part


def mix(*parts: tuple[float, Part]) -> Part:
    """The parts added, each with its gain."""

    def part(n: int) -> Samples:
        out = [0.0] * n
        for gain, make in parts:
            for i, v in enumerate(make(n)):
                out[i] += gain * v
        return out

    return part


ARPEGGIO = (523, 659, 784, 1047)  # C E G C
#: name -> (length in seconds, its signal)
RECIPES: dict[str, tuple[float, Part]] = {
    "take": (0.16, mix((0.8, noise(1, 0.16, 0.05, 0.55)), (0.25, tone(880, 0.03, 0.02)))),
    "place": (0.12, mix((0.9, tone(196, 0.035, 0, (1, 0.5, 0.25))), (0.3, noise(2, 0.02, 0.001, 0.2)))),
    "build": (0.24, mix((0.7, tone(330, 0.03, 0, (1, 0.4))), (0.7, tone(262, 0.035, 0.1, (1, 0.4))))),
    "score": (0.34, mix((0.45, tone(988, 0.09, 0, (1, 0.2))), (0.45, tone(1319, 0.12, 0.09, (1, 0.2))))),
    "land": (0.38, mix((0.9, noise(3, 0.38, 0.12, 0.85)), (0.3, tone(147, 0.12, 0.02)))),
    "end": (0.62, mix(*((0.35, tone(f, 0.14, 0.11 * k, (1, 0.3))) for k, f in enumerate(ARPEGGIO)))),
}


def frames(values: Samples) -> bytes:
    """8-bit unsigned PCM of `values`, peak-normalised to 0.8, fading out over its last 10 ms."""
    peak = max(1e-9, max(abs(v) for v in values))
    fade = int(0.01 * RATE)
    out = bytearray()
    for i, v in enumerate(values):
        tail = min(1.0, (len(values) - i) / fade)
        out.append(max(0, min(255, round(128 + 127 * 0.8 * tail * v / peak))))
    return bytes(out)


def wav(name: str) -> bytes:
    """The sound `name` as a WAV file (mono, 8-bit, `RATE`); KeyError for an unknown name."""
    length, make = RECIPES[name]
    pcm = frames(make(int(length * RATE)))
    header = struct.pack("<4sI4s4sIHHIIHH4sI", b"RIFF", 36 + len(pcm), b"WAVE", b"fmt ", 16,
                         1, 1, RATE, RATE, 1, 8, b"data", len(pcm))
    return header + pcm
