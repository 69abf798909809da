-- A mixed stream of catalogue reads for bench/memory.sh: every request a different product,
-- listing page, category, sort or search prefix, drawn from $MEMORY_PATHS (one path per line,
-- written by the script from the database), so the caches fill the way a crawler and many
-- shoppers fill them rather than answering one kept page.
local paths = {}

function init(args)
  local file = assert(io.open(os.getenv("MEMORY_PATHS"), "r"))
  for line in file:lines() do
    paths[#paths + 1] = line
  end
  file:close()
  math.randomseed(os.time() + (tonumber(args[1]) or 0) + #paths)
end

function request()
  return wrk.format("GET", paths[math.random(#paths)])
end
