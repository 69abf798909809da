-- wrk script for bench/orders.sh: each connection is a stream of shoppers placing paid
-- orders with the offline test provider, as the storefront does it:
--   1. POST /_test_provider/v1/payment_methods   the card typed in (the provider's endpoint)
--   2. POST /api/v1/cart/items                    the product into the shopper's cart
--   3. POST /api/v1/checkout                      Idempotency-Key, the card's pm_… id
-- Carts are made before the run ($ORDER_SESSIONS, bench/order_sessions.py: wrk's Lua sees
-- only the last Set-Cookie of an answer); thread t takes lines t, t+N, t+2N… and pays five
-- orders with each (the card-payment brake's burst per session), so a cart's first order
-- holds two units and the next ones one. A thread out of sessions only asks /healthz and
-- counts it: the figure is then not valid (make more sessions).
-- The checkout answers once the card is charged and the order marked paid; the provider's
-- webhooks then reach the shop's webhook route in the background (they find it paid). Run
-- with as many threads as connections (-tN -cN) so each thread's steps follow one another.
-- Every shopper has its own card (a 4242-family Visa with its Luhn digit), its own address
-- (X-Forwarded-For behind one trusted proxy) and its own cart: the card-payment brakes count
-- per card, client and session, as they would for real shoppers.
local threads, all = 0, {}
local step, shopper, pm, cookie = 1, 0, nil, nil
local sessions, used, idling = {}, 0, false
-- Globals, so done() can read each thread's counts (thread:get).
orders, failed, idle = 0, 0, 0

function init(args)
  local line = 0
  for id in io.lines(os.getenv("ORDER_SESSIONS")) do
    if line % threads_total == index then table.insert(sessions, id) end
    line = line + 1
  end
end
local product = os.getenv("BENCH_PRODUCT") or "9003"

function setup(thread)
  thread:set("index", threads)
  thread:set("threads_total", tonumber(os.getenv("CONNECTIONS") or "32"))
  table.insert(all, thread)
  threads = threads + 1
end

local function luhn(body)
  local total = 0
  for i = #body, 1, -1 do
    local d = tonumber(body:sub(i, i))
    if (#body - i) % 2 == 0 then
      d = d * 2
      if d > 9 then d = d - 9 end
    end
    total = total + d
  end
  return body .. tostring((10 - total % 10) % 10)
end

-- Thread t's shopper n: card 4242 4t nnnnnnnn c, address 127.(t+1).x.y (t < 254).
local function card()
  return luhn(string.format("4242%02d%09d", index % 100, shopper))
end

local function address()
  return string.format("127.%d.%d.%d", index + 1, math.floor(shopper / 250) % 250, shopper % 250 + 1)
end

function request()
  local headers = {["Content-Type"] = "application/json", ["X-Forwarded-For"] = address()}
  if step == 1 then
    local session = sessions[math.floor(used / 5) + 1]
    if not session then
      idle, idling = idle + 1, true
      return wrk.format("GET", "/healthz")
    end
    cookie = "vitrine_session=" .. session
    used = used + 1
    shopper = shopper + 1
    return wrk.format("POST", "/_test_provider/v1/payment_methods", headers,
      '{"card":{"number":"' .. card() .. '","exp_month":12,"exp_year":2034,"cvc":"123"},' ..
      '"billing_details":{"name":"Bench Shopper","email":"bench@example.com"}}')
  end
  headers["Cookie"] = cookie
  if step == 2 then
    return wrk.format("POST", "/api/v1/cart/items", headers,
      '{"product_id":' .. product .. ',"quantity":1}')
  end
  headers["Idempotency-Key"] = string.format("bench-%d-%d", index, shopper)
  return wrk.format("POST", "/api/v1/checkout", headers,
    '{"billing":{"first_name":"Bench","last_name":"Shopper","country":"US",' ..
    '"address_1":"1 Test Street","city":"Los Angeles","state":"CA","postcode":"90001",' ..
    '"phone":"555-0100","email":"bench@example.com"},"shipping":{},' ..
    '"ship_to_different_address":false,"order_comments":"","terms":false,' ..
    '"payment_method_id":"' .. pm .. '","attribution":{}}')
end

function response(status, headers, body)
  if idling then
    idling = false
    return
  end
  if step == 1 then
    pm = status == 200 and body:match('"id":"(pm_[^"]+)"') or nil
    if pm then step = 2 else failed = failed + 1 end
  elseif step == 2 then
    if status == 200 then step = 3 else failed = failed + 1; step = 1 end
  else
    if status == 200 and body:find('"redirect"', 1, true) then
      orders = orders + 1
    else
      failed = failed + 1
    end
    step = 1
  end
end

function done(summary, latency, requests)
  local ok, bad, spare = 0, 0, 0
  for _, thread in ipairs(all) do
    ok = ok + thread:get("orders")
    bad = bad + thread:get("failed")
    spare = spare + thread:get("idle")
  end
  local seconds = summary.duration / 1e6
  io.write(string.format("orders: %d paid in %.1f s = %.1f orders/s; failed steps: %d\n",
    ok, seconds, ok / seconds, bad))
  if spare > 0 then
    io.write(string.format("WARNING: threads ran out of sessions (%d idle requests): raise SESSIONS\n", spare))
  end
end
