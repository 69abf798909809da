"""The crash proof (issue 18 item 11): the shop is killed at each named step of checkout,
payment and webhook handling (`VITRINE_CRASH_AT`, `crates/vitrine-crash`: the process aborts
on the spot, as SIGKILL would leave it), then restarted without the crash point. The buyer
either retries with the same Idempotency-Key (a reload, a double click) or has gone away, in
which case the provider's webhooks (redelivered after the restart) and the reconciliation job
must settle what was paid. After each step: no lost paid order, no double charge, stock
consistent (see ledger.py), the buyer's order is paid exactly when the card was charged, and
a paid order's cart is empty."""

import time

from client import Answers, Buyer
from ledger import Ledger

PRODUCT = 9002
IMPORTED = 100

# (crash points for successive starts, what the buyer does after the restart, charged?)
# "retry": the same checkout again, same Idempotency-Key and cart; "leave": nothing more.
# charged: whether the buyer's card ends up charged (then its one order must be paid), or
# None where that depends on timing — the first webhook to arrive may be the intent's
# `payment_intent.created`, while the checkout is still between creating and confirming.
SCENARIOS = [
    (["place_before_commit"], "retry", True),
    (["after_order_insert"], "retry", True),
    (["after_order_insert"], "leave", False),
    (["after_intent_create"], "retry", True),
    (["after_intent_create"], "leave", False),
    (["after_payment_confirmed"], "retry", True),
    (["after_payment_confirmed"], "leave", True),
    (["finalize_before_commit"], "retry", True),
    (["finalize_before_commit"], "leave", True),
    (["after_finalize"], "retry", True),
    (["after_finalize"], "leave", True),
    # `webhook_before_settle` is reached only by an event that can still change its order
    # (ADR 0019 addendum: a paid order's events are answered with no write). A checkout that
    # completes pays its order before the provider's events arrive, so the webhook crash is
    # proved where a webhook is what settles the order.
    # The buyer's answer is lost with the charge, then the webhook that would settle it too.
    (["after_payment_confirmed", "webhook_before_settle"], "leave", True),
]


def run(shop, log, only=None):
    answers = Answers()
    problems = []
    for number, (points, after, charged) in enumerate(SCENARIOS):
        name = "+".join(points) + f"/{after}"
        if only and only not in name:
            continue
        started = time.time()
        found = scenario(shop, Buyer(1000 + number, answers, PRODUCT), points, after, charged)
        problems += [f"{name}: {p}" for p in found]
        log(f"{name:48} {'ok' if not found else 'FAILED'} in {time.time() - started:.1f} s")
    errors = answers.server_errors()
    if errors:
        problems.append(f"{len(errors)} answers were 5xx: {sorted(set(errors))}")
    return problems


def scenario(shop, buyer, points, after, charged):
    problems = []
    shop.start(crash_at=points[0])
    buyer.card(shop)
    buyer.add_to_cart(shop)
    try:
        buyer.checkout(shop)
    except ConnectionError:
        buyer.result = None  # the shop died under the request: the buyer saw nothing
    for point, following in zip(points, points[1:] + [None]):
        if not shop.crashed(seconds=20):
            shop.stop()
            return [f"the shop never reached {point}"]
        shop.start(crash_at=following)
    if after == "retry":
        status, body = buyer.checkout(shop)
        if status != 200 or not (body or {}).get("redirect"):
            problems.append(f"the retry answered {status} {body}")
    ledger = settled(shop.backend, want_paid=bool(charged), buyer=buyer)
    code, cart = buyer.send(shop, "GET", "/api/v1/cart")
    left = (cart or {}).get("cart", {}).get("item_count", 0) if code == 200 else None
    shop.stop()
    problems += ledger.problems()
    problems += ledger.stock_problems(PRODUCT, IMPORTED)
    mine = orders_of(shop.backend, buyer)
    paid = [o for o in mine if ledger.orders[o]["paid"]]
    if len(mine) > 1:
        problems.append(f"{len(mine)} orders for one cart: {mine}")
    if charged and len(paid) != 1:
        problems.append(f"the buyer was charged but {len(paid)} of its orders {mine} are paid")
    if charged is False and paid:
        problems.append(f"order {paid} is paid though the card was never charged")
    if ledger.pending_events:
        problems.append(f"{ledger.pending_events} webhooks never delivered")
    if paid and left != 0:
        # The cart is emptied in the payment's own transaction: whenever the order is paid,
        # whichever step the shop died at, its cart is empty.
        problems.append(f"order {paid} is paid but its cart answers {code} with {left} item(s)")
    return problems


def orders_of(backend, buyer):
    email = buyer.email().replace("'", "''")
    rows = backend.rows(f"SELECT id, document FROM orders WHERE document LIKE '%{email}%'")
    return [int(r[0]) for r in rows]


def settled(backend, want_paid, buyer, seconds=20):
    """The ledger once the webhooks are delivered and, when the buyer was charged, its order
    paid (the reconciliation job runs every second on attempts quiet for two)."""
    deadline = time.time() + seconds
    while True:
        ledger = Ledger(backend)
        mine = orders_of(backend, buyer)
        done = ledger.pending_events == 0 and (
            not want_paid or any(ledger.orders[o]["paid"] for o in mine))
        if done or time.time() > deadline:
            return ledger
        time.sleep(0.2)
