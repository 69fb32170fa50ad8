"""The app's answers: Flask's ``Response``, handed to the server without werkzeug's copy of its headers when nothing
in them needs fixing.

werkzeug hands every answer over by copying its headers into a new ``Headers``, looking through them for a location
to make absolute and a length to count, and wrapping the body in an iterator that closes it: some ninety Python calls
an answer, a thirtieth of a table action's time on the server. An answer whose body is one byte string already (JSON,
a page) with its length set, no location header, no ``call_on_close`` and a status that has a body is handed over as
it is: its header list and its body. Any other answer goes werkzeug's way, unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from flask import Response as FlaskResponse

#: Headers werkzeug rewrites (``get_wsgi_headers``): an answer with one goes its way.
_REWRITTEN = frozenset({"location", "content-location"})


class Response(FlaskResponse):
    def __call__(self, environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        body = self.response
        status = self.status_code
        if (type(body) is list and len(body) == 1 and type(body[0]) is bytes and not self._on_close
                and status >= 200 and status not in (204, 304) and not self.direct_passthrough
                and environ.get("REQUEST_METHOD") != "HEAD"):
            headers = self.headers.to_wsgi_list()
            names = {name.lower() for name, _value in headers}
            if "content-length" in names and not names & _REWRITTEN:
                start_response(self.status, headers)
                return body
        return super().__call__(environ, start_response)
