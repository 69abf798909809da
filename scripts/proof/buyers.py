"""Fifty buyers, five units (issue 18 item 11): every buyer types its own card of the 4242
family (client.card_number) into the test provider, puts the last-five product in a cart, then all place their orders at once (a
barrier releases them together). Exactly five orders are paid — by the checkout's answer and
again, harmlessly, by the provider's webhooks — stock ends at 0, and no request answers a
5xx. With two shops on one PostgreSQL, each buyer's cart is made on one instance and its
order placed on the other."""

import threading
import time

from client import Answers, Buyer
from ledger import Ledger

PRODUCT = 9001
UNITS = 5
BUYERS = 50


def run(shops, log):
    answers = Answers()
    buyers = [Buyer(n, answers, PRODUCT) for n in range(BUYERS)]
    gate = threading.Barrier(BUYERS)
    failures = []

    def buy(buyer):
        home = shops[buyer.number % len(shops)]
        away = shops[(buyer.number + 1) % len(shops)]
        try:
            buyer.card(home)
            buyer.add_to_cart(home)
            gate.wait(timeout=60)
            buyer.checkout(away)
        except Exception as error:  # noqa: BLE001 - reported below, the run fails
            failures.append(f"buyer {buyer.number}: {error}")
            gate.abort()

    threads = [threading.Thread(target=buy, args=(b,)) for b in buyers]
    started = time.time()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    log(f"{BUYERS} checkouts answered in {time.time() - started:.1f} s")
    problems = list(failures)
    paid = [b for b in buyers if b.result and b.result[0] == 200]
    refused = [b for b in buyers if b.result and b.result[0] == 409
               and (b.result[1] or {}).get("code") == "insufficient_stock"]
    other = [b for b in buyers if b.result and b not in paid and b not in refused]
    for b in other:
        problems.append(f"buyer {b.number}: unexpected answer {b.result}")
    if len(paid) != UNITS:
        problems.append(f"{len(paid)} checkouts succeeded, expected {UNITS}")
    for b in paid:
        if b.result[1].get("next_action") or not b.result[1].get("redirect"):
            problems.append(f"buyer {b.number}: not paid at once: {b.result[1]}")
    backend = shops[0].backend
    ledger = settle(backend)
    for b in paid:
        order = b.order(shops[b.number % len(shops)])
        if not order or order.get("status") != "processing":
            problems.append(f"buyer {b.number}: order reads {order and order.get('status')}, expected processing")
    problems += ledger.problems()
    problems += ledger.stock_problems(PRODUCT, UNITS)
    if len(ledger.paid_orders()) != UNITS:
        problems.append(f"{len(ledger.paid_orders())} paid orders, expected {UNITS}")
    on_hand = int(backend.scalar(f"SELECT quantity FROM stock WHERE item_id = {PRODUCT}"))
    if on_hand != 0:
        problems.append(f"stock is {on_hand}, expected 0")
    if ledger.pending_events:
        problems.append(f"{ledger.pending_events} webhooks never delivered")
    # Marked delivered only once the shop's webhook route answered 2xx. (The shop records an
    # event only when it can still change its order: these orders were paid by the checkout
    # before their events arrived, so the shop heard them and had nothing to do.)
    received = int(backend.scalar(
        "SELECT COUNT(*) FROM test_provider_events WHERE delivered_at IS NOT NULL "
        "AND body LIKE '%\"type\":\"payment_intent.succeeded\"%'"))
    if received != UNITS:
        problems.append(f"the shop accepted {received} payment_intent.succeeded webhooks, expected {UNITS}")
    errors = answers.server_errors()
    if errors:
        problems.append(f"{len(errors)} answers were 5xx: {sorted(set(errors))}")
    log(f"{len(paid)} paid, {len(refused)} refused for stock (409), stock {on_hand}, "
        f"{len(answers.statuses)} answers, {len(errors)} 5xx, "
        f"{len(ledger.succeeded_charges())} charges in the provider's ledger")
    return problems


def settle(backend, seconds=30):
    """The ledger once every webhook is delivered (they settle asynchronously)."""
    deadline = time.time() + seconds
    while True:
        ledger = Ledger(backend)
        if ledger.pending_events == 0 or time.time() > deadline:
            # One more beat: a delivery marked done may still be committing its settle.
            time.sleep(0.3)
            return Ledger(backend)
        time.sleep(0.2)
