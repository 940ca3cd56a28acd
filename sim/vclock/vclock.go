// Package vclock is the simulator's virtual clock. Tools sleep on it and the
// client sets deadlines on it; nothing ever waits in real time, so a
// five-second slow tool and a client timeout replay instantly and always in
// the same order.
//
// It is single-threaded by design: the scenario driver, the server handler
// and the tool all run on one goroutine. Sleep fires every alarm that falls
// due inside the sleep, in time order, before it returns; an alarm can
// cancel the sleeper's context (the client giving up), in which case Sleep
// returns at the alarm's time with the context's error.
package vclock

import (
	"context"
	"sort"
	"time"
)

// Clock is a virtual clock starting at 0.
type Clock struct {
	now    time.Duration
	alarms []*Alarm
	seq    int
}

// Alarm is a scheduled callback.
type Alarm struct {
	at      time.Duration
	seq     int
	fn      func()
	stopped bool
}

// Stop cancels the alarm if it has not fired.
func (a *Alarm) Stop() { a.stopped = true }

// Now is the virtual time elapsed since the start.
func (c *Clock) Now() time.Duration { return c.now }

// Advance moves time forward by d, firing alarms that fall due.
func (c *Clock) Advance(d time.Duration) { _ = c.Sleep(context.Background(), d) }

// AfterFunc schedules fn to run d from now, when some Sleep crosses it.
func (c *Clock) AfterFunc(d time.Duration, fn func()) *Alarm {
	c.seq++
	a := &Alarm{at: c.now + d, seq: c.seq, fn: fn}
	c.alarms = append(c.alarms, a)
	sort.SliceStable(c.alarms, func(i, j int) bool {
		if c.alarms[i].at != c.alarms[j].at {
			return c.alarms[i].at < c.alarms[j].at
		}
		return c.alarms[i].seq < c.alarms[j].seq
	})
	return a
}

// Sleep advances virtual time by d. It returns ctx.Err() as soon as ctx is
// done, either already on entry or because an alarm cancelled it.
func (c *Clock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	target := c.now + d
	for len(c.alarms) > 0 && c.alarms[0].at <= target {
		a := c.alarms[0]
		c.alarms = c.alarms[1:]
		if a.stopped {
			continue
		}
		c.now = a.at
		a.fn()
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	c.now = target
	return nil
}

// RealSleep waits d in real time, or returns ctx.Err() as soon as ctx is
// done. It is the clock of the real server, where the simulator passes a
// Clock's Sleep.
func RealSleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
