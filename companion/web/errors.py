"""Every error answer has one shape: ``{"error": {"code", "message", "details"}}``.

Bad input gets a 4xx that names the field; trouble with the disk or the database gets its own
503/500 naming the cause and what to do; nothing else is allowed to become a bare 500.
"""

from __future__ import annotations

import logging
import sqlite3
from typing import Any

from flask import Flask, jsonify, request
from werkzeug.exceptions import HTTPException

from companion.rules.permissions import Refusal
from companion.store.games import StoreError, is_storage_error
from companion.web.html import html_error, wants_html

log = logging.getLogger("companion.web")


class ApiError(Exception):
    def __init__(self, status: int, code: str, message: str, **details: Any) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.details = status, code, message, details


def answer(status: int, code: str, message: str, details: dict[str, Any] | None = None) -> Any:
    return jsonify({"error": {"code": code, "message": message, "details": details or {}}}), status


def error_response(exc: ApiError | StoreError) -> Any:
    return answer(exc.status, exc.code, exc.message, exc.details)


STORAGE = {
    "disk_full": (503, "The server's disk is full: nothing was recorded. Free some space on the machine "
                       "running the companion, then try again."),
    "database_corrupt": (500, "The companion's database file is damaged: nothing was recorded. Stop the "
                              "companion and restore the database from a backup (or start one with --db)."),
}


def register(app: Flask) -> None:
    app.register_error_handler(ApiError, error_response)
    app.register_error_handler(StoreError, error_response)

    @app.errorhandler(Refusal)
    def refusal(exc: Refusal) -> Any:
        return answer(exc.status, exc.code, exc.message)

    @app.errorhandler(RecursionError)
    def too_deep(exc: RecursionError) -> Any:
        return answer(400, "bad_body", "the request body is nested too deeply")

    @app.errorhandler(sqlite3.DatabaseError)
    def storage(exc: sqlite3.DatabaseError) -> Any:
        cause = is_storage_error(exc)
        if cause is None:
            log.exception("database error on %s %s", request.method, request.path)
            return answer(503, "database_busy", "The database could not answer just now; nothing was recorded. "
                                                "Try again in a moment.")
        status, message = STORAGE[cause]
        log.error("%s on %s %s: %s", cause, request.method, request.path, exc)
        return answer(status, cause, message)

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> Any:
        if wants_html():  # a person opened a page: a friendly page in their language
            return html_error(exc)
        code = (exc.name or "error").lower().replace(" ", "_")
        return answer(exc.code or 500, code, exc.description or exc.name or "error")

    @app.errorhandler(Exception)
    def unexpected(exc: Exception) -> Any:
        # Logged with the traceback for whoever runs the server; the answer names no internals.
        log.exception("unexpected error on %s %s", request.method, request.path)
        return answer(500, "internal_error", "Something went wrong inside the companion; nothing was recorded. "
                                             "The server's log has the details.")
