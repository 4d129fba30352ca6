"""The app's version, written into every save."""

__version__ = "0.1.0"
