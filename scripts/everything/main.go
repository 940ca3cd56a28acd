// Command everything installs the official TypeScript reference server,
// @modelcontextprotocol/server-everything, pinned, into a cache folder
// (a folder under $MCPWL_CACHE/everything, default ~/.cache/mcpwirelab/everything, through scripts/npmcache), for
// the tests that check a server no one here wrote (`devserver check`
// against it over stdio). It prints the path of the server's entry point.
// A second run finds it installed and does nothing.
//
//	go run ./scripts/everything             # what make everything runs
//	go run ./scripts/everything -installed  # the entry, only if installed (exit 2 if not); what the tests ask
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"mcpwirelab/scripts/npmcache"
)

// Pinned: a 2025-era server (it speaks 2025-11-25, not 2026-07-28), from
// the releases built on the SDK's McpServer, which answers an unknown tool
// with isError: true (the 2025 releases used the low-level Server and
// answered -32603), and the TypeScript SDK of its time within its own
// range (^1.25.2, which alone would take whatever is newest).
const (
	serverPkg     = "@modelcontextprotocol/server-everything"
	serverVersion = "2026.1.26"
	sdkPkg        = "@modelcontextprotocol/sdk"
	sdkVersion    = "1.25.3"
)

func main() {
	installed := flag.Bool("installed", false, "print the pinned server's entry point if it is installed, exit 2 (installing nothing) if not")
	flag.Parse()
	if *installed {
		entry, err := entryPoint()
		if err == nil {
			_, err = os.Stat(entry)
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "everything: %s@%s is not installed (make everything): %v\n", serverPkg, serverVersion, err)
			os.Exit(2)
		}
		fmt.Println(entry)
		return
	}
	entry, err := install()
	if err != nil {
		fmt.Fprintln(os.Stderr, "everything:", err)
		os.Exit(1)
	}
	fmt.Println(entry)
}

// set is the pinned server with its pinned SDK.
var set = npmcache.Set{
	Folder:    "everything",
	Packages:  map[string]string{serverPkg: serverVersion},
	Overrides: map[string]string{sdkPkg: sdkVersion},
}

// entryPoint is the pinned server's entry point (installed or not).
func entryPoint() (string, error) {
	d, err := set.Dir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "node_modules", "@modelcontextprotocol", "server-everything", "dist", "index.js"), nil
}

func install() (string, error) {
	if _, err := set.Install(); err != nil {
		return "", err
	}
	entry, err := entryPoint()
	if err != nil {
		return "", err
	}
	if _, err := os.Stat(entry); err != nil {
		return "", fmt.Errorf("installed, but %s is missing: %w", entry, err)
	}
	return entry, nil
}
