-- report.lua: one tab-separated line per run for load.sh's table:
-- requests/s, p50 ms, p99 ms, requests, non-2xx-or-3xx, socket errors.
function done(summary, latency, requests)
  local errors = summary.errors
  local sock = errors.connect + errors.read + errors.write + errors.timeout
  io.write(string.format("RESULT\t%.0f\t%.2f\t%.2f\t%d\t%d\t%d\n",
    summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    summary.requests, errors.status, sock))
end
