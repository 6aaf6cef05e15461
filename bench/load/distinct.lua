-- distinct.lua: every request asks for a code that no request asked for
-- before, so no cache can answer it. wrk's URL ends where the varying
-- value goes ("...&data=https://example.com/item/"); each thread appends
-- its id and its own counter.
local counter = 0
local threads = 0
id = 0

function setup(thread)
  thread:set("id", threads)
  threads = threads + 1
end

function request()
  counter = counter + 1
  return wrk.format(nil, wrk.path .. id .. "-" .. counter)
end

dofile("report.lua")
