-- wrk script for scripts/load.sh and scripts/task-creation.sh: every request creates a new task
-- with an id of its own (run tag from the command line, thread number, counter), so no request is
-- refused as a duplicate. After the run tag come one or more API tokens, taken in turn.
local threads = {}
local next_thread = 0

function setup(thread)
  next_thread = next_thread + 1
  thread:set("thread_number", next_thread)
  table.insert(threads, thread)
end

function init(args)
  run_tag = args[1] or "run"
  tokens = { (table.unpack or unpack)(args, 2) }
  if #tokens == 0 then tokens = { "" } end
  counter = 0
end

function request()
  counter = counter + 1
  local id = string.format("load-%s-%d-%d", run_tag, thread_number, counter)
  local body = string.format(
    '{"id":"%s","title":"Load test task %d","due":"2031-06-%02dT15:00:00Z"}',
    id, counter, counter % 28 + 1)
  return wrk.format("POST", "/api/v1/tasks", {
    ["Authorization"] = "Bearer " .. tokens[counter % #tokens + 1],
    ["Content-Type"] = "application/json",
  }, body)
end

-- Counts answers other than 201 Created, so the script can fail the run instead of
-- reporting the speed of error responses.
function response(status, headers, body)
  if status ~= 201 then
    wrong = (wrong or 0) + 1
  end
end

function done(summary, latency, requests)
  local total = 0
  for _, thread in ipairs(threads) do
    total = total + (thread:get("wrong") or 0)
  end
  io.write(string.format("not created: %d\n", total))
end
