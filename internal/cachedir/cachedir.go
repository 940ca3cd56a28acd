// Package cachedir is the one answer to "where does MCP Wire Lab keep what
// it installs or records between runs": the installers of scripts/
// (server-everything, Node 22 and the conformance suite) and the dev
// server's captures all live under Root.
//
// It sits in internal/ so that the commands of scripts/ and cmd/ both
// import it and neither imports the other (sim/ is the engine and knows no
// files).
package cachedir

import (
	"os"
	"path/filepath"
)

// Env names the variable that moves the cache (tests, CI, a shared disk).
const Env = "MCPWL_CACHE"

// Root is $MCPWL_CACHE, else mcpwirelab in the user's cache folder
// (os.UserCacheDir: $XDG_CACHE_HOME or ~/.cache on Linux); an error when
// neither is known.
func Root() (string, error) {
	if root := os.Getenv(Env); root != "" {
		return root, nil
	}
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "mcpwirelab"), nil
}
