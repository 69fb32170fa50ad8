"""The JSON API."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, g, jsonify, request

from companion.catalog.store import Catalog

api = Blueprint("api", __name__)


def catalog() -> Catalog:
    if "catalog" not in g:
        g.catalog = Catalog.open(current_app.config.get("CATALOG"))
    return g.catalog  # type: ignore[no-any-return]


def error(status: int, code: str, message: str, **details: Any) -> Any:
    return jsonify({"error": {"code": code, "message": message, "details": details}}), status


@api.get("/health")
def health() -> Any:
    ext = current_app.extensions["companion"]
    return jsonify({"status": "ok", "version": ext["version"], "zbar": ext["zbar"]})


@api.get("/cards")
def search_cards() -> Any:
    text = request.args.get("q", "")
    edition = request.args.get("edition") or None
    if edition not in (None, "2e", "1e"):
        return error(400, "bad_edition", "edition must be 2e or 1e", edition=edition)
    if not text.strip():
        return error(400, "missing_query", "give a name or code in ?q=")
    if len(text) > 200:
        return error(400, "query_too_long", "the query is longer than 200 characters")
    try:
        limit = min(100, max(1, int(request.args.get("limit", 20))))
    except ValueError:
        return error(400, "bad_limit", "limit must be a whole number")
    matches = catalog().search(text, edition=edition, limit=limit)
    return jsonify([{**m.card.to_dict(), "match": m.how} for m in matches])


@api.get("/cards/<code>")
def show_card(code: str) -> Any:
    card = catalog().get(code)
    if card is None:
        return error(404, "unknown_card", f"no card with code {code!r}")
    return jsonify({**card.to_dict(), "copies": [c.code for c in catalog().copies_of(card) if c.code != code]})
