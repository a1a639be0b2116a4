"""Isle of Skye: headless rules (tiles, territory, graphs, scoring, game)."""
