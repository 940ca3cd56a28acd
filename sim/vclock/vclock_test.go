package vclock

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestSleepFiresAlarmsInOrderAndCancels(t *testing.T) {
	var c Clock
	var got []time.Duration
	ctx, cancel := context.WithCancel(context.Background())
	c.AfterFunc(2500*time.Millisecond, func() { got = append(got, c.Now()); cancel() })
	c.AfterFunc(500*time.Millisecond, func() { got = append(got, c.Now()) })
	stopped := c.AfterFunc(100*time.Millisecond, func() { t.Error("stopped alarm fired") })
	stopped.Stop()

	for i := 0; i < 2; i++ {
		if err := c.Sleep(ctx, time.Second); err != nil {
			t.Fatalf("sleep %d: %v", i, err)
		}
	}
	err := c.Sleep(ctx, time.Second)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("third sleep: got %v, want context.Canceled", err)
	}
	if c.Now() != 2500*time.Millisecond {
		t.Fatalf("now = %v, want 2.5s (the alarm's time)", c.Now())
	}
	if len(got) != 2 || got[0] != 500*time.Millisecond || got[1] != 2500*time.Millisecond {
		t.Fatalf("alarms fired at %v", got)
	}
	if err := c.Sleep(ctx, time.Second); !errors.Is(err, context.Canceled) {
		t.Fatalf("sleep on a cancelled context: %v", err)
	}
}
