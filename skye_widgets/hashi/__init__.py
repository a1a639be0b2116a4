"""Hashi: the flip-and-write bridges game and classic Hashiwokakero puzzles (headless)."""
