"""The Flask app factory. Configuration comes from arguments, then the environment."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import Flask, jsonify
from werkzeug.exceptions import HTTPException

from companion import __version__
from companion.paths import catalog_path, database_path
from companion.scan.engines import zbar_status
from companion.web.services import Services


def create_app(config: dict[str, Any] | None = None) -> Flask:
    app = Flask(__name__)
    app.config.update(
        DATABASE=os.environ.get("COMPANION_DB"),
        CATALOG=os.environ.get("COMPANION_CATALOG"),
        MAX_CONTENT_LENGTH=int(os.environ.get("COMPANION_MAX_UPLOAD", 16 * 1024 * 1024)),
        STREAM_KEEPALIVE=15.0,
    )
    app.config.update(config or {})
    app.json.sort_keys = False  # type: ignore[attr-defined]

    from companion.store.games import StoreError
    from companion.web.api import ApiError, api, error_response
    from companion.web.pages import html_error, pages, wants_html
    from companion.web.tapestry_api import tapestry_api
    from companion.web.tts_api import tts_api

    app.register_blueprint(pages)
    app.register_blueprint(api, url_prefix="/api")
    app.register_blueprint(tapestry_api, url_prefix="/api/tapestry")
    app.register_blueprint(tts_api, url_prefix="/api/tts")

    app.register_error_handler(ApiError, error_response)
    app.register_error_handler(StoreError, error_response)

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> Any:
        if wants_html():
            return html_error(exc)
        code = (exc.name or "error").lower().replace(" ", "_")
        body = {"error": {"code": code, "message": exc.description or exc.name, "details": {}}}
        return jsonify(body), exc.code or 500

    services = Services(
        database=Path(app.config["DATABASE"]) if app.config.get("DATABASE") else database_path(),
        catalog_path=Path(app.config["CATALOG"]) if app.config.get("CATALOG") else catalog_path(),
    )
    app.extensions["companion"] = {"version": __version__, "zbar": zbar_status(), "services": services}
    return app

