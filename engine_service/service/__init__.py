"""The gRPC game service: application layer (games.py), storage (store.py), protobuf
conversion (convert.py, servicer.py), error mapping and logging (interceptor.py, logs.py),
and the server itself (server.py)."""
