"""The Flask app factory. Configuration comes from arguments, then the environment."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import Flask, jsonify
from werkzeug.exceptions import HTTPException

from companion import __version__
from companion.scan.engines import zbar_status


def create_app(config: dict[str, Any] | None = None) -> Flask:
    app = Flask(__name__)
    app.config.update(
        DATABASE=os.environ.get("COMPANION_DB"),
        CATALOG=os.environ.get("COMPANION_CATALOG"),
        MAX_CONTENT_LENGTH=int(os.environ.get("COMPANION_MAX_UPLOAD", 16 * 1024 * 1024)),
        JSON_SORT_KEYS=False,
    )
    app.config.update(config or {})

    from companion.web.api import api
    from companion.web.pages import pages

    app.register_blueprint(pages)
    app.register_blueprint(api, url_prefix="/api")

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> Any:
        code = (exc.name or "error").lower().replace(" ", "_")
        body = {"error": {"code": code, "message": exc.description or exc.name, "details": {}}}
        return jsonify(body), exc.code or 500

    app.extensions["companion"] = {"version": __version__, "zbar": zbar_status()}
    return app


def database_path(app: Flask) -> Path:
    from companion.paths import database_path as default

    return Path(app.config["DATABASE"]) if app.config.get("DATABASE") else default()
