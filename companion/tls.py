"""HTTPS for phones on a LAN: a self-signed certificate and a small TLS front for waitress.

Browsers allow the live camera (getUserMedia) only in a secure context; over plain http on a LAN
a phone can still take photos, but not stream the camera. Waitress speaks no TLS, so this front
accepts TLS connections and passes the bytes to waitress on loopback.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import ipaddress
import ssl
import threading
from pathlib import Path


def ensure_certificate(folder: Path, hosts: list[str]) -> tuple[Path, Path]:
    """A self-signed certificate for these host names / addresses, made once and kept."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    folder.mkdir(parents=True, exist_ok=True)
    cert_path, key_path = folder / "cert.pem", folder / "key.pem"
    marker = folder / "hosts.txt"
    wanted = "\n".join(sorted(set(hosts)))
    if cert_path.exists() and key_path.exists() and marker.exists() and marker.read_text() == wanted:
        return cert_path, key_path
    key = ec.generate_private_key(ec.SECP256R1())
    names: list[x509.GeneralName] = []
    for h in sorted(set(hosts)):
        try:
            names.append(x509.IPAddress(ipaddress.ip_address(h)))
        except ValueError:
            names.append(x509.DNSName(h))
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Shadows companion (self-signed)")])
    now = dt.datetime.now(dt.UTC)
    cert = (
        x509.CertificateBuilder().subject_name(subject).issuer_name(subject).public_key(key.public_key())
        .serial_number(x509.random_serial_number()).not_valid_before(now - dt.timedelta(days=1))
        .not_valid_after(now + dt.timedelta(days=825))
        .add_extension(x509.SubjectAlternativeName(names), critical=False)
        .sign(key, hashes.SHA256())
    )
    key_path.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    key_path.chmod(0o600)
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    marker.write_text(wanted)
    return cert_path, key_path


class TlsFront:
    """Listens with TLS on (host, port) and forwards each connection to waitress on loopback."""

    def __init__(self, host: str, port: int, backend_port: int, cert: Path, key: Path) -> None:
        self.context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        self.context.load_cert_chain(cert, key)
        self.host, self.port, self.backend_port = host, port, backend_port
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.error: BaseException | None = None

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        except (ConnectionError, ssl.SSLError, asyncio.IncompleteReadError):
            pass
        finally:
            writer.close()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.backend_port)
        except OSError:
            writer.close()
            return
        await asyncio.gather(self._pipe(reader, up_writer), self._pipe(up_reader, writer))

    async def _serve(self) -> None:
        server = await asyncio.start_server(self._handle, self.host, self.port, ssl=self.context)
        self.port = server.sockets[0].getsockname()[1]
        self.ready.set()
        async with server:
            await server.serve_forever()

    def start(self) -> TlsFront:
        def run() -> None:
            try:
                self.loop.run_until_complete(self._serve())
            except BaseException as exc:  # reported to the starting thread
                self.error = exc
                self.ready.set()

        threading.Thread(target=run, daemon=True).start()
        self.ready.wait(10)
        if self.error:
            raise self.error
        return self
