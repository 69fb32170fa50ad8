"""Barcode reading: card labels from scans, photos and screenshots."""
