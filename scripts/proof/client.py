"""A buyer going through the shop's real HTTP flow, as the storefront does it: the card typed
into the test provider's emulated endpoint (`/_test_provider/v1/payment_methods`, where
Stripe's servers would be), the product added to a cart, then "Place order" with an
Idempotency-Key. Every answer is kept, so a run can assert that none was a 5xx."""

import http.client
import json
import threading
import uuid



def card_number(n):
    """A Visa number of the 4242 family, unique to buyer `n`, with its Luhn digit. The test
    provider charges any valid number it does not list as a decline (as 4242 4242 4242 4242),
    and each is its own card (fingerprint), as every shopper has their own: the card brake
    counts attempts per card."""
    body = f"424242{n:09d}"
    total = 0
    for i, digit in enumerate(int(d) for d in reversed(body)):
        if i % 2 == 0:
            digit *= 2
            digit -= 9 if digit > 9 else 0
        total += digit
    return body + str((10 - total % 10) % 10)


class Answers:
    """Every status the shops answered, shared by the buyers of a run."""

    def __init__(self):
        self.lock = threading.Lock()
        self.statuses = []
        self.lost = 0  # requests whose connection died (a crashed shop)

    def add(self, status):
        with self.lock:
            self.statuses.append(status)

    def server_errors(self):
        return [s for s in self.statuses if s >= 500]


class Buyer:
    def __init__(self, number, answers, product):
        self.number = number
        self.answers = answers
        self.product = product
        # Its own client address behind the shop's one trusted proxy (brakes count per client).
        self.address = f"127.10.{number // 250}.{number % 250 + 1}"
        self.cookie = None
        self.payment_method = None
        self.key = f"proof-{uuid.uuid4()}"
        self.result = None  # (status, body) of the last checkout

    def send(self, shop, method, path, body=None, timeout=60):
        """(status, parsed JSON or None); raises ConnectionError when the shop went away."""
        headers = {"Content-Type": "application/json", "X-Forwarded-For": self.address}
        if self.cookie:
            headers["Cookie"] = self.cookie
        if path == "/api/v1/checkout":
            headers["Idempotency-Key"] = self.key
        conn = http.client.HTTPConnection("127.0.0.1", shop.port, timeout=timeout)
        try:
            conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
            response = conn.getresponse()
            raw = response.read()
        except (OSError, http.client.HTTPException) as error:
            with self.answers.lock:
                self.answers.lost += 1
            raise ConnectionError(f"{method} {path} on {shop.port}: {error}") from error
        finally:
            conn.close()
        self.answers.add(response.status)
        for header, value in response.getheaders():
            if header.lower() == "set-cookie" and value.startswith("vitrine_session="):
                self.cookie = value.split(";", 1)[0]
        try:
            parsed = json.loads(raw) if raw else None
        except ValueError:
            parsed = None
        return response.status, parsed

    def card(self, shop):
        status, body = self.send(shop, "POST", "/_test_provider/v1/payment_methods", {
            "card": {"number": card_number(self.number), "exp_month": 12, "exp_year": 2034,
                     "cvc": "123"},
            "billing_details": {"name": f"Buyer {self.number}", "email": self.email()},
        })
        if status != 200:
            raise AssertionError(f"buyer {self.number}: card refused {status} {body}")
        self.payment_method = body["id"]

    def add_to_cart(self, shop):
        status, body = self.send(shop, "POST", "/api/v1/cart/items",
                                 {"product_id": self.product, "quantity": 1})
        if status != 200:
            raise AssertionError(f"buyer {self.number}: add to cart {status} {body}")

    def email(self):
        return f"buyer{self.number}@proof.test"

    def form(self):
        return {
            "billing": {
                "first_name": "Proof", "last_name": f"Buyer {self.number}", "country": "US",
                "address_1": "1 Test Street", "city": "Los Angeles", "state": "CA",
                "postcode": "90001", "phone": "555-0100", "email": self.email(),
            },
            "shipping": {},
            "ship_to_different_address": False,
            "order_comments": "",
            "terms": False,
            "payment_method_id": self.payment_method,
            "attribution": {},
        }

    def checkout(self, shop):
        self.result = self.send(shop, "POST", "/api/v1/checkout", self.form())
        return self.result

    def order(self, shop):
        """The order of the last successful checkout, as the order-received page reads it."""
        status, body = self.result
        if status != 200:
            return None
        code, order = self.send(shop, "GET", f"/api/v1/orders/{body['order_id']}?key={body['order_key']}")
        return order if code == 200 else None
