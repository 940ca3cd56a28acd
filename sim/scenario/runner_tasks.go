package scenario

import (
	"context"
	"crypto/sha256"
	"fmt"
	"time"

	"mcpwirelab/sim/vclock"
)

// What the simulator gives the server so that runs with multi round-trip
// requests and tasks replay identically: a fixed requestState key, the
// virtual wall clock, task ids counted from 1, and a task's background work
// run in turns with the scenario on the virtual clock.

// simStateKey signs the simulator's requestStates (mcp.Config.StateKey):
// fixed, so golden transcripts hold the same bytes on every run. The dev
// server draws a random key at start; the parity test compares the two
// with requestState values set aside.
func simStateKey() []byte {
	k := sha256.Sum256([]byte("mcp wire lab simulator requestState key"))
	return k[:]
}

// wallNow is the server's wall clock in the simulator (mcp.Config.Now): the
// epoch plus virtual time, as the HTTP Date headers are.
func (r *runner) wallNow() time.Time { return epoch().Add(r.clock.Now()) }

// newTaskID mints the simulator's task ids: 128 bits written as 32 hex
// digits, like the real server's random ones, but counted.
func (r *runner) newTaskID() string {
	r.tasks++
	return fmt.Sprintf("7a5k%028x", r.tasks)
}

// coop runs the background work of tasks (mcp.Config.Background) in turns
// with the scenario: the simulator is single-threaded on its virtual clock
// (sim/vclock), so a task's goroutine and the scenario never run at once.
// The task runs until it sleeps (a tool's one-second step); its sleep is an
// alarm on the virtual clock, and when the scenario's own waiting crosses
// that time the task runs again, until it sleeps again or ends.
type coop struct {
	running bool          // a background goroutine runs; the scenario waits
	yield   chan struct{} // the background goroutine slept or ended
	parked  []parked      // sleeping background goroutines
}

// parked is a sleeping background goroutine: true on wake gives it its
// turn, false stops it.
type parked struct {
	wake  chan bool
	alarm *vclock.Alarm
}

// background is mcp.Config.Background in the simulator: start run and wait
// until it sleeps or ends.
func (r *runner) background(run func()) {
	if r.bg.yield == nil {
		r.bg.yield = make(chan struct{})
	}
	r.bg.running = true
	go func() {
		run()
		r.bg.yield <- struct{}{}
	}()
	<-r.bg.yield
	r.bg.running = false
}

// toolSleep is the server's clock (mcp.Config.Sleep): the virtual clock,
// and for background work a turn handed back to the scenario.
func (r *runner) toolSleep(ctx context.Context, d time.Duration) error {
	if !r.bg.running {
		return r.clock.Sleep(ctx, d)
	}
	wake := make(chan bool)
	p := parked{wake: wake}
	p.alarm = r.clock.AfterFunc(d, func() {
		// On the scenario's goroutine, inside its wait: the task's turn.
		r.unpark(wake)
		r.bg.running = true
		wake <- true
		<-r.bg.yield
		r.bg.running = false
	})
	r.bg.parked = append(r.bg.parked, p)
	r.bg.running = false
	r.bg.yield <- struct{}{}
	if !<-wake {
		return context.Canceled
	}
	return ctx.Err()
}

// yieldStep is how far the virtual clock moves while the server waits for
// the client (mcp.Config.Yield).
const yieldStep = 10 * time.Millisecond

// yield is mcp.Config.Yield in the simulator: one step of the virtual
// clock, on which a task's background work hands its turn back to the
// scenario (toolSleep), so that the client can do what the task waits for.
func (r *runner) yield(ctx context.Context) error { return r.toolSleep(ctx, yieldStep) }

func (r *runner) unpark(wake chan bool) {
	for i, p := range r.bg.parked {
		if p.wake == wake {
			r.bg.parked = append(r.bg.parked[:i], r.bg.parked[i+1:]...)
			return
		}
	}
}

// drainBackground stops the background work still sleeping when the run
// ends: each sleeping task wakes to a cancellation and finishes; what it
// does then is past the end of the transcript (sealed) and not recorded.
func (r *runner) drainBackground() {
	r.mu.Lock()
	r.sealed = true
	r.mu.Unlock()
	for len(r.bg.parked) > 0 {
		p := r.bg.parked[0]
		r.bg.parked = r.bg.parked[1:]
		p.alarm.Stop()
		r.bg.running = true
		p.wake <- false
		<-r.bg.yield
		r.bg.running = false
	}
}

// phaseOf is the phase of an event with note (trace.Event.Phase).
func (r *runner) phaseOf(note string) string {
	if r.phase == nil {
		return ""
	}
	return r.phase(note)
}
