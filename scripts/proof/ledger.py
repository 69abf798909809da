"""What the database says after a run, read with plain SQL (the shop's tables and the test
provider's ledger in the same database), and the invariants the proofs assert:

- no lost paid order: every succeeded charge in the provider's ledger belongs to exactly one
  order, and that order is paid with that charge as its transaction;
- no double charge: at most one succeeded payment intent (and one succeeded charge) per order;
- stock consistent: for each managed item, units on hand plus units held by orders equal what
  was imported, and never below zero;
- every webhook the provider emitted has been delivered."""

import json


class Ledger:
    def __init__(self, backend):
        self.backend = backend
        rows = backend.rows(
            "SELECT id, kind, owner, body FROM test_provider_objects "
            "WHERE kind IN ('payment_intent', 'charge')")
        self.intents = {r[0]: json.loads(r[3]) for r in rows if r[1] == "payment_intent"}
        self.charges = {r[0]: json.loads(r[3]) for r in rows if r[1] == "charge"}
        self.orders = {
            int(r[0]): {"status": r[1], "paid": r[2] is not None, "transaction": r[3]}
            for r in backend.rows("SELECT id, status, paid_at, transaction_id FROM orders")
        }
        self.pending_events = int(backend.scalar(
            "SELECT COUNT(*) FROM test_provider_events WHERE delivered_at IS NULL"))

    def order_of(self, intent_id):
        intent = self.intents.get(intent_id) or {}
        value = (intent.get("metadata") or {}).get("order_id")
        return int(value) if value is not None else None

    def paid_orders(self):
        return sorted(i for i, o in self.orders.items() if o["paid"])

    def succeeded_charges(self):
        return {cid: c for cid, c in self.charges.items()
                if c.get("status") == "succeeded" and not c.get("refunded")}

    def problems(self):
        """Broken invariants, as sentences; empty when the ledger and the orders agree."""
        found = []
        charged = {}
        for cid, charge in self.succeeded_charges().items():
            order = self.order_of(charge.get("payment_intent"))
            if order is None:
                found.append(f"charge {cid} belongs to no order")
                continue
            charged.setdefault(order, []).append(cid)
        for order, charges in charged.items():
            if len(charges) > 1:
                found.append(f"order {order} charged {len(charges)} times: {charges}")
            state = self.orders.get(order)
            if state is None:
                found.append(f"charge {charges[0]} is for order {order}, which is not stored")
            elif not state["paid"]:
                found.append(f"order {order} was charged ({charges[0]}) but is {state['status']}, not paid")
            elif state["transaction"] not in charges:
                found.append(f"order {order} is paid with {state['transaction']}, charged with {charges}")
        succeeded = {}
        for iid, intent in self.intents.items():
            if intent.get("status") == "succeeded":
                succeeded.setdefault(self.order_of(iid), []).append(iid)
        for order, intents in succeeded.items():
            if len(intents) > 1:
                found.append(f"order {order} has {len(intents)} succeeded payment intents: {intents}")
        for order in self.paid_orders():
            if order not in charged:
                found.append(f"order {order} is paid but the provider holds no charge for it")
        return found

    def stock_problems(self, item, imported):
        on_hand = self.backend.scalar(f"SELECT quantity FROM stock WHERE item_id = {int(item)}")
        held = self.backend.scalar(
            f"SELECT COALESCE(SUM(quantity), 0) FROM order_stock WHERE item_id = {int(item)}")
        on_hand, held = int(on_hand), int(held)
        found = []
        if on_hand < 0:
            found.append(f"item {item}: stock below zero ({on_hand})")
        if on_hand + held != imported:
            found.append(f"item {item}: {on_hand} on hand + {held} held by orders != {imported} imported")
        return found
