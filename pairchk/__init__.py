"""pairchk: read, convert and check chess tournament files."""

__version__ = "0.1.0"
