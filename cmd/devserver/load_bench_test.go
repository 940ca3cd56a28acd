//go:build !(js && wasm) && unix

package main

// BenchmarkLoadToolsCall compares, in one run, the real dev server (-no-auth,
// our engine) with a go-sdk Streamable HTTP server (stateless, JSON
// responses) exposing the same list_emails tool (it runs our toolbox, so the
// tool work and the text are identical and only protocol + transport
// differ). Each is driven by the same byte-identical 2026-07-28 tools/call
// POSTs (the SDK's newest version) from concurrent workers over keep-alive
// connections to 127.0.0.1 only. Loops are bounded in count and time.
//
//	go test -run '^$' -bench LoadToolsCall -benchtime 1x ./cmd/devserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpwirelab/sim/primitive"
	"mcpwirelab/sim/toolbox"
)

const (
	loadWorkers  = 32
	loadRequests = 5000 // per server per b.N iteration
	loadWarmup   = 500
	loadMaxTime  = 20 * time.Second // per measured run
)

// loadBody is the tools/call both servers receive; %d is the request id.
const loadBody = `{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"list_emails","arguments":{"limit":5},` +
	`"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`

// startSDKServer serves a go-sdk stateless Streamable HTTP handler on
// 127.0.0.1:0 with list_emails backed by our toolbox.
func startSDKServer(tb testing.TB) string {
	tb.Helper()
	reg := toolbox.Default()
	def, ok := reg.Lookup("list_emails")
	if !ok {
		tb.Fatal("toolbox has no list_emails")
	}
	srv := sdk.NewServer(&sdk.Implementation{Name: "go-sdk-bench", Version: "1.0.0"}, nil)
	srv.AddTool(&sdk.Tool{Name: def.Name, Title: def.Title, Description: def.Description, InputSchema: def.InputSchema},
		func(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			res, err := reg.Call(ctx, req.Params.Name, req.Params.Arguments, primitive.Env{})
			if err != nil {
				return nil, err
			}
			return &sdk.CallToolResult{
				Content:           []sdk.Content{&sdk.TextContent{Text: res.Text}},
				StructuredContent: res.Structured,
				IsError:           res.IsError,
			}, nil
		})
	h := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return srv },
		&sdk.StreamableHTTPOptions{Stateless: true, JSONResponse: true})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	hs := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go hs.Serve(ln)
	tb.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		hs.Shutdown(ctx)
	})
	return "http://" + ln.Addr().String() + "/mcp"
}

// loadClient returns a keep-alive client with enough idle connections for
// every worker.
func loadClient() *http.Client {
	tr := &http.Transport{
		Proxy:               nil,
		MaxIdleConns:        loadWorkers * 2,
		MaxIdleConnsPerHost: loadWorkers * 2,
		IdleConnTimeout:     30 * time.Second,
		DisableCompression:  true,
	}
	return &http.Client{Transport: tr, Timeout: 10 * time.Second}
}

// loadCall sends one tools/call and checks the answer carries want.
func loadCall(c *http.Client, url string, id int, want string) error {
	body := fmt.Sprintf(loadBody, id)
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("MCP-Protocol-Version", interopV2026)
	req.Header.Set("Mcp-Method", "tools/call")
	req.Header.Set("Mcp-Name", "list_emails")
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	b, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK || !bytes.Contains(b, []byte(want)) {
		return fmt.Errorf("status %d body %.300s", resp.StatusCode, b)
	}
	return nil
}

type loadStats struct {
	n        int
	elapsed  time.Duration
	rps      float64
	p50, p99 time.Duration
}

// runLoad issues up to total requests from loadWorkers goroutines, stopping
// early at loadMaxTime or at the first error.
func runLoad(c *http.Client, url string, total int, want string) (loadStats, error) {
	var next atomic.Int64
	lat := make([]time.Duration, total)
	var done atomic.Int64
	var firstErr error
	var errOnce sync.Once
	var failed atomic.Bool
	deadline := time.Now().Add(loadMaxTime)
	start := time.Now()
	var wg sync.WaitGroup
	for range loadWorkers {
		wg.Go(func() {
			for !failed.Load() && time.Now().Before(deadline) {
				i := int(next.Add(1)) - 1
				if i >= total {
					return
				}
				t0 := time.Now()
				if err := loadCall(c, url, i+1, want); err != nil {
					errOnce.Do(func() { firstErr = fmt.Errorf("request %d: %w", i+1, err) })
					failed.Store(true)
					return
				}
				lat[i] = time.Since(t0)
				done.Add(1)
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	if firstErr != nil {
		return loadStats{}, firstErr
	}
	n := int(done.Load())
	if n == 0 {
		return loadStats{}, errors.New("no request completed")
	}
	got := slices.DeleteFunc(lat, func(d time.Duration) bool { return d == 0 })
	slices.Sort(got)
	pct := func(p float64) time.Duration { return got[min(len(got)-1, int(p*float64(len(got))))] }
	return loadStats{n: n, elapsed: elapsed, rps: float64(n) / elapsed.Seconds(), p50: pct(0.50), p99: pct(0.99)}, nil
}

func BenchmarkLoadToolsCall(b *testing.B) {
	ours := startInteropServer(b, "-no-auth")
	oursURL := ours.base + "/mcp"
	sdkURL := startSDKServer(b)

	// The text both must answer: our toolbox's own output.
	res, err := toolbox.Default().Call(context.Background(), "list_emails", json.RawMessage(`{"limit":5}`), primitive.Env{})
	if err != nil || res.IsError {
		b.Fatalf("toolbox list_emails: %v %+v", err, res)
	}
	wantJSON, _ := json.Marshal(res.Text)
	want := string(wantJSON[1 : len(wantJSON)-1]) // the JSON-escaped text

	oursClient, sdkClient := loadClient(), loadClient()
	for name, c := range map[string]struct {
		cl  *http.Client
		url string
	}{"ours": {oursClient, oursURL}, "sdk": {sdkClient, sdkURL}} {
		if _, err := runLoad(c.cl, c.url, loadWarmup, want); err != nil {
			b.Fatalf("%s warm-up: %v", name, err)
		}
	}

	var o, s loadStats
	b.ResetTimer()
	for i := range b.N {
		// Alternate which server goes first so neither always gets the
		// warmer machine.
		runOurs := func() {
			if o, err = runLoad(oursClient, oursURL, loadRequests, want); err != nil {
				b.Fatalf("ours: %v", err)
			}
		}
		runSDK := func() {
			if s, err = runLoad(sdkClient, sdkURL, loadRequests, want); err != nil {
				b.Fatalf("sdk: %v", err)
			}
		}
		if i%2 == 0 {
			runOurs()
			runSDK()
		} else {
			runSDK()
			runOurs()
		}
	}
	b.StopTimer()
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	b.ReportMetric(o.rps, "ours-req/s")
	b.ReportMetric(s.rps, "sdk-req/s")
	b.ReportMetric(o.rps/s.rps, "ours/sdk-rps")
	b.ReportMetric(ms(o.p50), "ours-p50-ms")
	b.ReportMetric(ms(o.p99), "ours-p99-ms")
	b.ReportMetric(ms(s.p50), "sdk-p50-ms")
	b.ReportMetric(ms(s.p99), "sdk-p99-ms")
	b.Logf("tools/call x%d, %d workers, keep-alive, 127.0.0.1: ours %.0f req/s p50 %.2f ms p99 %.2f ms | go-sdk %.0f req/s p50 %.2f ms p99 %.2f ms | ours/sdk %.2fx",
		o.n, loadWorkers, o.rps, ms(o.p50), ms(o.p99), s.rps, ms(s.p50), ms(s.p99), o.rps/s.rps)
}
