# MCP Wire Lab — see README.md.
GO        ?= go
ADDR      ?= 127.0.0.1:8080
WASM_ENV  := GOOS=js GOARCH=wasm
LDFLAGS   := -s -w
# The official MCP schemas; CI copies shared/ beside the clone.
MCP_SPEC_DIR ?= $(abspath ../shared/spec)
export MCP_SPEC_DIR
# Fuzz budgets are execution counts, not durations: a duration races Go
# 1.26's fuzz coordinator (golang/go#75804, fixed in 1.27) and fails with a
# spurious "context deadline exceeded".
FUZZN     ?= 1

.PHONY: run test wasm vet fmt-check unit fuzz-short bench devserver static clean

## run: build the wasm into web/ and start the dev server on $(ADDR)
run: wasm
	$(GO) run ./cmd/devserver -addr $(ADDR)

## wasm: build the browser app (web/app.wasm) and the files the dev server and the static
## export serve: app.wasm.br (brotli 11) and app.wasm.gz (gzip -9), taken from a cache keyed
## by a hash of app.wasm ($(HOME)/.cache/mcpwirelab/wasm) when this build was compressed before
wasm: wasm-build
	$(GO) run ./cmd/devserver compress -web web

.PHONY: wasm-build wasm-size

## wasm-build: build web/app.wasm only (go build skips the link when nothing changed)
wasm-build:
	@mkdir -p web
	$(WASM_ENV) $(GO) build -trimpath -ldflags='$(LDFLAGS)' -o web/app.wasm ./cmd/devserver

## wasm-size: where the bytes of app.wasm go: code and data per Go package, largest first,
## then what the lab adds to the floor page (the hello world of make bench with jsonschema/v6)
wasm-size:
	$(GO) run ./cmd/wasmsize -top 30 -vs ./e2e/testdata/hello -vs-tags jsonschema ./cmd/devserver

## devserver: build the dev server binary into bin/
devserver:
	$(GO) build -trimpath -o bin/devserver ./cmd/devserver

## test: formatting, vet, every Go test (engine, server, UI, browser), short fuzzing
test: fmt-check vet wasm-build unit fuzz-short

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...
	$(WASM_ENV) $(GO) vet ./app/... ./cmd/devserver

unit:
	$(GO) test -count=1 -timeout 10m ./...

## fuzz-short: run each fuzz target briefly (seeds always run in unit); FUZZN=10 for ten times longer
fuzz-short:
	$(GO) test -run '^$$' -fuzz '^FuzzDecode$$' -fuzztime $$((100000*$(FUZZN)))x ./sim/jsonrpc
	$(GO) test -run '^$$' -fuzz '^FuzzHeaderValue$$' -fuzztime $$((10000*$(FUZZN)))x ./sim/transport/streamhttp
	$(GO) test -run '^$$' -fuzz '^FuzzValidateHeaders$$' -fuzztime $$((40000*$(FUZZN)))x ./sim/transport/streamhttp
	$(GO) test -run '^$$' -fuzz '^FuzzCall$$' -fuzztime $$((40000*$(FUZZN)))x ./sim/toolbox

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
	MCPWL_BENCH=1 $(GO) test -run '^TestPageBudgets$$' -count=1 -v -timeout 30m ./e2e/

clean:
	rm -rf web bin
