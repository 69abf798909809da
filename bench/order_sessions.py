#!/usr/bin/env python3
"""Cart sessions for bench/orders.sh: COUNT shoppers' carts made before the run, each by one
real add-to-cart of the bench product (so each cart already holds one unit), their session
ids one per line on stdout. The run needs them made beforehand because wrk's Lua sees only
the last of a response's Set-Cookie headers (the cart hash, not the session). Each session
pays at most five orders in the run (the card-payment brake's burst per session).
usage: bench/order_sessions.py BASE_URL COUNT PRODUCT_ID"""

import concurrent.futures
import http.client
import json
import sys
from urllib.parse import urlsplit


def session(host, port, product, n):
    conn = http.client.HTTPConnection(host, port, timeout=30)
    try:
        conn.request("POST", "/api/v1/cart/items", json.dumps({"product_id": product, "quantity": 1}),
                     {"Content-Type": "application/json", "X-Forwarded-For": f"127.250.{n // 250 % 250}.{n % 250 + 1}"})
        response = conn.getresponse()
        response.read()
        for name, value in response.getheaders():
            if name.lower() == "set-cookie" and value.startswith("vitrine_session="):
                return value.split(";", 1)[0].split("=", 1)[1]
        raise RuntimeError(f"no session cookie (status {response.status})")
    finally:
        conn.close()


def main(base, count, product):
    url = urlsplit(base)
    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
        ids = pool.map(lambda n: session(url.hostname, url.port, product, n), range(count))
        for sid in ids:
            print(sid)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
