-- wrk script (bench/search.sh): a different suggestion query on every request, so the read
-- cache cannot answer and each one costs the search index its full work (issue 13 item 7).
-- The queries come from the vocabulary of `vitrine generate-catalogue` (bench/search.sh's
-- catalogues), in four kinds taken in turn:
--   1. two beginnings of words ("cot hoo", "vint blan"): every word is matched as a prefix;
--   2. a whole word with one typo ("hodie", "blanekt"): typo tolerance;
--   3. a SKU's beginning ("gen-004", "gen-0042", "gen-00421"): gen-NNNNNN SKUs;
--   4. a name word and a product number ("hoodie 4213").
-- Each kind is walked in a permuted order (a step coprime to its size), from an offset per
-- wrk thread, so no query repeats until a kind's space is used up (SKU beginnings: 11,100 at 100,000
-- products; typos about 13,000; two beginnings about 100,000; names and numbers 1.2 million).
-- usage: wrk -s bench/suggest-distinct.lua http://127.0.0.1:PORT/api/v1/search/suggestions
-- PRODUCTS (environment, default 100000): the catalogue's size, for SKUs and numbers.
-- KIND (environment, 1-4, default all in turn): only that kind, for a per-kind breakdown
-- (bench/search.sh prints one line per kind after the mixed run).
-- START (environment, default 0): where in each kind's order to begin (a warm-up elsewhere
-- than the measured run).

local words = {
  "classic", "modern", "vintage", "everyday", "premium", "rustic", "urban", "cozy", "sporty",
  "minimal", "bold", "handmade", "cotton", "wool", "linen", "leather", "bamboo", "ceramic",
  "oak", "steel", "hoodie", "shirt", "cap", "beanie", "scarf", "mug", "lamp", "backpack",
  "notebook", "blanket", "poster", "bottle", "red", "green", "blue", "yellow", "gray", "black",
  "white", "pink", "purple", "orange", "brown", "navy", "small", "medium", "large", "gift",
  "limited", "bestseller", "sale", "clothing", "tshirts", "hoodies", "accessories",
  "outerwear", "home", "lighting", "textiles", "decor", "storage", "kitchen", "mugs",
  "cookware", "tableware", "bottles", "outdoor", "camping", "bags", "garden", "cycling",
  "stationery", "notebooks", "pens", "posters", "cards", "toys", "puzzles", "plush", "games",
  "blocks", "music", "albums", "singles", "vinyl", "merch", "sports", "running", "yoga",
  "team", "fitness",
}
local nouns = {
  "hoodie", "shirt", "cap", "beanie", "scarf", "mug", "lamp", "backpack", "notebook",
  "blanket", "poster", "bottle",
}
local products = tonumber(os.getenv("PRODUCTS") or "100000")
local letters = "abcdefghijklmnopqrstuvwxyz"

-- Every beginning of 3 to 6 letters of every word (no word is shorter than 3).
local prefixes = {}
for _, w in ipairs(words) do
  for n = 3, math.min(6, #w) do
    prefixes[#prefixes + 1] = w:sub(1, n)
  end
end

-- The n-th (0-based) of a kind's `size` queries, in a permuted order.
local function permuted(n, size)
  local step = 7919 -- a prime: coprime to every size below unless a multiple of it
  if size % step == 0 then step = 7927 end
  return (n * step) % size
end

local function two_words(n)
  local size = #prefixes * #prefixes
  local k = permuted(n, size)
  return prefixes[math.floor(k / #prefixes) + 1] .. " " .. prefixes[k % #prefixes + 1]
end

-- One letter replaced (26 choices) or dropped, at one place after the first letter.
local places = {}
for _, w in ipairs(words) do
  for at = 2, #w do
    places[#places + 1] = { w, at }
  end
end

local function typo(n)
  local k = permuted(n, #places * 27)
  local w, at = places[math.floor(k / 27) + 1][1], places[math.floor(k / 27) + 1][2]
  local choice = k % 27
  if choice == 26 then
    return w:sub(1, at - 1) .. w:sub(at + 1)
  end
  return w:sub(1, at - 1) .. letters:sub(choice + 1, choice + 1) .. w:sub(at + 1)
end

-- A SKU's first 3, 4 or 5 digits: gen-004, gen-0042, gen-00421.
local function sku(n)
  local three, four, five = math.floor(products / 1000), math.floor(products / 100),
    math.floor(products / 10)
  local k = permuted(n, three + four + five)
  if k < three then
    return string.format("gen-%03d", k)
  elseif k < three + four then
    return string.format("gen-%04d", k - three)
  end
  return string.format("gen-%05d", k - three - four)
end

local function numbered(n)
  local k = permuted(n, #nouns * products)
  return nouns[k % #nouns + 1] .. " " .. (math.floor(k / #nouns) + 1)
end

local kinds = { two_words, typo, sku, numbered }
local only = tonumber(os.getenv("KIND") or "")
if only then
  kinds = { kinds[only] }
end
local threads = 0

-- The server's own time per request (its Server-Timing header), printed by done().
dofile("bench/server-timing.lua")

function setup(thread)
  server_timing_setup(thread)
  thread:set("offset", threads * 1000003 + (tonumber(os.getenv("START") or "0")))
  threads = threads + 1
end

local counter = 0

function request()
  local kind = counter % #kinds
  local n = math.floor(counter / #kinds) + (offset or 0)
  counter = counter + 1
  local q = kinds[kind + 1](n):gsub(" ", "%%20")
  return wrk.format("GET", wrk.path .. "?q=" .. q)
end
