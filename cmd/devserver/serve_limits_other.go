//go:build !unix && !(js && wasm)

package main

func defaultMaxConns() int { return maxConnsCap }
