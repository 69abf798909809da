"""Shops for the proof scripts: a fresh database (a SQLite file, or a PostgreSQL database made
for the run and dropped after it), the proof catalogue imported with the real CLI, and
`vitrine serve` processes started, stopped, or left to crash at a named point."""

import csv
import io
import json
import os
import signal
import subprocess
import time
import urllib.error
import urllib.request
from urllib.parse import urlsplit

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CATALOGUE = os.path.join(HERE, "catalogue.csv")

CONFIG = """\
# Written by scripts/proof/shop.py for one run.
[shop]
name = "Vitrine proof"
# Each buyer sends its own X-Forwarded-For (a loopback address), as shoppers behind one
# reverse proxy would: the card brakes count per client.
trusted_proxy_hops = 1

[payments]
provider = "test"

[checkout]
countries = ["US"]
hold_unpaid_minutes = 60
# The jobs run every second and re-read attempts quiet for two, so a restarted shop settles
# what a crash left unresolved within seconds (defaults: 60 s and 10 min).
job_interval_seconds = 1
reconcile_after_seconds = 2
downloads_dir = "{dir}/downloads"

[mail]
outbox_dir = "{dir}/outbox"
"""


class Backend:
    """One database for one run."""

    def __init__(self, kind, workdir, pg_admin=None):
        self.kind = kind
        self.workdir = workdir
        if kind == "sqlite":
            self.path = os.path.join(workdir, "shop.db")
            self.url = f"sqlite://{self.path}"
        else:
            # The server of the given URL (its own database is left alone).
            parts = urlsplit(pg_admin)
            self.admin = f"{parts.scheme}://{parts.netloc}"
            self.name = f"vitrine_proof_{os.getpid()}_{int(time.time() * 1000) % 100000}"
            self.psql(f"{self.admin}/postgres", f"CREATE DATABASE {self.name}")
            self.url = f"{self.admin}/{self.name}"

    @staticmethod
    def psql(url, sql, csv_out=False):
        args = ["psql", url, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-c", sql]
        if csv_out:
            args.insert(2, "--csv")
        env = dict(os.environ, PGOPTIONS="--client-min-messages=warning")
        out = subprocess.run(args, check=True, capture_output=True, text=True, env=env)
        return out.stdout

    def rows(self, sql):
        """The rows of a query, as tuples of strings (None for NULL on SQLite)."""
        if self.kind == "sqlite":
            import sqlite3

            con = sqlite3.connect(self.path, timeout=30)
            try:
                return [tuple(None if v is None else str(v) for v in r) for r in con.execute(sql)]
            finally:
                con.close()
        text = self.psql(self.url, sql, csv_out=True)
        reader = list(csv.reader(io.StringIO(text)))
        return [tuple(v if v != "" else None for v in r) for r in reader[1:]]

    def scalar(self, sql):
        rows = self.rows(sql)
        return rows[0][0] if rows else None

    def drop(self):
        if self.kind == "postgres":
            self.psql(f"{self.admin}/postgres", f"DROP DATABASE IF EXISTS {self.name} WITH (FORCE)")


class Shop:
    """`vitrine serve` on one port over a backend; several may share one backend."""

    def __init__(self, binary, backend, port, workdir, name):
        self.binary = binary
        self.backend = backend
        self.port = port
        self.base = f"http://127.0.0.1:{port}"
        self.config = os.path.join(workdir, "proof.toml")
        self.log_path = os.path.join(workdir, f"{name}.log")
        self.proc = None

    def start(self, crash_at=None, wait=True):
        env = dict(os.environ)
        env.pop("VITRINE_CRASH_AT", None)
        env.setdefault("VITRINE_LOG", "warn")
        if crash_at:
            env["VITRINE_CRASH_AT"] = crash_at
        log = open(self.log_path, "a")
        log.write(f"---- start (crash at {crash_at or 'nothing'})\n")
        log.flush()
        self.proc = subprocess.Popen(
            [self.binary, "serve", "--listen", f"127.0.0.1:{self.port}",
             "--database-url", self.backend.url, "--config", self.config],
            stdout=log, stderr=subprocess.STDOUT, env=env, cwd=os.path.dirname(self.config))
        log.close()
        if wait:
            self.wait_ready()
        return self

    def wait_ready(self, seconds=60):
        deadline = time.time() + seconds
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"shop on {self.port} exited {self.proc.returncode}; see {self.log_path}")
            try:
                with urllib.request.urlopen(f"{self.base}/healthz", timeout=2) as r:
                    if r.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, OSError):
                pass
            time.sleep(0.1)
        raise RuntimeError(f"shop on {self.port} not ready in {seconds} s; see {self.log_path}")

    def crashed(self, seconds=30):
        """Waits for the process to die at its crash point; True when it aborted."""
        try:
            code = self.proc.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            return False
        return code == -signal.SIGABRT

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def stop(self):
        if self.alive():
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None


def prepare(binary, backend, workdir):
    """Writes the config and imports the proof catalogue into the backend."""
    os.makedirs(os.path.join(workdir, "downloads"), exist_ok=True)
    config = os.path.join(workdir, "proof.toml")
    with open(config, "w") as f:
        f.write(CONFIG.format(dir=workdir))
    subprocess.run(
        [binary, "import", "woocommerce-csv", CATALOGUE, "--database-url", backend.url,
         "--config", config],
        check=True, capture_output=True, cwd=workdir)


def stock(backend, item):
    value = backend.scalar(f"SELECT quantity FROM stock WHERE item_id = {int(item)}")
    return None if value is None else int(value)


def parse(body):
    try:
        return json.loads(body)
    except ValueError:
        return None
