"""Live rooms: a whole class playing at once (issue 31), headless.

* :mod:`.store` keeps rooms in SQLite: the room's game, seats and the log of
  every event, each committed before it is acknowledged.
* :mod:`.room` holds one room's games through the engines' protocol only
  (``apply``, ``legal_actions``, ``observation``, ``undo``) and says what each
  seat, the teacher and the projector may receive.
* :mod:`.service` serves rooms over HTTP and websockets (tornado; the optional
  extra ``rooms``).

Nothing here imports a widget, and no game is imported until a room of it is opened.
"""
