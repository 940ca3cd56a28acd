package jsonrpc

import ()

// MaxIDBytes bounds a request id as written on the wire (its JSON text,
// quotes included). Every response repeats the id, and a resumable
// 2025-11-25 stream keeps it in its log, so an id is a client value the
// server stores and echoes: 256 bytes is far more than any client uses
// (integers, UUIDs) and keeps what one id can make the server repeat small.
const MaxIDBytes = 256
