#!/usr/bin/env python3
"""Draw the benchmark charts from a CSV written by `bench`.

Usage: python3 scripts/charts.py results/baseline.csv [--out results/charts] [--allow-debug]
           [--instructions results/instructions-baseline.csv]

Reads the CSV and its metadata sidecar (`results/baseline.meta.json`) and writes one SVG per
chart (see CHARTS); with --instructions, the rows of a `bench --instructions` CSV are read too and
COUNTS_CHART is drawn as well. Every chart is drawn before any file is written, so a failure leaves the
output folder as it was. Any problem is reported as one line, `charts.py: error: ...`, on
stderr with exit status 2.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import shutil
import sys
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path
from typing import NoReturn

PROG = "charts.py"

try:
    import matplotlib
except ImportError:
    print(f"{PROG}: error: matplotlib is not installed "
          "(pip install -r scripts/requirements.txt)", file=sys.stderr)
    sys.exit(2)
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after choosing the backend)
from matplotlib.lines import Line2D  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402
from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter  # noqa: E402
from results_table import FLOOR_LABEL, OWN_SELECTOR_ROWS, STYLE_FLOOR_ROWS  # noqa: E402

import results_csv  # noqa: E402  (beside this script)

HEADER = results_csv.HEADER
NUMBER_COLUMNS = ["median", "p10", "p25", "p75", "min", "max"]
REQUIRED_TEXT_COLUMNS = ["suite", "architecture", "metric", "unit"]
METADATA_KEYS = [
    "commit", "swiftVersion", "operatingSystem", "cpu", "cores", "configuration", "date",
]

# Architectures known to the project, in the order charts show them. Only those present in the
# CSV are drawn; ids not listed here follow in the order the CSV first names them.
KNOWN_ARCHITECTURES = [
    "observable-viewmodel", "store-subclass", "closure-effects", "effect-values", "effect-objects",
    "local-reducer", "viper-reducer",
]
REFERENCE_ARCHITECTURE = "reference"

# Okabe-Ito colours (safe for the common colour-vision deficiencies). Known ids keep their
# colour in every chart and every run; other ids take the rest in turn.
KNOWN_COLOURS = {
    "observable-viewmodel": "#0072B2",
    "store-subclass": "#D55E00",
    "closure-effects": "#009E73",
    "effect-values": "#E69F00",
    "effect-objects": "#CC79A7",
    "local-reducer": "#56B4E9",
    "viper-reducer": "#000000",
}
SPARE_COLOURS = ["#7F7F7F", "#F0E442"]
MARKERS = ["o", "s", "^", "D", "v", "P", "X", "*", "h"]

LAYOUT_STYLES = {"single-store": "-", "single-store-scoped": ":", "multi-store": "--"}
DEBUG_CONFIGURATION = "debug"
FIGURE_WIDTH = 8.0  # inches; 576 pt, drawn at ~800 px in a README
FOOTNOTE_HEIGHT = 0.42  # inches under the charts for the two-line footnote
LEGEND_ROW_HEIGHT = 0.2  # inches per legend row
LEGEND_COLUMNS = 3  # architecture ids fit three to a row at README width
INK = "#222222"


class ChartError(Exception):
    """A problem with the input that stops every chart from being written."""


@dataclass(frozen=True)
class Row:
    """One CSV row, with its numbers parsed."""

    suite: str
    architecture: str
    feature: str
    layout: str
    n: float | None
    metric: str
    unit: str
    median: float
    p25: float
    p75: float
    configuration: str


@dataclass(frozen=True)
class Context:
    """Everything a chart needs besides its own rows."""

    rows: list[Row]
    architectures: list[str]
    colours: dict[str, str]
    markers: dict[str, str]
    footnote: str
    debug: bool
    counts_footnote: str = ""

    def select(self, suite: str, metric: str, **fields: str) -> list[Row]:
        """The rows of one suite and metric whose other named fields match."""
        return [
            row for row in self.rows
            if row.suite == suite and row.metric == metric
            and all(getattr(row, name) == value for name, value in fields.items())
        ]

    def title(self, text: str) -> str:
        """A chart title, marked DEBUG when the numbers come from a debug build."""
        return f"DEBUG: {text}" if self.debug else text


# ---------------------------------------------------------------------------------------------
# Input


def read_rows(path: Path) -> list[Row]:
    """Parse the CSV at `path` (results_csv checks the header, field counts and keys) and every number."""
    try:
        records = results_csv.read(path)
    except results_csv.ResultsCSVError as error:
        raise ChartError(str(error)) from None
    rows = [parse_row(path, line, record) for line, record in enumerate(records, start=2)]
    if not rows:
        raise ChartError(f"{path}: no result rows after the header")
    return rows


def parse_row(path: Path, line: int, record: dict[str, str]) -> Row:
    """Turn one record into a Row, naming the file, line and column of any problem."""
    where = f"{path} line {line}"
    for name in REQUIRED_TEXT_COLUMNS:
        if not record[name]:
            raise ChartError(f"{where}: {name} is empty")
    if record["configuration"] not in ("release", DEBUG_CONFIGURATION):
        raise ChartError(
            f"{where}: configuration must be release or debug, not '{record['configuration']}'")
    numbers = {name: parse_number(where, name, record[name]) for name in NUMBER_COLUMNS}
    n = parse_number(where, "n", record["n"]) if record["n"] else None
    return Row(
        suite=record["suite"], architecture=record["architecture"], feature=record["feature"],
        layout=record["layout"], n=n, metric=record["metric"], unit=record["unit"],
        median=numbers["median"], p25=numbers["p25"], p75=numbers["p75"],
        configuration=record["configuration"],
    )


def parse_number(where: str, name: str, text: str) -> float:
    """A finite float from a CSV field, or a ChartError naming the column."""
    try:
        value = float(text)
    except ValueError:
        raise ChartError(f"{where}: {name} is not a number: '{text}'") from None
    if not math.isfinite(value):
        raise ChartError(f"{where}: {name} is not a finite number: '{text}'")
    return value


def sidecar_path(csv_path: Path) -> Path:
    """`results/baseline.csv` -> `results/baseline.meta.json`, as `bench` names it."""
    base = csv_path.with_suffix("") if csv_path.suffix.lower() == ".csv" else csv_path
    return base.with_name(base.name + ".meta.json")


def read_metadata(csv_path: Path) -> dict:
    """The run metadata written next to the CSV, with every key the footnote needs."""
    path = sidecar_path(csv_path)
    try:
        metadata = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ChartError(f"{path}: no such file (the metadata sidecar of {csv_path})") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ChartError(f"{path}: cannot read the metadata ({error})") from None
    if not isinstance(metadata, dict):
        raise ChartError(f"{path}: the metadata is not a JSON object")
    missing = [key for key in METADATA_KEYS if key not in metadata]
    if missing:
        raise ChartError(f"{path}: missing key(s) {', '.join(missing)}")
    return metadata


def ordered_architectures(rows: list[Row]) -> list[str]:
    """Architecture ids in the CSV: known ones in project order, then others as they appear."""
    present = list(dict.fromkeys(row.architecture for row in rows
                                 if row.architecture != REFERENCE_ARCHITECTURE))
    known = [arch for arch in KNOWN_ARCHITECTURES if arch in present]
    return known + [arch for arch in present if arch not in KNOWN_ARCHITECTURES]


def architecture_colours(architectures: list[str]) -> dict[str, str]:
    """A fixed colour per known id; unknown ids take unused palette colours in turn."""
    used = {KNOWN_COLOURS[arch] for arch in architectures if arch in KNOWN_COLOURS}
    spare = [colour for colour in [*KNOWN_COLOURS.values(), *SPARE_COLOURS] if colour not in used]
    unknown = [arch for arch in architectures if arch not in KNOWN_COLOURS]
    colours = {arch: KNOWN_COLOURS[arch] for arch in architectures if arch in KNOWN_COLOURS}
    colours.update({arch: spare[index % len(spare)] for index, arch in enumerate(unknown)})
    return colours


def architecture_markers(architectures: list[str]) -> dict[str, str]:
    """A fixed marker per known id (by its place in the known list), others after."""
    slots = KNOWN_ARCHITECTURES + [arch for arch in architectures
                                   if arch not in KNOWN_ARCHITECTURES]
    return {arch: MARKERS[slots.index(arch) % len(MARKERS)] for arch in architectures}


def counts_footnote(metadata: dict, instructions: dict) -> str:
    """The footnote of the counts chart: the instruction pass's run, and the commit of the retains."""
    machine, run = footnote_text(instructions).split("\n")
    return f"{machine}\ninstructions: {run}; retains: commit {str(metadata['commit'])[:7]}"


def footnote_text(metadata: dict) -> str:
    """Two lines naming the machine, toolchain, build, date and commit of the run."""
    swift = re.sub(r"^Swift version (\S+).*$", r"Swift \1", str(metadata["swiftVersion"]))
    date = re.sub(r"^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}).*Z$", r"\1 \2 UTC", str(metadata["date"]))
    quick = ", quick run" if "--quick" in metadata.get("options", []) else ""
    machine = f"{metadata['cpu']}, {metadata['cores']} cores, {metadata['operatingSystem']}"
    run = (f"{swift}, {metadata['configuration']} build{quick}, {date}, "
           f"commit {str(metadata['commit'])[:7]}")
    return f"{machine}\n{run}"


def build_context(rows: list[Row], metadata: dict, allow_debug: bool, csv_path: Path) -> Context:
    """Check the build configuration and gather what every chart shares."""
    debug = (any(row.configuration == DEBUG_CONFIGURATION for row in rows)
             or metadata["configuration"] == DEBUG_CONFIGURATION)
    if debug and not allow_debug:
        raise ChartError(f"{csv_path}: has debug-build rows; debug numbers are not comparable "
                         "(pass --allow-debug to chart them anyway)")
    architectures = ordered_architectures(rows)
    return Context(
        rows=rows, architectures=architectures,
        colours=architecture_colours(architectures), markers=architecture_markers(architectures),
        footnote=footnote_text(metadata), debug=debug,
    )


# ---------------------------------------------------------------------------------------------
# Shared drawing helpers


def new_figure(ctx: Context, title: str, plot_height: float, legend_lines: int, *,
               grid: tuple[int, int] = (1, 1), share: bool = False):
    """A titled figure with a grid of axes above a strip holding the metadata footnote.

    The figure grows with the legend, so a long legend never squeezes the plots. Returns the
    upper part (a subfigure: give it the legend) and its axes.
    """
    height = plot_height + LEGEND_ROW_HEIGHT * legend_lines
    fig = plt.figure(figsize=(FIGURE_WIDTH, height), layout="constrained")
    body, foot = fig.subfigures(2, 1, height_ratios=[height - FOOTNOTE_HEIGHT, FOOTNOTE_HEIGHT])
    axes = body.subplots(*grid, sharex=share, sharey=share, squeeze=False)
    body.suptitle(ctx.title(title), fontsize=13, fontweight="bold",
                  color="#B00020" if ctx.debug else INK)
    foot.text(0.012, 0.45, ctx.footnote, fontsize=7.5, color="#555555", ha="left",
              va="center", linespacing=1.45)
    return body, list(axes.flatten())


def chart_rows(ctx: Context, suite: str, metric: str, unit: str | None = None,
               sized: bool = False, **fields: str) -> list[Row]:
    """A chart's rows: at least one, all in one unit (`unit` if given), with an n if `sized`.

    Raises a ChartError naming what was looked for when the CSV has none, or mixed units.
    """
    rows = [row for row in ctx.select(suite, metric, **fields) if row.n is not None or not sized]
    if not rows:
        wanted = ", ".join([f"suite {suite}", f"metric {metric}",
                            *(f"{name} {value}" for name, value in fields.items())])
        raise ChartError(f"no rows to draw ({wanted})")
    check_unit(rows, unit)
    return rows


def check_unit(rows: list[Row], unit: str | None) -> None:
    """A ChartError unless the rows share one unit, and it is `unit` when one is given."""
    units = sorted({row.unit for row in rows})
    if len(units) > 1 or (unit is not None and units not in ([], [unit])):
        expected = unit or "one unit"
        raise ChartError(f"expected {expected}, found unit(s) {', '.join(units)}")


def present_features(rows: list[Row]) -> list[str]:
    """Feature names in the order the CSV first names them."""
    return list(dict.fromkeys(row.feature for row in rows))


def by_key(rows: list[Row]) -> dict[tuple[str, str], Row]:
    """Rows indexed by (architecture, feature)."""
    return {(row.architecture, row.feature): row for row in rows}


def architectures_in(ctx: Context, rows: list[Row]) -> list[str]:
    """The context's architectures that have at least one of these rows."""
    present = {row.architecture for row in rows}
    return [arch for arch in ctx.architectures if arch in present]


def quartile_error(rows: list[Row]) -> list[list[float]]:
    """Error-bar lengths from the median down to p25 and up to p75."""
    return [[max(0.0, row.median - row.p25) for row in rows],
            [max(0.0, row.p75 - row.median) for row in rows]]


def format_quantity(value: float, _position=None) -> str:
    """Tick label for counts: 0.5, 1, 20, 1k, 10k, 1M."""
    for scale, suffix in ((1e6, "M"), (1e3, "k")):
        if value >= scale:
            return f"{value / scale:g}{suffix}"
    return f"{value:g}"


def format_nanoseconds(value: float, _position=None) -> str:
    """Tick label for a time in ns, in the unit that keeps the number short."""
    for scale, unit in ((1e9, "s"), (1e6, "ms"), (1e3, "µs")):
        if value >= scale:
            return f"{value / scale:g} {unit}"
    return f"{value:g} ns"


def set_log_axis(axis, formatter, low: float, high: float, fine: bool = True) -> None:
    """Log ticks at 1-2-5 steps when `fine` and the range spans few decades, else at 10^k."""
    subs = (1.0, 2.0, 5.0) if fine and math.log10(high / low) <= 3.2 else (1.0,)
    axis.set_major_locator(LogLocator(base=10, subs=subs))
    axis.set_major_formatter(FuncFormatter(formatter))
    axis.set_minor_formatter(NullFormatter())


def style_axes(ax, grid_axis: str = "y") -> None:
    """Light grid behind the data, no top/right frame."""
    ax.grid(True, axis=grid_axis, which="major", color="#DDDDDD", linewidth=0.8)
    ax.set_axisbelow(True)
    ax.spines[["top", "right"]].set_visible(False)


def bar_slots(count: int) -> tuple[list[float], float]:
    """Offsets of `count` bars within a group one unit wide, and the bar width."""
    width = 0.8 / count
    return [(index - (count - 1) / 2) * width for index in range(count)], width


def draw_grouped_bars(ax, ctx: Context, rows: list[Row], errors: bool):
    """Bars of medians grouped by feature, one colour per architecture.

    Returns the x centre of every drawn bar keyed by (architecture, feature) and the bar width,
    so callers can add markers or labels on top.
    """
    features = present_features(rows)
    architectures = architectures_in(ctx, rows)
    offsets, width = bar_slots(len(architectures))
    index = by_key(rows)
    centres = {}
    for arch, offset in zip(architectures, offsets, strict=True):
        drawn = [(position + offset, index[(arch, feature)])
                 for position, feature in enumerate(features) if (arch, feature) in index]
        xs = [x for x, _ in drawn]
        bars = [row for _, row in drawn]
        ax.bar(xs, [row.median for row in bars], width * 0.92, label=architecture_label(arch),
               color=ctx.colours[arch], edgecolor="white", linewidth=0.5,
               yerr=quartile_error(bars) if errors else None,
               error_kw={"ecolor": whisker_colour(ctx.colours[arch]), "elinewidth": 1.1,
                         "capsize": 2.5, "capthick": 1.1})
        centres.update({(row.architecture, row.feature): x for x, row in drawn})
    ax.set_xticks(range(len(features)), features)
    ax.set_xlim(-0.5, len(features) - 0.5)
    return centres, width


def whisker_colour(bar_colour: str) -> str:
    """Near-black whiskers, or grey ones on a bar too dark for black to show against."""
    red, green, blue = (int(bar_colour[index:index + 2], 16) / 255 for index in (1, 3, 5))
    return "#9A9A9A" if 0.2126 * red + 0.7152 * green + 0.0722 * blue < 0.15 else INK


def architecture_label(architecture: str) -> str:
    """The architecture id, marked when its figures are the style's floor (results_table.py's list)."""
    return f"{architecture} ({FLOOR_LABEL})" if architecture in STYLE_FLOOR_ROWS else architecture


def series_label(architecture: str, layout: str) -> str:
    """One layout's line: the architecture's label and the layout, marked when the scoped layout
    measures the project's own selector rather than anything the library has."""
    own = layout == "single-store-scoped" and architecture in OWN_SELECTOR_ROWS
    return f"{architecture_label(architecture)}, {layout}" + (" (own selector)" if own else "")


def architecture_legend_handles(ctx: Context, architectures: list[str], kind: str):
    """Legend entries for architectures, as coloured patches or as coloured lines with markers."""
    if kind == "patch":
        return [Patch(facecolor=ctx.colours[arch], label=architecture_label(arch))
                for arch in architectures]
    return [Line2D([], [], color=ctx.colours[arch], marker=ctx.markers[arch],
                   label=architecture_label(arch))
            for arch in architectures]


def legend_rows(entries: int, columns: int = LEGEND_COLUMNS, title: bool = False) -> int:
    """How many rows a legend of `entries` takes, counting its title."""
    return math.ceil(entries / columns) + int(title)


def bottom_legend(body, handles, columns: int = LEGEND_COLUMNS, title: str | None = None) -> None:
    """A legend under the plots, outside the data."""
    body.legend(handles=handles, loc="outside lower center", ncols=columns, frameon=False,
                fontsize=9, title=title, title_fontsize=9, handlelength=2.2, columnspacing=1.6)


def log_limits(values: list[float]) -> tuple[float, float]:
    """Axis limits at 1-2-5 steps, with a margin so no point sits on a frame line."""
    positive = [value for value in values if value > 0]
    if not positive:
        raise ChartError("no value above zero to draw on a log scale")
    low, high = min(positive), max(positive)
    return nice_step(low / 1.25, down=True), nice_step(high * 1.25, down=False)


def nice_step(value: float, down: bool) -> float:
    """The nearest 1, 2 or 5 times a power of ten below (or above) `value`."""
    exponent = math.floor(math.log10(value))
    steps = [step * 10.0 ** power for power in (exponent - 1, exponent, exponent + 1)
             for step in (1, 2, 5)]
    if down:
        return max(step for step in steps if step <= value * (1 + 1e-9))
    return min(step for step in steps if step >= value * (1 - 1e-9))


# ---------------------------------------------------------------------------------------------
# Charts


def dispatch_chart(ctx: Context):
    """Dispatch cost per action: bars for direct dispatch, hollow diamonds through the adapter."""
    rows = chart_rows(ctx, "dispatch", "time", unit="ns")
    adapter_rows = ctx.select("dispatch-adapter", "time")
    check_unit(adapter_rows, "ns")
    adapter = by_key(adapter_rows)
    handles = architecture_legend_handles(ctx, architectures_in(ctx, rows), "patch")
    if adapter:
        handles += adapter_legend_handles()
    body, (ax,) = new_figure(ctx, "Dispatch cost per action (median, p25–p75)", 4.8,
                             legend_rows(len(handles)))
    centres, width = draw_grouped_bars(ax, ctx, rows, errors=True)
    adapted = [(x, adapter[key]) for key, x in centres.items() if key in adapter]
    if adapted:
        ax.errorbar(
            [x + width * 0.28 for x, _ in adapted], [row.median for _, row in adapted],
            yerr=quartile_error([row for _, row in adapted]), fmt="D", markersize=5,
            markerfacecolor="white", markeredgecolor=INK, markeredgewidth=1.1,
            ecolor="#777777", elinewidth=0.9, capsize=0, zorder=3)
    ax.set_yscale("log")
    shown = rows + [row for _, row in adapted]
    low, high = log_limits([value for row in shown for value in (row.p25, row.median, row.p75)])
    ax.set_ylim(low, high)
    set_log_axis(ax.yaxis, format_nanoseconds, low, high)
    ax.set_ylabel("time per action (log scale)")
    ax.set_xlabel("feature / action")
    style_axes(ax)
    bottom_legend(body, handles)
    return body


def adapter_legend_handles():
    """Legend entries telling the direct path (bar) from the adapter path (hollow diamond)."""
    return [
        Patch(facecolor="none", edgecolor=INK, label="native API (bar)"),
        Line2D([], [], linestyle="none", marker="D", markerfacecolor="white",
               markeredgecolor=INK, label="FeatureDriver adapter"),
    ]


def allocations_chart(ctx: Context):
    """Heap allocations per operation: dispatch on top, effects below, each bar labelled."""
    panels = [
        ("dispatch", "Dispatch: one action through the native API", "mallocs per action"),
        ("effects", "Effects: one effect round trip", "mallocs per effect"),
    ]
    selected = [chart_rows(ctx, suite, "mallocs") for suite, _, _ in panels]
    architectures = architectures_in(ctx, selected[0] + selected[1])
    body, axes = new_figure(ctx, "Heap allocations per operation (median)", 7.2,
                            legend_rows(len(architectures)), grid=(2, 1))
    for ax, rows, (_, heading, y_label) in zip(axes, selected, panels, strict=True):
        centres, _ = draw_grouped_bars(ax, ctx, rows, errors=False)
        label_bars(ax, centres, by_key(rows))
        ax.set_title(heading, fontsize=10.5, loc="left")
        ax.set_ylabel(y_label)
        ax.set_ylim(0, max(1.0, *(row.median for row in rows)) * 1.18)
        style_axes(ax)
    bottom_legend(body, architecture_legend_handles(ctx, architectures, "patch"))
    return body


def label_bars(ax, centres: dict, index: dict, rotation: int = 0, formatter=None) -> None:
    """Write each bar's median above it, so zero-height bars still read as 0."""
    for key, x in centres.items():
        ax.annotate((formatter or format_count)(index[key].median), (x, index[key].median),
                    xytext=(0, 2), textcoords="offset points", ha="center", va="bottom",
                    fontsize=7.5, color=INK, rotation=rotation)


def format_count(value: float) -> str:
    """A count as a whole number, or with one decimal when it is not near one."""
    return f"{value:.0f}" if abs(value - round(value)) < 0.05 else f"{value:.1f}"


def effects_chart(ctx: Context):
    """Effect round-trip time per architecture and feature, in µs, with p25–p75."""
    rows = chart_rows(ctx, "effects", "time")
    handles = architecture_legend_handles(ctx, architectures_in(ctx, rows), "patch")
    body, (ax,) = new_figure(ctx, "Effect round trip until settled (median, p25–p75)", 5.0,
                             legend_rows(len(handles)))
    draw_grouped_bars(ax, ctx, rows, errors=True)
    ax.set_ylim(0, max(row.p75 for row in rows) * 1.05)
    ax.set_ylabel(f"time per effect ({display_unit(rows[0].unit)})")
    ax.set_xlabel("feature / effect")
    style_axes(ax)
    bottom_legend(body, handles)
    return body


def display_unit(unit: str) -> str:
    """The CSV's ASCII unit as a reader writes it."""
    return {"us": "µs"}.get(unit, unit)


def growth_exponents(ctx: Context) -> dict[tuple[str, str], float]:
    """The fitted growth exponent of `app/increment` per (architecture, layout), where the CSV has
    one."""
    return {(row.architecture, row.layout): row.median
            for row in ctx.select("layout", "growth-exponent", feature="app/increment")}


def series(rows: list[Row], architecture: str, layout: str | None = None) -> list[Row]:
    """One architecture's rows (optionally of one layout) that have an n, sorted by n."""
    return sorted((row for row in rows if row.architecture == architecture and row.n is not None
                   and (layout is None or row.layout == layout)), key=lambda row: row.n)


def exponent_label(exponent: float | None) -> str:
    """`  (k = 1.18)` for a legend entry, or nothing when no exponent was fitted."""
    if exponent is None:
        return ""
    text = f"{exponent:.2f}"
    return f"  ($k$ = {'0.00' if text == '-0.00' else text})"


def layouts_in(rows: list[Row]) -> list[str]:
    """Layouts present, in the order of LAYOUT_STYLES (single-store first), then any other."""
    present = list(dict.fromkeys(row.layout for row in rows))
    return sorted(present, key=lambda layout: (layout not in LAYOUT_STYLES,
                                               list(LAYOUT_STYLES).index(layout)
                                               if layout in LAYOUT_STYLES else 0))


def line_style(layout: str) -> str:
    """Solid for single-store, dotted for single-store-scoped, dashed for multi-store, dash-dot
    for anything else."""
    return LAYOUT_STYLES.get(layout, "-.")


def layout_chart(ctx: Context):
    """Time per action against N on log-log axes, one line per architecture and layout."""
    rows = chart_rows(ctx, "layout", "time", unit="ns", sized=True, feature="app/increment")
    exponents = growth_exponents(ctx)
    layouts = layouts_in(rows)
    series_count = len({(row.architecture, row.layout) for row in rows})
    body, (ax,) = new_figure(ctx, "Store layout: cost of one action as the app grows", 5.4,
                             legend_rows(series_count, len(layouts), title=True))
    handles = []
    for layout in layouts:
        for arch in architectures_in(ctx, rows):
            points = series(rows, arch, layout)
            if not points:
                continue
            (line,) = ax.plot([row.n for row in points], [row.median for row in points],
                              color=ctx.colours[arch], marker=ctx.markers[arch], markersize=4.5,
                              linestyle=line_style(layout), linewidth=1.6,
                              label=f"{series_label(arch, layout)}"
                                    f"{exponent_label(exponents.get((arch, layout)))}")
            handles.append(line)
    finish_log_log(ax, rows, format_nanoseconds, "time per action (log scale)",
                   "N: counters in the app (log scale)")
    bottom_legend(body, handles, columns=len(layouts),
                  title="growth exponent $k$: time ∝ $N^k$, fitted over all N")
    return body


def finish_log_log(ax, rows: list[Row], y_formatter, y_label: str, x_label: str) -> None:
    """Log scales, 1-2-5 limits, readable ticks and labels for a y-against-N plot."""
    ax.set_xscale("log")
    ax.set_yscale("log")
    xs = [row.n for row in rows]
    y_low, y_high = log_limits([row.median for row in rows])
    ax.set_xlim(min(xs) / 1.5, max(xs) * 1.5)
    ax.set_ylim(y_low, y_high)
    set_log_axis(ax.xaxis, format_quantity, min(xs), max(xs), fine=False)
    set_log_axis(ax.yaxis, y_formatter, y_low, y_high)
    ax.set_xlabel(x_label)
    ax.set_ylabel(y_label)
    style_axes(ax, grid_axis="both")


def observers_chart(ctx: Context):
    """Observers woken per action against N: one small panel per architecture.

    Architectures often wake exactly as many observers as each other, so one shared plot would
    draw their lines on top of one another; a panel each keeps every architecture visible.
    """
    rows = chart_rows(ctx, "layout", "observers-woken", sized=True, feature="app/increment")
    architectures = architectures_in(ctx, rows)
    layouts = layouts_in(rows)
    columns = min(3, len(architectures))
    grid_rows = math.ceil(len(architectures) / columns)
    body, axes = new_figure(ctx, "Observers woken by one action as the app grows",
                            1.4 + 2.3 * grid_rows, legend_rows(len(layouts), len(layouts)),
                            grid=(grid_rows, columns), share=True)
    for ax, arch in zip(axes, architectures, strict=False):
        for layout in layouts:
            points = series(rows, arch, layout)
            ax.plot([row.n for row in points], [row.median for row in points],
                    color=ctx.colours[arch], marker=ctx.markers[arch], markersize=4,
                    linestyle=line_style(layout), linewidth=1.6, label=f"{arch}, {layout}")
        # Observers woken are behaviour, not cost: no "style's floor" mark here.
        ax.set_title(arch, fontsize=10, fontweight="bold")
        finish_log_log(ax, rows, format_quantity, "", "")
    for index, ax in enumerate(axes):
        if index >= len(architectures):
            ax.set_visible(False)
        elif index + columns >= len(architectures):  # lowest panel of its column
            ax.xaxis.set_tick_params(labelbottom=True)
            ax.set_xlabel("N: counters (log scale)")
    body.supylabel("observers woken per action (log scale)", fontsize=10)
    bottom_legend(body, layout_legend_handles(layouts), columns=len(layouts))
    return body


def layout_legend_handles(layouts: list[str]):
    """Grey legend entries for the line style of each layout."""
    return [Line2D([], [], color="#555555", linestyle=line_style(layout), linewidth=1.6,
                   label=layout) for layout in layouts]


def state_copy_chart(ctx: Context):
    """Against the number of accounts in state, one line per architecture: the time of an action
    that leaves the accounts alone (`updateAmount`) and, where the CSV has them, the bytes a
    completed transfer allocates (`submitTransfer`, which moves two balances)."""
    rows = chart_rows(ctx, "state-copy", "time", unit="ns", sized=True,
                      feature="transfer/updateAmount")
    copies = [row for row in ctx.select("state-copy", "bytes", feature="transfer/submitTransfer")
              if row.n is not None]
    check_unit(copies, "B")
    handles = architecture_legend_handles(ctx, architectures_in(ctx, rows), "line")
    body, axes = new_figure(ctx, "State size: what an action costs as accounts grow", 4.8,
                            legend_rows(len(handles), title=True), grid=(1, 2 if copies else 1))
    draw_state_copy(ctx, axes[0], rows, banded=True)
    finish_log_log(axes[0], rows, format_nanoseconds, "updateAmount: time per action (log scale)",
                   "accounts in state (log scale)")
    if copies:
        draw_state_copy(ctx, axes[1], copies, banded=False)
        finish_log_log(axes[1], copies, format_bytes,
                       "completed transfer: bytes allocated (log scale)",
                       "accounts in state (log scale)")
    bottom_legend(body, handles, title="line: median, band: p25–p75")
    return body


def draw_state_copy(ctx: Context, ax, rows: list[Row], banded: bool) -> None:
    """One line per architecture of `rows` against n, with its p25–p75 band if `banded`."""
    for arch in architectures_in(ctx, rows):
        points = series(rows, arch)
        xs = [row.n for row in points]
        if banded:
            ax.fill_between(xs, [row.p25 for row in points], [row.p75 for row in points],
                            color=ctx.colours[arch], alpha=0.18, linewidth=0)
        ax.plot(xs, [row.median for row in points], color=ctx.colours[arch],
                marker=ctx.markers[arch], markersize=5, linewidth=1.6, label=architecture_label(arch))


def format_bytes(value: float, _position=None) -> str:
    """Tick label for a byte count: 500 B, 4 kB, 1 MB."""
    for scale, unit in ((1e6, "MB"), (1e3, "kB")):
        if value >= scale:
            return f"{value / scale:g} {unit}"
    return f"{value:g} B"


def counts_chart(ctx: Context):
    """Exact counts per operation: instructions and retains per dispatch intent (bars, labelled),
    and instructions per `app/increment` against N in every layout (log-log)."""
    instructions = chart_rows(ctx, "dispatch", "instructions", unit="count")
    retains = chart_rows(ctx, "dispatch", "retains", unit="count")
    layout = chart_rows(ctx, "layout", "instructions", unit="count", sized=True,
                        feature="app/increment")
    layouts = layouts_in(layout)
    architectures = architectures_in(ctx, instructions + retains + layout)
    handles = architecture_legend_handles(ctx, architectures, "line") + layout_legend_handles(layouts)
    body, axes = new_figure(replace(ctx, footnote=ctx.counts_footnote or ctx.footnote),
                            "Exact counts per operation (same in every run)", 11.0,
                            legend_rows(len(handles)), grid=(3, 1))
    panels = [(instructions, "Dispatch: instructions per action (callgrind)", "instructions"),
              (retains, "Dispatch: retains per action (swift_retain and kin)", "retains")]
    for ax, rows, heading, y_label in [(axes[0], *panels[0]), (axes[1], *panels[1])]:
        centres, _ = draw_grouped_bars(ax, ctx, rows, errors=False)
        whole = rows is instructions
        label_bars(ax, centres, by_key(rows), rotation=90 if whole else 0,
                   formatter="{:.0f}".format if whole else None)
        ax.set_title(heading, fontsize=10.5, loc="left")
        ax.set_ylabel(y_label)
        ax.set_ylim(0, max(1.0, *(row.median for row in rows)) * (1.3 if rows is instructions else 1.18))
        style_axes(ax)
    for arch in architectures_in(ctx, layout):
        for name in layouts:
            points = series(layout, arch, name)
            axes[2].plot([row.n for row in points], [row.median for row in points],
                         color=ctx.colours[arch], marker=ctx.markers[arch], markersize=4,
                         linestyle=line_style(name), linewidth=1.4)
    finish_log_log(axes[2], layout, format_quantity, "instructions per action (log)",
                   "N: counters in the app (log scale)")
    axes[2].set_title("Layout: instructions per app/increment", fontsize=10.5, loc="left")
    bottom_legend(body, handles)
    return body


COUNTS_CHART = ("counts.svg", counts_chart)

CHARTS = {
    "dispatch.svg": dispatch_chart,
    "allocations.svg": allocations_chart,
    "layout.svg": layout_chart,
    "observers.svg": observers_chart,
    "effects.svg": effects_chart,
    "state-copy.svg": state_copy_chart,
}


# ---------------------------------------------------------------------------------------------
# Output


def configure_matplotlib() -> None:
    """The settings that make the SVGs stable across runs and alike in every viewer."""
    matplotlib.rcParams.update({
        "svg.fonttype": "path",  # text as outlines: looks the same in every viewer
        "svg.hashsalt": "swift-architecture-benchmarks",
        "font.family": "DejaVu Sans",
        "font.size": 10,
        "axes.titlesize": 10.5,
        "axes.labelsize": 10,
        "axes.edgecolor": "#444444",
        "xtick.labelsize": 9,
        "ytick.labelsize": 9,
        "text.color": INK,
        "axes.labelcolor": INK,
    })


def render_all(ctx: Context, staging: Path) -> list[Path]:
    """Draw every chart into `staging`; returns the files written there."""
    written = []
    charts = dict(CHARTS)
    if any(row.metric == "instructions" for row in ctx.rows):
        charts[COUNTS_CHART[0]] = COUNTS_CHART[1]
    for name, draw in charts.items():
        try:
            body = draw(ctx)
        except ChartError as error:
            raise ChartError(f"{name}: {error}") from None
        fig = body.get_figure(root=True)
        path = staging / name
        fig.savefig(path, format="svg", metadata={"Date": None, "Title": body.get_suptitle()})
        plt.close(fig)
        written.append(path)
    return written


def install(files: list[Path], out: Path) -> None:
    """Move finished charts into `out`, each replacing its old version in one rename."""
    try:
        out.mkdir(parents=True, exist_ok=True)
        for path in files:
            partial = out / f".{path.name}.partial"
            shutil.copyfile(path, partial)
            os.replace(partial, out / path.name)
    except OSError as error:
        raise ChartError(f"{out}: cannot write the charts ({error.strerror or error})") from None


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one `charts.py: error: ...` line, exit status 2."""

    def error(self, message: str) -> NoReturn:
        fail(message)


def fail(message: str) -> NoReturn:
    """Print the one-line error and exit with status 2."""
    print(f"{PROG}: error: {message}", file=sys.stderr)
    sys.exit(2)


def parse_arguments(argv: list[str]) -> argparse.Namespace:
    """The command line: the CSV, --out and --allow-debug."""
    parser = OneLineParser(prog=PROG, description="Draw SVG charts from a bench results CSV.")
    parser.add_argument("csv", type=Path, help="results CSV written by bench, e.g. "
                        "results/baseline.csv (its sidecar results/baseline.meta.json is read too)")
    parser.add_argument("--out", type=Path, default=None,
                        help="folder for the SVGs (default: 'charts' next to the CSV)")
    parser.add_argument("--instructions", type=Path, default=None, metavar="CSV",
                        help="also read this bench --instructions CSV and draw " + COUNTS_CHART[0])
    parser.add_argument("--allow-debug", action="store_true",
                        help="chart debug-build rows, with DEBUG in every title")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Read the inputs, draw every chart, then move them into the output folder."""
    arguments = parse_arguments(sys.argv[1:] if argv is None else argv)
    out = arguments.out or arguments.csv.parent / "charts"
    try:
        rows = read_rows(arguments.csv)
        metadata = read_metadata(arguments.csv)
        if arguments.instructions is not None:
            rows += read_rows(arguments.instructions)
        ctx = build_context(rows, metadata, arguments.allow_debug, arguments.csv)
        if arguments.instructions is not None:
            ctx = replace(ctx, counts_footnote=counts_footnote(
                metadata, read_metadata(arguments.instructions)))
        configure_matplotlib()
        with tempfile.TemporaryDirectory(prefix="charts-") as staging:
            files = render_all(ctx, Path(staging))
            install(files, out)
    except ChartError as error:
        fail(str(error))
    for path in files:
        print(out / path.name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
