//go:build !(js && wasm)

package client_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpwirelab/sim/protocol"
)

// badLineServer is a stdio server on two pipes that answers initialize and
// tools/list (any other request with -32601) and, when debug is set,
// writes a debug print on stdout before the tools/list answer.
func badLineServer(in io.Reader, out io.WriteCloser, debug bool) {
	defer out.Close()
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		if json.Unmarshal(sc.Bytes(), &m) != nil || len(m.ID) == 0 {
			continue // a notification
		}
		switch m.Method {
		case protocol.MethodInitialize:
			fmt.Fprintf(out, `{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":%q,"capabilities":{"tools":{}},"serverInfo":{"name":"bad-line","version":"1.0.0"}}}`+"\n", m.ID, protocol.V20251125)
		case protocol.MethodToolsList:
			if debug {
				fmt.Fprintln(out, "debug: listing the tools")
			}
			fmt.Fprintf(out, `{"jsonrpc":"2.0","id":%s,"result":{"tools":[]}}`+"\n", m.ID)
		default:
			fmt.Fprintf(out, `{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"Method not found"}}`+"\n", m.ID)
		}
	}
}

// TestGoSDKClientDropsAtBadLine backs what every verdict about a bad line
// says of the go-sdk client (badline.clients, client.Config.ReadPast): the
// official Go SDK's client (v1.8.0, go.mod's pin) loses the connection at
// a stdout line that is not a JSON-RPC message, so the request in flight
// gets no answer, and the session is over. Its twin, the same server
// without the debug print, is answered.
func TestGoSDKClientDropsAtBadLine(t *testing.T) {
	for _, debug := range []bool{false, true} {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		cr, sw := io.Pipe() // the server's stdout
		sr, cw := io.Pipe() // the server's stdin
		go badLineServer(sr, sw, debug)
		c := sdk.NewClient(&sdk.Implementation{Name: "bad-line-test", Version: "1.0.0"}, nil)
		sess, err := c.Connect(ctx, &sdk.IOTransport{Reader: cr, Writer: cw}, nil)
		if err != nil {
			cancel()
			t.Fatalf("debug %v: connect: %v", debug, err)
		}
		_, err = sess.ListTools(ctx, nil)
		switch {
		case !debug && err != nil:
			t.Errorf("without the debug line: tools/list: %v", err)
		case debug && err == nil:
			t.Errorf("after a debug line the go-sdk client still got its answer: the verdicts say it drops the connection there")
		case debug:
			if _, again := sess.ListTools(ctx, nil); again == nil {
				t.Errorf("after a debug line the go-sdk client's next request was answered: the connection was not dropped")
			}
			if ctx.Err() != nil {
				t.Errorf("the go-sdk client waited for the deadline instead of losing the connection: %v", err)
			}
		}
		_ = sess.Close()
		cancel()
	}
}
