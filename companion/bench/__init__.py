"""Benchmarks behind ``companion bench``. Each prints JSON with medians or percentiles and a
baseline measured in the same run, because these machines are noisy."""

from companion.bench.rules import bench_rules

__all__ = ["bench_rules"]
