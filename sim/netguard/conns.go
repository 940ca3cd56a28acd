package netguard

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// ConnLimit bounds the connections a server holds at once, below the
// process's file-descriptor limit: otherwise 20,000 idle connections (or
// long-lived streams) make accept fail with "too many open files" and a
// legitimate request times out.
//
// Wrap the listener with Listener, set the http.Server's ConnState to
// ConnState and its ConnContext to ConnContext, and wrap the handlers that
// authenticate with Trusting. At the cap, a new connection first displaces
// the connection that has been waiting longest: an idle keep-alive one (a
// browser reopens it), one that has not finished sending its request
// headers for at least Quiet (an attacker's idle or slow-header socket; a
// real client sends its request at once, so a burst of fresh connections
// does not displace itself), or one whose request has run for Quiet
// without being trusted (no valid token: the page's own files answer in
// milliseconds, so only a slow reader or writer of an unauthenticated
// request is still busy then). Only when none can give way is the new one
// refused, with a 503, Retry-After and a JSON-RPC error, and closed. So
// without the token a socket holds a slot for Quiet at most once the cap
// is reached; only trusted requests (bounded by InFlight) can fill it.
type ConnLimit struct {
	max int
	// Quiet is how long a new connection may send nothing before, at the
	// cap, it can be displaced (DefaultQuiet; set it before serving).
	Quiet time.Duration

	mu    sync.Mutex
	conns map[*limitedConn]struct{}

	refused, displaced atomic.Int64
	refusing           atomic.Int64 // refusals still being written
}

// DefaultQuiet is ConnLimit.Quiet unless set.
const DefaultQuiet = time.Second

// NewConnLimit allows max connections at once (at least 1).
func NewConnLimit(max int) *ConnLimit {
	if max < 1 {
		max = 1
	}
	return &ConnLimit{max: max, Quiet: DefaultQuiet, conns: map[*limitedConn]struct{}{}}
}

// Max is the cap.
func (l *ConnLimit) Max() int { return l.max }

// Open is the number of connections held now.
func (l *ConnLimit) Open() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.conns)
}

// Refused counts connections answered 503 because every held one was busy;
// Displaced counts waiting connections closed to make room.
func (l *ConnLimit) Refused() int64   { return l.refused.Load() }
func (l *ConnLimit) Displaced() int64 { return l.displaced.Load() }

type limitedConn struct {
	net.Conn
	l       *ConnLimit
	once    sync.Once
	state   http.ConnState // guarded by l.mu
	since   time.Time      // when it entered state
	trusted bool           // its current request was authenticated (guarded by l.mu)
}

func (c *limitedConn) Close() error {
	c.once.Do(func() {
		c.l.mu.Lock()
		delete(c.l.conns, c)
		c.l.mu.Unlock()
	})
	return c.Conn.Close()
}

// Listener returns ln with the limit applied.
func (l *ConnLimit) Listener(ln net.Listener) net.Listener {
	return &limitedListener{Listener: ln, l: l}
}

type limitedListener struct {
	net.Listener
	l *ConnLimit
}

func (ll *limitedListener) Accept() (net.Conn, error) {
	l := ll.l
	for {
		c, err := ll.Listener.Accept()
		if err != nil {
			return nil, err
		}
		lc := &limitedConn{Conn: c, l: l, state: http.StateNew, since: time.Now()}
		l.mu.Lock()
		var victim *limitedConn
		if len(l.conns) >= l.max {
			quiet := lc.since.Add(-l.Quiet)
			for v := range l.conns {
				waiting := v.state == http.StateIdle || (v.state == http.StateNew && v.since.Before(quiet)) ||
					(v.state == http.StateActive && !v.trusted && v.since.Before(quiet))
				if waiting && (victim == nil || v.since.Before(victim.since)) {
					victim = v
				}
			}
			if victim == nil {
				l.mu.Unlock()
				l.refused.Add(1)
				l.refuse(c)
				continue
			}
			delete(l.conns, victim)
		}
		l.conns[lc] = struct{}{}
		l.mu.Unlock()
		if victim != nil {
			l.displaced.Add(1)
			_ = victim.Conn.Close()
		}
		return lc, nil
	}
}

// ConnState is the http.Server hook that tells the limit which connections
// are waiting (new, idle) and which are busy.
func (l *ConnLimit) ConnState(c net.Conn, s http.ConnState) {
	lc, ok := c.(*limitedConn)
	if !ok {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if s == http.StateClosed || s == http.StateHijacked {
		delete(l.conns, lc)
		return
	}
	lc.state, lc.since, lc.trusted = s, time.Now(), false
}

type connKey struct{}

// ConnContext is the http.Server hook that lets Trusting find the
// connection a request came on.
func (l *ConnLimit) ConnContext(ctx context.Context, c net.Conn) context.Context {
	if lc, ok := c.(*limitedConn); ok && lc.l == l {
		return context.WithValue(ctx, connKey{}, lc)
	}
	return ctx
}

// Trusting marks the connection of every request that reaches next as
// serving a trusted request: put it behind the authentication. Such a
// connection is never displaced while the request runs; once next has
// returned it may be displaced at once.
func (l *ConnLimit) Trusting(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if lc, ok := r.Context().Value(connKey{}).(*limitedConn); ok && lc.l == l {
			l.mu.Lock()
			lc.trusted = true
			l.mu.Unlock()
			defer func() {
				// Answered: what is left (net/http's half a second before
				// it closes a connection, a drain) can give way at once.
				l.mu.Lock()
				if lc.state == http.StateActive {
					lc.trusted, lc.since = false, time.Time{}
				}
				l.mu.Unlock()
			}()
		}
		next.ServeHTTP(w, r)
	})
}

// refuseWithin bounds how long a refused connection is kept to deliver its
// 503, and maxRefusing how many are being refused at once (beyond that a
// connection is just closed): refusals must not hold descriptors either.
const (
	refuseWithin = time.Second
	maxRefusing  = 64
)

func (l *ConnLimit) refuse(c net.Conn) {
	if l.refusing.Add(1) > maxRefusing {
		l.refusing.Add(-1)
		_ = c.Close()
		return
	}
	go func() {
		defer l.refusing.Add(-1)
		defer c.Close()
		_ = c.SetDeadline(time.Now().Add(refuseWithin))
		body := append(ErrorBody(CodeInternalError, fmt.Sprintf(
			"Service Unavailable: the server already holds %d connections, all busy; retry later", l.max)), '\n')
		_, _ = fmt.Fprintf(c, "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nCache-Control: no-store\r\n"+
			"Retry-After: 1\r\nConnection: close\r\nContent-Length: %d\r\n\r\n%s", len(body), body)
		// Half-close and read what the client sent, so that closing does
		// not reset the connection before the client has read the answer.
		if tc, ok := c.(interface{ CloseWrite() error }); ok {
			_ = tc.CloseWrite()
		}
		buf := make([]byte, 4096)
		for n := 0; n < 64<<10; {
			k, err := c.Read(buf)
			n += k
			if err != nil {
				return
			}
		}
	}()
}
