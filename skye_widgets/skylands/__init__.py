"""Skylands: headless rules engine, components and bots."""
