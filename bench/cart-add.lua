-- wrk script for bench/cart.sh: POST /api/v1/cart/items. Run with as many threads as
-- connections (-tN -cN): each thread holds one connection and sends the session cookie of
-- line N of $CART_SESSIONS, so every connection is one shopper with one cart. Adds cycle
-- through three simple products, so carts hold three lines.
local products, n, session = {48, 47, 60}, 0, nil
local threads = 0

function setup(thread)
  thread:set("index", threads)
  threads = threads + 1
end

function init(args)
  local line = 0
  for id in io.lines(os.getenv("CART_SESSIONS")) do
    if line == index then session = id end
    line = line + 1
  end
  assert(session, "no session for this connection in " .. os.getenv("CART_SESSIONS"))
end

function request()
  n = n + 1
  return wrk.format("POST", "/api/v1/cart/items",
    {["Content-Type"] = "application/json", ["Cookie"] = "vitrine_session=" .. session},
    '{"product_id":' .. products[(n % #products) + 1] .. ',"quantity":1}')
end
