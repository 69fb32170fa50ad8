"""The table service: every write to a game, decided in one place (see ``companion.service.table``)."""

from companion.service.table import Recorded, TableService, UndoPlan

__all__ = ["Recorded", "TableService", "UndoPlan"]
