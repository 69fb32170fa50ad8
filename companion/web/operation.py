"""One operation of the OpenAPI document: summary, path and query parameters, answers and security.

Shared by the document (``openapi``) and the event routes' part of it (``events_doc``).
"""

from __future__ import annotations

from typing import Any

ERROR = {"$ref": "#/components/schemas/Error"}


def op(summary: str, *, body: dict[str, Any] | None = None, params: list[str] | None = None,
        query: list[str] | None = None, ok: int = 200, auth: bool = True, content: str = "application/json",
        ) -> dict[str, Any]:
    op: dict[str, Any] = {
        "summary": summary,
        "parameters": [
            *({"name": p, "in": "path", "required": True, "schema": {"type": "string"}} for p in params or []),
            *({"name": q, "in": "query", "required": False, "schema": {"type": "string"}} for q in query or []),
        ],
        "responses": {
            str(ok): {"description": "OK", "content": {content: {"schema": {}}}},
            "4XX": {"description": "Bad input or not allowed", "content": {"application/json": {"schema": ERROR}}},
        },
    }
    if body is not None:
        op["requestBody"] = {"required": True, "content": {"application/json": {"schema": body}}}
    if auth:
        op["security"] = [{"key": []}, {}]
    return op
