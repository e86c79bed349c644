-- wrk script for bench/catalog.sh: GET /v2/titles/{serviceId}?api_key=$CATALOG_KEY, each request
-- for an id drawn at random (fixed seed) from the file $CATALOG_IDS, one serviceId a line: ids
-- spread over the whole catalog, so that requests do not all read the same few pages of the store.
local key = os.getenv("CATALOG_KEY")
local ids = {}
for line in io.lines(os.getenv("CATALOG_IDS")) do
  ids[#ids + 1] = line
end
local n = #ids
if n == 0 or not key then
  error("set CATALOG_IDS (a file of serviceIds) and CATALOG_KEY (a client key)")
end
math.randomseed(20261121)

request = function()
  return wrk.format("GET", "/v2/titles/" .. ids[math.random(n)] .. "?api_key=" .. key)
end
