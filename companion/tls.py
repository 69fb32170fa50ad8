"""HTTPS for phones on a LAN: a self-signed certificate for uvicorn's own TLS.

Browsers allow the live camera (getUserMedia) only in a secure context; over plain http on a LAN
a phone can still take photos, but not stream the camera. uvicorn serves TLS itself
(``ssl_certfile``/``ssl_keyfile``), so the hand-made TLS front that waitress needed is gone.
"""

from __future__ import annotations

import datetime as dt
import ipaddress
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
