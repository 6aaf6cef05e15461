// Command ratios prints the benchmark results as one markdown table per
// payload set: every library's time and bytes per 512 px PNG, and both as a
// ratio to qrforge-auto, what the service does.
//
//	go run ./cmd/ratios results/bench.txt results/peers.txt
//
// The first file is the raw output of `go test -bench` (any number of
// rounds of BenchmarkPNG512); the second, optional, is `RAW=1 peers.sh`.
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: ratios BENCH.txt [PEERS.txt]")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() < 1 || flag.NArg() > 2 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(flag.Arg(0), flag.Arg(1)); err != nil {
		fmt.Fprintln(os.Stderr, "ratios:", err)
		os.Exit(1)
	}
}

func run(benchPath, peersPath string) error {
	goRes, err := readBench(benchPath)
	if err != nil {
		return err
	}
	var peers []peer
	if peersPath != "" {
		if peers, err = readPeers(peersPath); err != nil {
			return err
		}
	}
	tables, err := buildTables(goRes, peers)
	if err != nil {
		return err
	}
	fewest, most := goRes.rounds()
	return writeMarkdown(os.Stdout, tables, fewest, most)
}

func readBench(path string) (*goResults, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	res, err := parseBench(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return res, nil
}

func readPeers(path string) ([]peer, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	peers, err := parsePeers(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return peers, nil
}
