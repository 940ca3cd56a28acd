// Package layers holds the import rules of the lab, as a test
// (layers_test.go): which package may depend on which. The rules are the
// layering ARCHITECTURE.md draws; `go list -deps` is the ground truth, and
// a forbidden arrow fails `go test ./internal/layers` (part of make check).
package layers
