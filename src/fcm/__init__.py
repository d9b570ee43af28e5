"""Food Chain Magnate: rules engine, bots, command line and web app."""

__version__ = "0.1.0"
