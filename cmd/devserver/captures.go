//go:build !(js && wasm)

package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"mcpwirelab/internal/captures"
	"mcpwirelab/sim/check"
)

// targetFlags are the dev server's -target-* flags.
type targetFlags struct {
	cmd, url, slow string
	headers        headerList
	calls          callList
}

// spec turns the flags into the capture's target (nil when none).
func (f *targetFlags) spec() (*checkSpec, error) {
	if f.cmd == "" && f.url == "" {
		if f.slow != "" || len(f.calls) > 0 || f.headers.h != nil {
			return nil, errors.New("-target-call, -target-slow and -target-header need -target-cmd or -target-url")
		}
		return nil, nil
	}
	s := &checkSpec{URL: f.url, Headers: f.headers.h, Calls: f.calls, Repeat: 1, K: 10, Timeout: 10 * time.Second}
	if f.cmd != "" {
		words, err := shellSplit(f.cmd)
		if err != nil {
			return nil, fmt.Errorf("-target-cmd: %v", err)
		}
		s.Cmd = words
	}
	if f.slow != "" {
		c, err := check.ParseCall(f.slow)
		if err != nil {
			return nil, fmt.Errorf("-target-slow: %v", err)
		}
		s.Slow = &c
	}
	if err := s.validate(); err != nil {
		return nil, fmt.Errorf("target: %v", err)
	}
	return s, nil
}

// specTarget is a spec as the captures store's target.
type specTarget struct{ s *checkSpec }

func (t specTarget) Describe() string {
	tg, done := t.s.target()
	done()
	return tg.Transport + ": " + tg.Name
}

func (t specTarget) Run(ctx context.Context, progress func(string, ...any)) (check.Report, []check.Run) {
	return t.s.run(ctx, progress)
}

// captureTarget is the store's target for spec (nil: none).
func captureTarget(spec *checkSpec) captures.Target {
	if spec == nil {
		return nil
	}
	return specTarget{spec}
}
