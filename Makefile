# MCP Wire Lab — see README.md.
GO        ?= go
ADDR      ?= 127.0.0.1:8080
WASM_ENV  := GOOS=js GOARCH=wasm
LDFLAGS   := -s -w
# The official MCP schemas and spec pages (README "Tests"): used when
# ../shared/spec exists (CI copies shared/ beside the clone) or MCP_SPEC_DIR
# names them; otherwise the tests that read them skip.
ifeq ($(origin MCP_SPEC_DIR),undefined)
ifneq ($(wildcard ../shared/spec/.),)
MCP_SPEC_DIR := $(abspath ../shared/spec)
endif
endif
ifdef MCP_SPEC_DIR
export MCP_SPEC_DIR
endif
# Fuzz budgets are execution counts, not durations: a duration races Go
# 1.26's fuzz coordinator (golang/go#75804, fixed in 1.27) and fails with a
# spurious "context deadline exceeded".
FUZZN     ?= 1

.PHONY: run test test-steps check wasm vet fmt-check unit fuzz-short conformance conformance-doc deadcode bench soak devserver static clean

## run: build the wasm into web/ and bin/devserver, then start the dev server on $(ADDR)
## (make run ADDR=127.0.0.1:18080 for another port). It runs the binary itself, not
## `go run`, so Ctrl+C ends with the server's clean shutdown and make's status 0.
## The server starts as soon as both are built: app.wasm.gz and app.wasm.br that this
## build has not got yet (a fresh clone: brotli 11 takes minutes) are made in the
## background (-compress), served as each is ready, and cached for the next start.
run: run-wasm devserver
	@echo "make run: starting bin/devserver on $(ADDR)"
	bin/devserver -addr $(ADDR) -compress

.PHONY: run-wasm
run-wasm:
	@echo "make run: building web/app.wasm (GOOS=js GOARCH=wasm go build; a clone's first build takes minutes on 2 cores)"
	@$(MAKE) --no-print-directory wasm-build
	@echo "make run: building bin/devserver"

## wasm: build the browser app (web/app.wasm) and the files the dev server and the static
## export serve: app.wasm.br (brotli 11) and app.wasm.gz (gzip -9), taken from a cache keyed
## by a hash of app.wasm (wasm under the cache root: $MCPWL_CACHE, else $(HOME)/.cache/mcpwirelab) when this build was compressed before
wasm: wasm-build
	$(GO) run ./cmd/devserver compress -web web

.PHONY: wasm-build wasm-size wasm-whatif

## wasm-build: build web/app.wasm only (go build skips the link when nothing changed)
wasm-build:
	@mkdir -p web
	$(WASM_ENV) $(GO) build -trimpath -ldflags='$(LDFLAGS)' -o web/app.wasm ./cmd/devserver

## wasm-size: where the bytes of app.wasm go: code and data per Go package, largest first,
## then what the lab adds to the floor page (the hello world of make bench with jsonschema/v6)
wasm-size:
	$(GO) run ./cmd/wasmsize -top 30 -vs ./e2e/testdata/hello -vs-tags jsonschema ./cmd/devserver

## wasm-whatif: how small app.wasm.br would be without the course text, the engine and
## jsonschema (the Web Worker candidate), net/http's parsing, and finally the UI's own code:
## each row zeroes that code and those embedded files and compresses as make wasm does
## (an upper bound: their other data stays). About 15 minutes on 2 cores (brotli 11, six times).
wasm-whatif:
	nice -n 19 $(GO) run ./cmd/wasmsize -top 0 \
		-without 'embed:mcpwirelab/sim/...' -without 'embed:mcpwirelab/app' \
		-without 'mcpwirelab/sim/...,github.com/santhosh-tekuri/jsonschema/v6/...' \
		-without 'net/http/...,net/textproto,mime/multipart,crypto/x509,encoding/asn1,vendor/golang.org/x/net/...' \
		-without 'mcpwirelab/app' ./cmd/devserver | sed -n '/^What-if/,$$p'

## devserver: build the dev server binary into bin/
devserver:
	$(GO) build -trimpath -o bin/devserver ./cmd/devserver

## test: formatting, vet, the wasm build, every Go test (engine, server, UI, browser, real peers),
## short fuzzing, the conformance gate, the real peers' gate (PEERS.md), deadcode; run through scripts/untouched, which fails when a step
## changed a file git tracks (no step writes one: see conformance-doc and go test -update)
test:
	$(GO) run ./scripts/untouched -- $(MAKE) --no-print-directory test-steps

## The steps after unit run two at a time (make -j2, each step's output kept together): fuzzing
## and deadcode use the CPU while the conformance suite and the peers mostly wait on Node
## processes and their timeouts.
test-steps: fmt-check vet wasm-build unit
	$(MAKE) --no-print-directory -j2 --output-sync=target fuzz-short conformance peers-gate deadcode

## check: the fast loop: formatting, vet (native and wasm) and go test -short ./..., which leaves
## out the browser tests and the real peers (the official Go SDK over real sockets and processes,
## server-everything, the checker's real servers, the conformance suite: internal/testenv);
## unchanged packages' results come from go test's cache (make check TESTFLAGS=-count=1 reruns all)
TESTFLAGS ?=
check: fmt-check vet
	$(GO) test -short $(TESTFLAGS) ./...

.PHONY: everything peers peers-gate

## peers: run devserver check against the real peers of scripts/peers (the reference servers
## server-everything, -filesystem and -memory, servers written with the TypeScript SDK v1 and v2,
## fastmcp, the Go SDK, mcp-go and Python's standard library; stdio and HTTP) and rewrite
## PEERS.md's verdict table and README's summary with this run's (review git diff PEERS.md README.md and
## scripts/peers/reviews.txt before committing). Installs the peers into
## $(HOME)/.cache/mcpwirelab/peers on first use.
peers:
	$(GO) run ./scripts/peers -write

## peers-gate: the same run (about 70 s after the dev server's build); fails when a verdict is
## not the one PEERS.md and README's summary record (it prints the lines that differ; it never writes them)
peers-gate:
	$(GO) run ./scripts/peers

## everything: install the official TypeScript reference server @modelcontextprotocol/server-everything,
## pinned, into $(HOME)/.cache/mcpwirelab/everything (devserver check's tests run it over stdio)
everything:
	$(GO) run ./scripts/everything >/dev/null

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...
	$(WASM_ENV) $(GO) vet ./app/... ./cmd/devserver

unit: everything
	@[ -n "$$MCP_SPEC_DIR" ] || echo "note: no ../shared/spec and MCP_SPEC_DIR unset: the checks against the official MCP schemas and spec pages skip (README, Tests)"
	MCPWL_REQUIRE_EVERYTHING=1 $(GO) test -count=1 -timeout 20m ./...

# Fuzz targets as name:executions:package (executions times FUZZN).
FUZZ_TARGETS := \
	FuzzDecode:100000:./sim/jsonrpc \
	FuzzReadMembers:100000:./sim/jsonrpc \
	FuzzHeaderValue:10000:./sim/transport/streamhttp \
	FuzzValidateHeaders:40000:./sim/transport/streamhttp \
	FuzzValidateParams:10000:./sim/transport/streamhttp \
	FuzzCall:40000:./sim/toolbox \
	FuzzCheckAnswer:10000:./sim/toolbox \
	FuzzRequestState:10000:./sim/mcp \
	FuzzSSE:10000:./sim/wire \
	FuzzLastEventID:10000:./sim/transport/streamhttp \
	FuzzReadLine:20000:./sim/transport/stdio \
	FuzzHandleLine:5000:./sim/transport/stdio \
	FuzzGrade:3000:./sim/exercise \
	FuzzParseChannel:10000:./sim/exercise \
	FuzzLoadStore:5000:./sim/exercise \
	FuzzDeepLink:10000:./app \
	FuzzParseImport:5000:./app \
	FuzzParseSide:10000:./app \
	FuzzDecodeTrace:3000:./app \
	FuzzPrettyJSON:5000:./app \
	FuzzParseNotes:10000:./sim/scenario \
	FuzzParseTable:10000:./sim/text

## fuzz-short: run each fuzz target briefly (seeds always run in unit); FUZZN=10 for ten times longer
fuzz-short:
	@set -e; for t in $(FUZZ_TARGETS); do \
	  name=$${t%%:*}; rest=$${t#*:}; n=$$(($${rest%%:*}*$(FUZZN))); pkg=$${rest#*:}; \
	  echo "$$name: $$n runs in $$pkg"; \
	  grep -qs "^func $$name(f \*testing.F)" $$pkg/*_test.go || { echo "no fuzz target $$name in $$pkg"; exit 1; }; \
	  $(GO) test -run '^$$' -fuzz "^$$name\$$" -fuzztime $${n}x $$pkg; \
	done

.PHONY: text-check notes-check

## text-check: after editing the course text (sim/scenario/notes/ and text/, sim/exercise/text/,
## sim/check/text/, sim/calc/text/, app/text/), check all of it: the format, both languages, the
## same fmt verbs in both, every key the code or the engine names exists (and every text is used),
## quotes verbatim in the cited spec section, anchors, glosses, host lines, goldens, and the
## Chinese against the glossary (sim/text/course.terms: no avoided word, no English sentence, no
## message assembled from English fragments) (README, "Editing the course text"); sim/check with
## -short: its tables, not its real servers
text-check:
	$(GO) test -count=1 ./sim/text/... ./sim/scenario ./sim/exercise ./sim/calc ./app
	$(GO) test -count=1 -short ./sim/check

## notes-check: the annotations' part of text-check (sim/scenario only)
notes-check:
	$(GO) test -count=1 ./sim/scenario

## conformance: the official MCP conformance suite against /mcp (-fixture conformance) and the
## official Go SDK's fixture, and its client scenarios against devserver client and the SDK's
## client; fails when we pass fewer checks than the SDK (a client: or fail one) outside
## scripts/conformance/baseline.txt and client-baseline.txt, or when CONFORMANCE.md's generated
## tables are not this run's (it prints the lines that differ; it never writes the file). Installs
## Node 22, the suite and the SDK fixture and client into $(HOME)/.cache/mcpwirelab/conformance on
## first use.
conformance:
	$(GO) run ./scripts/conformance

## conformance-doc: the same runs, then CONFORMANCE.md's generated tables rewritten with this
## run's (review git diff CONFORMANCE.md before committing); the gate's verdict as make conformance
conformance-doc:
	$(GO) run ./scripts/conformance -write

## deadcode: the functions no binary reaches (golang.org/x/tools/cmd/deadcode, pinned, through go run:
## the native commands under cmd/ and scripts/, and the dev server built for js/wasm); fails on one
## that scripts/deadcode/kept.txt does not list with its reason, or on a kept one reached again
deadcode:
	$(GO) run ./scripts/deadcode

## static: export the app as plain files into $(STATIC_OUT) (PREFIX=/course/mcp-lab to host it under a sub-path)
PREFIX     ?=
STATIC_OUT ?= web/site
static: wasm
	$(GO) run ./cmd/devserver static -out '$(STATIC_OUT)' -prefix '$(PREFIX)'

## bench: where the wasm's bytes go, engine benchmarks (allocations reported), the /mcp load
## test (ours vs go-sdk), then the page budgets in headless Chromium against a go-app hello
## world and the floor page (hello world + jsonschema/v6), as is and on hotel Wi-Fi (BENCHMARKS.md)
bench: wasm-size
	$(GO) test -run '^$$' -bench . -benchmem ./sim/...
	$(GO) test -run '^$$' -bench LoadToolsCall -benchtime 1x ./cmd/devserver
	MCPWL_BENCH=1 $(GO) test -run '^TestPageBudgets$$' -count=1 -v -timeout 60m ./e2e/

## soak: the resource attacks of issues 12 and 27 against the real dev server binary
## (32 x 4 MiB bodies, 4 MiB progress tokens, 240 streams, 3,000 idle connections,
## 1,000 concurrent calls, 2,100 slow-body sockets, 2,300 detached slow calls, -stdio
## with stdout unread; devserver check and dev server captures against flooding,
## silent and child-leaving targets); prints HELD/FAILED with RSS, descriptors,
## requests/s, p99 and what the page still gets; about 7 min
soak:
	MCPWL_SOAK=1 $(GO) test -run '^TestSoak(Stdio|Check|Capture)?$$' -count=1 -v -timeout 30m ./cmd/devserver

clean:
	rm -rf web bin
