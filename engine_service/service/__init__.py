"""The gRPC game service: the use cases (games.py) over the live games (live.py) and the
watch fan-out (watching.py); storage (store/); protobuf conversion (convert.py,
servicer.py, analysis_servicer.py); error mapping and logging (errors.py, interceptor.py,
logs.py); the table runner (runner.py); the solver pools (solving.py); the browser API
(web.py, web_admission.py); and the server itself (settings.py, server.py, workers.py,
entry.py: its command)."""
