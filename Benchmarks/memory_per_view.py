#!/usr/bin/env python3
"""Peak resident memory per view of laying out generated workloads, one process per case.

For each workload, size and backend: `bench export --format scene`, the steps removed (so
the peak is the scene, the backend and one layout, not a document of every state), then
`bench layout FILE --backend B --no-ambiguity` under `/usr/bin/time -f %M`, which reports
the process's peak resident set in KiB. Bytes per view is the least-squares slope of the
peak against the number of views; growth is linear when the slopes between consecutive
sizes agree (their ratio, last over first, is printed as `slope drift`).

Usage: memory_per_view.py [--bench PATH] [--out FILE.json] [--sizes 1000,3000,10000]
                          [--workloads a,b] [--backends cassowary,springs-struts]
Exit status: 0 written; 1 a layout failed; 64 bad command line.
"""
import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parent.parent
DEFAULT_WORKLOADS = [
    "stack.fill.horizontal", "stack.fillEqually.horizontal", "stack.equalSpacing.horizontal",
    "stack.nested", "stack.feed", "deep.chain.constraints", "deep.tree.constraints", "chain.horizontal",
]


def positive_ints(text):
    try:
        values = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected comma-separated positive integers, not '{text}'")
    if not values or any(v <= 0 for v in values):
        raise argparse.ArgumentTypeError(f"expected comma-separated positive integers, not '{text}'")
    return values


def names(text):
    values = [part for part in text.split(",") if part]
    if not values:
        raise argparse.ArgumentTypeError("expected comma-separated names")
    return values


def slope(points):
    """Least-squares slope and intercept of y against x."""
    n = len(points)
    mean_x = sum(x for x, _ in points) / n
    mean_y = sum(y for _, y in points) / n
    sxx = sum((x - mean_x) ** 2 for x, _ in points)
    sxy = sum((x - mean_x) * (y - mean_y) for x, y in points)
    k = sxy / sxx
    return k, mean_y - k * mean_x


def measure(bench, workload, size, backend, folder):
    scene_path = folder / f"{workload}-{size}.json"
    if not scene_path.exists():
        exported = subprocess.run([str(bench), "export", "--workload", workload, "--size", str(size), "--format", "scene"],
                                  capture_output=True, text=True)
        if exported.returncode != 0:
            return None, f"export failed ({exported.returncode}): {exported.stderr.strip()[:200]}"
        document = json.loads(exported.stdout)
        document["steps"] = []
        document.pop("operations", None)
        scene_path.write_text(json.dumps(document))
    views = len(json.loads(scene_path.read_text())["views"])
    started = time.monotonic()
    run = subprocess.run(["/usr/bin/time", "-f", "%M", str(bench), "layout", str(scene_path), "--backend", backend,
                          "--no-ambiguity"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    seconds = time.monotonic() - started
    if run.returncode == 3:
        return None, "the backend cannot express the scene"
    if run.returncode != 0:
        return None, f"layout failed ({run.returncode}): {run.stderr.strip()[-200:]}"
    peak_kib = int(run.stderr.strip().splitlines()[-1])
    return {"views": views, "peakBytes": peak_kib * 1024, "seconds": round(seconds, 3)}, None



class UsageParser(argparse.ArgumentParser):
    """Bad command lines exit 64, as `bench` does (argparse's own status, 2, means bad input here)."""

    def error(self, message):
        self.print_usage(sys.stderr)
        self.exit(64, f"{self.prog}: error: {message}\n")

def main():
    parser = UsageParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bench", type=Path, default=REPOSITORY / ".build/release/bench")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--sizes", type=positive_ints, default=[1000, 3000, 10000])
    parser.add_argument("--workloads", type=names, default=DEFAULT_WORKLOADS)
    parser.add_argument("--backends", type=names, default=["cassowary", "springs-struts"])
    parser.add_argument("--time-limit", type=float, default=120.0,
                        help="skip larger sizes of a workload and backend once a layout took longer (seconds)")
    args = parser.parse_args()
    if not args.bench.exists():
        parser.error(f"no bench binary at {args.bench} (make release)")

    rows, failed = [], False
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        for workload in args.workloads:
            for backend in args.backends:
                points, notes = [], []
                for size in sorted(args.sizes):
                    result, problem = measure(args.bench, workload, size, backend, folder)
                    if problem:
                        notes.append(f"{size}: {problem}")
                        failed = failed or problem.startswith("layout failed") or problem.startswith("export failed")
                        break
                    points.append({"size": size, **result})
                    print(f"{workload} {backend} {size}: {result['views']} views, "
                          f"{result['peakBytes'] / 2**20:.1f} MiB peak, {result['seconds']} s", file=sys.stderr)
                    if result["seconds"] > args.time_limit:
                        notes.append(f"sizes above {size} skipped: {result['seconds']} s over --time-limit")
                        break
                row = {"workload": workload, "backend": backend, "points": points, "notes": notes}
                if len(points) >= 2:
                    xy = [(p["views"], p["peakBytes"]) for p in points]
                    per_view, intercept = slope(xy)
                    steps = [(b[1] - a[1]) / (b[0] - a[0]) for a, b in zip(xy, xy[1:])]
                    row.update(bytesPerView=round(per_view), interceptBytes=round(intercept),
                               stepSlopes=[round(s) for s in steps],
                               slopeDrift=round(steps[-1] / steps[0], 2) if steps[0] > 0 else None)
                rows.append(row)

    document = {
        "format": "layoutbench.memory/1",
        "created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "command": " ".join(sys.argv),
        "method": "peak resident set (/usr/bin/time %M) of `bench layout` on the exported scene without steps, "
                  "one process per case; bytesPerView is the least-squares slope over the sizes",
        "rows": rows,
    }
    text = json.dumps(document, indent=1)
    if args.out:
        args.out.write_text(text + "\n")
    else:
        print(text)
    print("\n| workload | backend | views | peak MiB | bytes per view (slope) | slopes between sizes | drift |", file=sys.stderr)
    print("|---|---|---|---|---:|---|---:|", file=sys.stderr)
    for row in rows:
        views = ", ".join(str(p["views"]) for p in row["points"]) or "—"
        peaks = ", ".join(f"{p['peakBytes'] / 2**20:.1f}" for p in row["points"]) or "—"
        print(f"| `{row['workload']}` | `{row['backend']}` | {views} | {peaks} | {row.get('bytesPerView', '—')} | "
              f"{row.get('stepSlopes', '—')} | {row.get('slopeDrift', '—')} |", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
