-- same.lua: the URL wrk is given, every time (a popular code).
dofile("report.lua")
