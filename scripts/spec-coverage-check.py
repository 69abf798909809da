#!/usr/bin/env python3
"""Keeps docs/spec-coverage.md honest: every file it names in backticks must exist.

A name is a backticked token ending in a source extension (`cart_add.rs`,
`features/cart/cart-store.test.ts`, `bench/search.sh`). It matches when some tracked file's
path ends with it. Tokens with spaces, `::`, globs or braces are descriptions, not names.
Exit status 1 lists the names no file carries.
"""
import re
import subprocess
import sys
from pathlib import Path

EXTENSIONS = (".rs", ".ts", ".tsx", ".sh", ".py", ".mjs", ".css", ".toml", ".csv", ".sql", ".md")


def tracked_files(root: Path) -> list[str]:
    out = subprocess.run(["git", "ls-files"], cwd=root, capture_output=True, text=True, check=True)
    return out.stdout.splitlines()


def named_files(text: str) -> set[str]:
    names = set()
    for token in re.findall(r"`([^`\n]+)`", text):
        token = token.strip().lstrip("./")
        if any(c in token for c in " *{}<>:()") or not token.endswith(EXTENSIONS):
            continue
        if token.startswith("shared/"):  # the product spec, beside the repository
            continue
        names.add(token)
    return names


def main() -> int:
    root = Path(__file__).resolve().parent.parent
    doc = root / "docs" / "spec-coverage.md"
    files = tracked_files(root)
    missing = sorted(
        name for name in named_files(doc.read_text()) if not any(f == name or f.endswith("/" + name) for f in files)
    )
    for name in missing:
        print(f"spec-coverage: `{name}` names no file in the repository", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
