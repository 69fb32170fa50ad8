"""``companion bench …``: benchmarks that print JSON. Each compares against a baseline run alongside."""

from __future__ import annotations

import json
from pathlib import Path

import click

from companion.bench import bench_rules
from companion.bench.event import bench_event
from companion.bench.scan import bench_folder, bench_formats, bench_synthetic, bench_titles
from companion.bench.search import bench_search
from companion.bench.server import bench_server
from companion.bench.tts import bench_tts, bench_tts_scaling


@click.group()
def bench() -> None:
    """Measure speed. Each command prints JSON with medians and a same-run baseline."""


@bench.command("rules")
@click.option("--actions", default=2000, show_default=True, type=click.IntRange(10, 1_000_000))
@click.option("--instances", default=200, show_default=True, type=click.IntRange(10, 10_000))
@click.option("--repeat", default=7, show_default=True, type=click.IntRange(1, 100))
@click.option("--seed", default=1, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print JSON (the default output is JSON too).")
def rules(actions: int, instances: int, repeat: int, seed: int, as_json: bool) -> None:
    """Check and replay speed of the rules engine on a table with N card instances."""
    click.echo(json.dumps(bench_rules(actions=actions, instances=instances, repeat=repeat, seed=seed), indent=2))


@bench.command("server")
@click.option("--tables", default=20, show_default=True, type=click.IntRange(1, 500))
@click.option("--devices", default=20, show_default=True, type=click.IntRange(1, 200), help="Devices per table.")
@click.option("--actions", default=30, show_default=True, type=click.IntRange(1, 10_000), help="Actions per table.")
@click.option("--writers", default=4, show_default=True, type=click.IntRange(1, 64))
@click.option("--spectators", default=0, show_default=True, type=click.IntRange(0, 16),
              help="Of each table's devices, this many are table views without a key (the public stream).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (the default output is JSON too).")
def server(tables: int, devices: int, actions: int, writers: int, spectators: int, as_json: bool) -> None:
    """A real server on loopback: action latency, throughput, live-delivery delay, memory."""
    if spectators > devices:
        raise click.BadParameter(f"at most --devices ({devices})", param_hint="--spectators")
    try:
        report = bench_server(tables=tables, devices=devices, actions=actions, writers=writers, spectators=spectators)
    except RuntimeError as exc:  # the server did not start, or a writer stopped: said, with no report
        raise click.ClickException(str(exc)) from None
    click.echo(json.dumps(report, indent=2))


@bench.command("event")
@click.option("--tables", default=64, show_default=True, type=click.IntRange(1, 200))
@click.option("--dashboards", default=3, show_default=True, type=click.IntRange(1, 20))
@click.option("--seconds", default=30.0, show_default=True, type=click.FloatRange(5, 3600))
@click.option("--interval", default=1.0, show_default=True, type=click.FloatRange(0.1, 60),
              help="Seconds between a table's actions (real play: 10; 1 compresses time tenfold).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (the default output is JSON too).")
def event(tables: int, dashboards: int, seconds: float, interval: float, as_json: bool) -> None:
    """One event round on a real server: 2 phones per table and judge dashboards on live streams."""
    click.echo(json.dumps(bench_event(tables=tables, dashboards=dashboards, seconds=seconds, interval=interval),
                          indent=2))


@bench.command("tts")
@click.argument("file", required=False, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--cards", default=2000, show_default=True, type=click.IntRange(10, 200_000),
              help="Without FILE: synthetic saves of N and 4N cards, each with a token.")
@click.option("--repeat", default=None, type=click.IntRange(1, 100), help="Default: 7 for a file, 3 synthetic.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (the default output is JSON too).")
def tts(file: Path | None, cards: int, repeat: int | None, as_json: bool) -> None:
    """Import time of a TTS save (or of N and 4N synthetic cards with tokens) against a bare json.loads."""
    if file is None:
        click.echo(json.dumps(bench_tts_scaling(cards, repeat or 3), indent=2))
    else:
        click.echo(json.dumps(bench_tts(file, repeat or 7), indent=2))


@bench.command("search")
@click.option("--queries", default=200, show_default=True, type=click.IntRange(10, 10_000),
              help="Misspelt card names (dropped or swapped letters, no accents, no \"The\").")
@click.option("--repeat", default=3, show_default=True, type=click.IntRange(1, 50))
@click.option("--seed", default=1, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print JSON (the default output is JSON too).")
def search(queries: int, repeat: int, seed: int, as_json: bool) -> None:
    """The phone's card search on two 60-card decks plus the catalogue: first-hit rate and latency."""
    click.echo(json.dumps(bench_search(queries=queries, repeat=repeat, seed=seed), indent=2))


@bench.command("scan")
@click.argument("folder", required=False, type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--synthetic", is_flag=True, help="Generated phone frames with the companion's own labels.")
@click.option("--formats", is_flag=True, help="1-4 labels of each format per 1080p frame, read as a live frame is.")
@click.option("--oracle", is_flag=True, help="One photo's answers to a seat whatever lies behind its labels' tags.")
@click.option("--frames", default=40, show_default=True, type=click.IntRange(1, 10_000))
@click.option("--repeat", default=3, show_default=True, type=click.IntRange(1, 50))
@click.option("--seed", default=7, show_default=True, type=click.IntRange(0, 2**31 - 1),
              help="The generated frames' seed (--formats, --synthetic): check another seed than the one tuned on.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (the default output is JSON too).")
def scan(folder: Path | None, synthetic: bool, formats: bool, oracle: bool, frames: int, repeat: int, seed: int,
         as_json: bool) -> None:
    """Decode rates and times: a folder laid out like shared/data/barcodes, --synthetic frames, every label
    --formats, or the --oracle check (answers and times alike whatever the tag)."""
    if formats:
        click.echo(json.dumps(bench_formats(frames=frames, seed=seed), indent=2))
    elif oracle:
        from companion.bench.scan import bench_oracle

        click.echo(json.dumps(bench_oracle(repeat=max(10, repeat * 10)), indent=2))
    elif synthetic:
        click.echo(json.dumps(bench_synthetic(frames=frames, seed=seed), indent=2))
    elif folder is not None:
        click.echo(json.dumps(bench_folder(folder, repeat=repeat), indent=2))
    else:
        raise click.UsageError("give a FOLDER of images, --synthetic, --formats or --oracle")


@bench.command("fuzz")
@click.option("--requests", default=20_000, show_default=True, type=click.IntRange(1, 10_000_000))
@click.option("--seconds", default=None, type=click.FloatRange(1, 86_400), help="Stop after this long (default: none).")
@click.option("--seed", default=1, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print JSON (the default output is JSON too).")
def fuzz(requests: int, seconds: float | None, seed: int, as_json: bool) -> None:
    """Fuzz every route of /api/openapi.json (bodies, query strings, keys): counts of requests and 5xx."""
    from companion.bench.fuzz import fuzz as run

    result = run(requests=requests, seed=seed, seconds=seconds)
    click.echo(json.dumps(result, indent=2))
    if result["5xx"]:
        raise SystemExit(1)


@bench.command("titles")
@click.argument("folder", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--edition", type=click.Choice(["2e", "1e"]), default="2e", show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print JSON (the default output is JSON too).")
def titles(folder: Path, edition: str, as_json: bool) -> None:
    """Cards read by their title: FOLDER/manifest.csv (file,codes,deck), against plain tesseract."""
    click.echo(json.dumps(bench_titles(folder, edition), indent=2))


@bench.command("decode")
@click.option("--n", default=2000, show_default=True, type=click.IntRange(10, 1_000_000), help="Calls a batch.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (the default output is JSON too).")
def decode(n: int, as_json: bool) -> None:
    """A posted action body to a validated action: msgspec and pydantic against json.loads of the same bytes."""
    from companion.bench.decode import bench_decode

    click.echo(json.dumps(bench_decode(n), indent=2))
