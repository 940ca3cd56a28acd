package main

// Running the checker against each peer, and the cache of whole runs.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"mcpwirelab/scripts/npmcache"
	"mcpwirelab/sim/check"
)

// result is one peer's report.
type result struct {
	Peer   string       `json:"peer"`
	Report check.Report `json:"report"`
}

// checkAll checks every peer, jobs at a time, and returns their reports in
// the peers' order; a peer that could not be checked is an error.
func checkAll(ds string, ps []peer, in installed, work string, jobs int, verbose bool) ([]result, error) {
	if jobs < 1 {
		jobs = 1
	}
	res := make([]result, len(ps))
	errs := make([]error, len(ps))
	sem := make(chan struct{}, jobs)
	var wg sync.WaitGroup
	var mu sync.Mutex
	for i, p := range ps {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			began := time.Now()
			rep, text, err := checkOne(ds, p, in, work)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				errs[i] = fmt.Errorf("%s: %w", p.ID, err)
				fmt.Fprintf(os.Stderr, "peers: %s could not be checked (%.1fs)\n", p.ID, time.Since(began).Seconds())
				return
			}
			res[i] = result{Peer: p.ID, Report: rep}
			n := rep.Count()
			fmt.Fprintf(os.Stderr, "peers: %-26s %3d passed, %d failed, %d warnings, %d skipped (%.1fs)\n", p.ID, n[check.Pass], n[check.Fail], n[check.Warn], n[check.Skip], time.Since(began).Seconds())
			if verbose {
				fmt.Fprintf(os.Stderr, "peers: %s's report:\n%s\n", p.ID, text)
			}
		}()
	}
	wg.Wait()
	var failed []string
	for _, err := range errs {
		if err != nil {
			failed = append(failed, err.Error())
		}
	}
	if failed != nil {
		return nil, fmt.Errorf("%d of %d peers could not be checked:\n  %s", len(failed), len(ps), strings.Join(failed, "\n  "))
	}
	return res, nil
}

// checkArgs is the checker's command line for a peer (url: an HTTP peer's
// endpoint).
func checkArgs(p peer, in installed, url string) []string {
	args := []string{"check", "-format", "json"}
	for _, c := range p.Calls {
		args = append(args, "-call", c)
	}
	if p.Slow != "" {
		args = append(args, "-slow", p.Slow)
	}
	if p.HTTP {
		return append(args, "-url", url)
	}
	return append(append(args, "--"), p.Argv(in)...)
}

// checkOne starts an HTTP peer (a stdio one the checker starts itself),
// runs `devserver check -format json` against it and reads the report; the
// text report comes from the same JSON. Exit status 0 and 1 are verdicts,
// anything else (2: could not run) an error with the checker's stderr.
func checkOne(ds string, p peer, in installed, work string) (check.Report, string, error) {
	var rep check.Report
	logName := filepath.Join(work, strings.ReplaceAll(p.ID, "/", "_"))
	env := os.Environ()
	if in.node != "" {
		env = npmcache.NodeEnv(in.node)
	}
	url := ""
	if p.HTTP {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		u, stop, err := startHTTP(ctx, p, in, env, logName+".server.log")
		if err != nil {
			return rep, "", err
		}
		defer stop()
		url = u
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(ds, checkArgs(p, in, url)...)
	cmd.Env, cmd.Dir = env, in.data
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if code := cmd.ProcessState.ExitCode(); err != nil && code != 1 {
		return rep, "", fmt.Errorf("devserver check: %v: %s", err, lastLines(stderr.String(), 20))
	}
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
		return rep, "", fmt.Errorf("devserver check printed no JSON report (%v): %q; stderr: %s", err, lastLines(stdout.String(), 5), lastLines(stderr.String(), 20))
	}
	var text strings.Builder
	_ = rep.WriteText(&text)
	return rep, text.String(), nil
}

// startHTTP starts an HTTP peer on a free loopback port and waits until it
// accepts connections; stop ends it (and its children).
func startHTTP(ctx context.Context, p peer, in installed, env []string, logName string) (url string, stop func(), err error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	addr := ln.Addr().String()
	_, port, _ := net.SplitHostPort(addr)
	ln.Close()
	log, err := os.Create(logName)
	if err != nil {
		return "", nil, err
	}
	argv := p.Argv(in)
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Env = append(env, "PORT="+port)
	cmd.Dir = in.data
	cmd.Stdout, cmd.Stderr = log, log
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	if err := cmd.Start(); err != nil {
		log.Close()
		return "", nil, fmt.Errorf("starting %s: %w", argv[0], err)
	}
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); log.Close(); close(done) }()
	stop = func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		select {
		case <-done:
		case <-time.After(3 * time.Second):
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-done
		}
	}
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		select {
		case <-done:
			return "", nil, fmt.Errorf("%s ended before it listened on %s: %s", p.ID, addr, tail(logName))
		default:
		}
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			return "http://" + addr + p.Path, stop, nil
		}
	}
	stop()
	return "", nil, fmt.Errorf("%s did not listen on %s within 30s: %s", p.ID, addr, tail(logName))
}

// sh runs a command, its output to stderr.
func sh(name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	return cmd.Run()
}

func tail(path string) string {
	b, _ := os.ReadFile(path)
	return lastLines(string(b), 20)
}

// lastLines is s's last n lines, trimmed.
func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
