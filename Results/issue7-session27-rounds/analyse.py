#!/usr/bin/env python3
"""Twenty-seventh session's rounds: ../issue7-session25-rounds/analyse.py (per case and
phase, the pooled-by-median figures before and after, the median of the per-round ratios
and in how many rounds the new code was faster, then the deterministic counters) for
a251cef (before) against c3d346b (flips held beside other symbols).

Usage: analyse.py [DIR] [--phase NAME]... [--all]
Exit status: 0 printed; 2 a round's file is missing or unreadable.
"""
import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SPEC = importlib.util.spec_from_file_location("session25", HERE.parent / "issue7-session25-rounds" / "analyse.py")
SESSION25 = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(SESSION25)
SESSION25.BASE, SESSION25.HEAD = "a251cef", "c3d346b"

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1].startswith("-"):
        sys.argv.insert(1, str(HERE))  # the rounds beside this script, not session 25's
    SESSION25.main()
