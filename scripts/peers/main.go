// Command peers runs `devserver check` against real MCP servers nobody
// here wrote — the official reference servers, and small servers written
// with the TypeScript SDK v1 and v2, fastmcp, the official Go SDK, mcp-go
// and Python's standard library (scripts/peers/testdata) — and keeps their
// verdicts in PEERS.md: one line per verdict, each non-pass one with the
// spec sentence it rests on and its review (scripts/peers/reviews.txt).
//
// Without -write it is the gate of make test: it fails when a verdict is
// not the one PEERS.md records (it prints the lines that differ and never
// writes the file). The gate runs the whole matrix every time: about 70 s
// on 2 cores (the peers are checked two at a time; the slow calls take 3 s
// each version), after the dev server's build, so no cached run can go
// stale.
//
// What the peers need is installed on first use into the cache folder
// ($MCPWL_CACHE/peers, default ~/.cache/mcpwirelab/peers): the npm
// packages through scripts/npmcache (exact pins, Node 22), the Go servers
// in a module of their own there (the project's go.mod gains nothing).
//
//	go run ./scripts/peers -write      # make peers: run the matrix, rewrite PEERS.md
//	go run ./scripts/peers             # make peers-gate: the matrix run, PEERS.md compared
//	go run ./scripts/peers -only go-sdk/http -v   # one peer, its report printed
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

func main() {
	doc := flag.String("doc", "PEERS.md", "the document whose verdict table must be this run's")
	readme := flag.String("readme", "README.md", "the document whose summary of the peers must be this run's (\"\": none)")
	write := flag.Bool("write", false, "rewrite the document's table with this run's instead of comparing it")
	only := flag.String("only", "", "comma-separated peer IDs (server/transport) to run, printing their verdicts; compares and writes nothing")
	jobs := flag.Int("j", 2, "how many peers to check at once")
	verbose := flag.Bool("v", false, "print each peer's report as it ends")
	installOnly := flag.Bool("install", false, "install what the peers need, print where, and run nothing")
	flag.Parse()
	o := options{doc: *doc, readme: *readme, write: *write, jobs: *jobs, verbose: *verbose, src: "scripts/peers/testdata", reviews: "scripts/peers/reviews.txt"}
	if *only != "" {
		o.only = strings.Split(*only, ",")
	}
	if *installOnly {
		src, err := filepath.Abs(o.src)
		if err == nil {
			var in installed
			in, err = install(src, needsOf(peers))
			fmt.Printf("node %s\nnpm %v\ngo %s\npython %s\n", in.node, in.npm, in.goBin, in.python)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "peers:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(o); err != nil {
		fmt.Fprintln(os.Stderr, "peers:", err)
		os.Exit(1)
	}
}

// options are one run's flags.
type options struct {
	doc, readme    string
	src, reviews   string
	write, verbose bool
	jobs           int
	only           []string
}

func run(o options) error {
	chosen, err := choose(peers, o.only)
	if err != nil {
		return err
	}
	revs, err := loadReviews(o.reviews)
	if err != nil {
		return err
	}
	src, err := filepath.Abs(o.src)
	if err != nil {
		return err
	}
	in, err := install(src, needsOf(chosen))
	if err != nil {
		return err
	}
	work, err := os.MkdirTemp("", "mcpwl-peers-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	ds := filepath.Join(work, "devserver")
	if err := sh("go", "build", "-trimpath", "-buildvcs=false", "-o", ds, "./cmd/devserver"); err != nil {
		return fmt.Errorf("building the dev server: %w", err)
	}
	res, err := checkAll(ds, chosen, in, work, o.jobs, o.verbose)
	if err != nil {
		return err
	}
	for _, w := range revs.check(res, o.only == nil) {
		fmt.Fprintln(os.Stderr, "peers: review:", w)
	}
	if o.only != nil {
		fmt.Print(render(chosen, res, revs))
		return nil
	}
	return keep(o.write, len(chosen), documents(o.doc, o.readme, chosen, res, revs)...)
}

// keep writes this run's tables into their documents (write) or compares
// them with the ones there: an error, after the lines that differ, when
// one differs.
func keep(write bool, n int, parts ...part) error {
	var stale []string
	for _, p := range parts {
		if write {
			if err := writeDoc(p.doc, p.sec); err != nil {
				return err
			}
			fmt.Printf("peers: wrote this run's verdicts into %s (review git diff %s)\n", p.doc, p.doc)
			continue
		}
		d, err := diffDoc(p.doc, p.sec)
		if err != nil {
			return err
		}
		if d != "" {
			fmt.Print(d)
			stale = append(stale, p.doc)
		}
	}
	if stale != nil {
		return fmt.Errorf("the verdicts in %s are not this run's (the lines above, -: the document, +: this run): if the run is right, make peers rewrites them; review each changed verdict (scripts/peers/reviews.txt) and commit", strings.Join(stale, " and "))
	}
	if !write {
		fmt.Printf("peers: every verdict of the %d peers is the one the documents record\n", n)
	}
	return nil
}

// choose is the peers named by IDs (all when none is named).
func choose(all []peer, ids []string) ([]peer, error) {
	if ids == nil {
		return all, nil
	}
	var out []peer
	for _, id := range ids {
		found := false
		for _, p := range all {
			if p.ID == id {
				out, found = append(out, p), true
			}
		}
		if !found {
			var known []string
			for _, p := range all {
				known = append(known, p.ID)
			}
			return nil, fmt.Errorf("no peer %q (known: %s)", id, strings.Join(known, ", "))
		}
	}
	return out, nil
}
