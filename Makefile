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

.PHONY: run test wasm vet fmt-check unit fuzz-short conformance bench devserver static clean

## run: build the wasm into web/ and start the dev server on $(ADDR)
run: wasm
	$(GO) run ./cmd/devserver -addr $(ADDR)

## wasm: build the browser app (web/app.wasm)
wasm:
	@mkdir -p web
	$(WASM_ENV) $(GO) build -trimpath -ldflags='$(LDFLAGS)' -o web/app.wasm ./cmd/devserver

## devserver: build the dev server binary into bin/
devserver:
	$(GO) build -trimpath -o bin/devserver ./cmd/devserver

## test: formatting, vet, every Go test (engine, server, UI, browser), short fuzzing, the conformance gate
test: fmt-check vet wasm unit fuzz-short conformance

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
	$(GO) test -run '^$$' -fuzz '^FuzzValidateParams$$' -fuzztime $$((10000*$(FUZZN)))x ./sim/transport/streamhttp
	$(GO) test -run '^$$' -fuzz '^FuzzCall$$' -fuzztime $$((40000*$(FUZZN)))x ./sim/toolbox
	$(GO) test -run '^$$' -fuzz '^FuzzCheckAnswer$$' -fuzztime $$((10000*$(FUZZN)))x ./sim/toolbox
	$(GO) test -run '^$$' -fuzz '^FuzzRequestState$$' -fuzztime $$((10000*$(FUZZN)))x ./sim/mcp

## conformance: the official MCP conformance suite against /mcp (-fixture conformance) and the
## official Go SDK's fixture; writes CONFORMANCE.md, fails when we pass fewer checks than the SDK
## outside scripts/conformance/baseline.txt. Installs Node 22, the suite and the SDK fixture into
## $(HOME)/.cache/mcpwirelab/conformance on first use.
conformance:
	$(GO) run ./scripts/conformance

## static: export the app as plain files into $(STATIC_OUT) (PREFIX=/course/mcp-lab to host it under a sub-path)
PREFIX     ?=
STATIC_OUT ?= web/site
static: wasm
	$(GO) run ./cmd/devserver static -out '$(STATIC_OUT)' -prefix '$(PREFIX)'

## bench: engine benchmarks (allocations reported), the /mcp load test (ours vs go-sdk),
## then the page budgets in headless Chromium against a go-app hello world (BENCHMARKS.md)
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./sim/...
	$(GO) test -run '^$$' -bench LoadToolsCall -benchtime 1x ./cmd/devserver
	MCPWL_BENCH=1 $(GO) test -run '^TestPageBudgets$$' -count=1 -v -timeout 15m ./e2e/

clean:
	rm -rf web bin
