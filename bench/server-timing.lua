-- wrk helper (bench/search.sh): the server's own time per request, from the `Server-Timing:
-- app;dur=MS` header every response carries (microsecond resolution), printed after wrk's
-- figures as `server time: n=N p50 X ms p99 Y ms` (bench/lib.sh `run` shows it beside wrk's
-- latency, which adds the queueing of 32 connections on 2 cores).
-- Alone: `wrk -s bench/server-timing.lua URL`. In another script: `dofile` it and call
-- `server_timing_setup(thread)` from that script's own setup().

local threads = {}

function server_timing_setup(thread)
  threads[#threads + 1] = thread
end

if setup == nil then
  setup = server_timing_setup
end

times = {}

function response(status, headers, body)
  local value = headers["server-timing"] or headers["Server-Timing"]
  local ms = value and tonumber(value:match("dur=([%d%.]+)"))
  if ms then
    times[#times + 1] = ms
  end
end

function done(summary, latency, requests)
  local all = {}
  for _, thread in ipairs(threads) do
    for _, ms in ipairs(thread:get("times") or {}) do
      all[#all + 1] = ms
    end
  end
  if #all == 0 then
    io.write("server time: no Server-Timing header seen\n")
    return
  end
  table.sort(all)
  local function at(p)
    return all[math.min(#all, math.floor(#all * p) + 1)]
  end
  io.write(string.format("server time: n=%d p50 %.3f ms p99 %.3f ms max %.3f ms\n", #all,
    at(0.50), at(0.99), all[#all]))
end
