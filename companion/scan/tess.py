"""Tesseract kept loaded: libtesseract's C API through ctypes, one initialised engine per thread.

Starting the ``tesseract`` program costs 0.15-0.3 s of CPU per run (loading the English model), more than
reading a title band. A scan worker therefore loads ``libtesseract.so.5`` (Debian's ``tesseract-ocr``
brings it) once and keeps one engine for its life; the engine is reset (``Clear``) after every image.
The C API is not safe to share between threads, so each thread gets its own engine (a worker process has
one thread; the in-process pool and the benchmark may have several). No compiled Python package is
needed: ctypes is in the standard library. Where the library is missing or does not load, the caller
falls back to the program (``companion.scan.titles.tesseract_lines``).

The engine runs inside the worker's address-space limit like every other decoder; a crash in it costs
the worker, which the pool replaces.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import os
import threading

import numpy as np

#: Names the library goes by: Debian/Ubuntu's soname first, then whatever the system's loader finds.
_NAMES = ("libtesseract.so.5", "libtesseract.so", "libtesseract.5.dylib", "libtesseract.dylib")


class _Lib:
    def __init__(self, lib: ctypes.CDLL) -> None:
        p, c, i = ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int
        self.lib = lib
        for name, res, args in (
            ("TessVersion", c, []),
            ("TessBaseAPICreate", p, []),
            ("TessBaseAPIInit3", i, [p, c, c]),
            ("TessBaseAPISetVariable", i, [p, c, c]),
            ("TessBaseAPISetPageSegMode", None, [p, i]),
            ("TessBaseAPISetImage", None, [p, p, i, i, i, i]),
            ("TessBaseAPISetSourceResolution", None, [p, i]),
            ("TessBaseAPIRecognize", i, [p, p]),
            ("TessBaseAPIGetTsvText", p, [p, i]),  # a char* we must free: kept as a pointer
            ("TessDeleteText", None, [p]),
            ("TessBaseAPIClear", None, [p]),
            ("TessBaseAPIEnd", None, [p]),
            ("TessBaseAPIDelete", None, [p]),
        ):
            fn = getattr(lib, name)
            fn.restype, fn.argtypes = res, args

    def version(self) -> str:
        raw = self.lib.TessVersion()
        return raw.decode() if isinstance(raw, bytes) else str(raw)


@functools.cache
def _load() -> _Lib | None:
    # One core per engine: a few scans at once must not fight over OpenMP threads (read when libgomp loads).
    os.environ.setdefault("OMP_THREAD_LIMIT", "1")
    names = list(_NAMES)
    found = ctypes.util.find_library("tesseract")
    if found:
        names.append(found)
    for name in names:
        try:
            return _Lib(ctypes.CDLL(name))
        except (OSError, AttributeError):
            continue
    return None


class Engine:
    """One initialised Tesseract (English). ``words(image, psm)`` reads a grayscale image."""

    def __init__(self, lib: _Lib) -> None:
        self._lib = lib
        self._api = lib.lib.TessBaseAPICreate()
        if not self._api or lib.lib.TessBaseAPIInit3(self._api, None, b"eng") != 0:
            if self._api:
                lib.lib.TessBaseAPIDelete(self._api)
            raise OSError("libtesseract found, but its English data (eng.traineddata) did not load")
        # Quiet: no "Invalid resolution" or debug lines on the worker's stderr.
        lib.lib.TessBaseAPISetVariable(self._api, b"debug_file", b"/dev/null")

    def words(self, image: np.ndarray, psm: int, invert: bool = True) -> list[tuple[float, float, str, float]]:
        """Words as (centre y, left x, text, confidence 0-100): the same rows as the program's TSV. Without
        ``invert``, a line read with little confidence is not read again inverted (Tesseract's default): the
        title reader's lines come black on white, and the second reading cost about a tenth of its CPU."""
        img = np.ascontiguousarray(image, dtype=np.uint8)
        if img.ndim != 2 or img.size == 0:
            return []
        lib, api = self._lib.lib, self._api
        h, w = img.shape
        lib.TessBaseAPISetVariable(api, b"tessedit_do_invert", b"1" if invert else b"0")
        lib.TessBaseAPISetPageSegMode(api, psm)
        lib.TessBaseAPISetImage(api, img.ctypes.data, w, h, 1, int(img.strides[0]))
        lib.TessBaseAPISetSourceResolution(api, 300)
        try:
            if lib.TessBaseAPIRecognize(api, None) != 0:
                return []
            raw = lib.TessBaseAPIGetTsvText(api, 0)
            if not raw:
                return []
            try:
                text = ctypes.string_at(raw).decode("utf-8", "replace")
            finally:
                lib.TessDeleteText(raw)
        finally:
            lib.TessBaseAPIClear(api)  # the image and its results go; the model stays loaded
        return parse_tsv(text)

    def close(self) -> None:
        if self._api:
            self._lib.lib.TessBaseAPIEnd(self._api)
            self._lib.lib.TessBaseAPIDelete(self._api)
            self._api = None


def parse_tsv(text: str) -> list[tuple[float, float, str, float]]:
    """Word rows (level 5) of Tesseract's TSV, with or without its header line."""
    words = []
    for line in text.splitlines():
        cols = line.split("\t")
        if len(cols) < 12 or cols[0] != "5" or not cols[11].strip():
            continue
        try:
            left, top, height, conf = int(cols[6]), int(cols[7]), int(cols[9]), float(cols[10])
        except ValueError:
            continue
        words.append((top + height / 2, float(left), cols[11].strip(), conf))
    return words


_local = threading.local()


def engine() -> Engine | None:
    """This thread's engine, made on first use; None when the library or its data is missing."""
    if getattr(_local, "failed", False):
        return None
    found: Engine | None = getattr(_local, "engine", None)
    if found is not None:
        return found
    lib = _load()
    if lib is None:
        _local.failed = True
        return None
    try:
        found = Engine(lib)
    except OSError:
        _local.failed = True
        return None
    _local.engine = found
    return found


@functools.cache
def library_status() -> tuple[bool, str]:
    """(loaded, what it is): for the health answer and the benchmark."""
    lib = _load()
    if lib is None:
        return False, "libtesseract not found: each read starts the tesseract program"
    return True, "libtesseract (kept loaded)"  # no version: the health answer is public


def library_version() -> str | None:
    """The loaded libtesseract's version, for the benchmark's record (None: the program is used)."""
    lib = _load()
    return None if lib is None else str(lib.version())
