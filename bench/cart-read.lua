-- wrk script for bench/cart.sh: GET /api/v1/cart, one shopper session per connection
-- (as many threads as connections; thread N sends the cookie of line N of $CART_SESSIONS).
local session
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
  return wrk.format("GET", "/api/v1/cart", {["Cookie"] = "vitrine_session=" .. session})
end
