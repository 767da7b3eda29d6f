package play

import (
	"bytes"
	"encoding/json"
	"errors"
	"hash/maphash"
	"io"
	"strings"
	"sync"

	"pcaplay/internal/experiment"
	"pcaplay/internal/experiment/results"
	"pcaplay/internal/play/wire"
)

// SummariseOptions are the options of the summarise command:
// results.ResultsOptions, and the name of the records in messages.
type SummariseOptions struct {
	results.ResultsOptions
	// Source names the records in error messages (a file name); empty:
	// "records".
	Source string `json:"source"`
}

// Summarise is the summarise command: it reads run records as JSON lines
// (exactly what cec run -o writes) with the strict reader of cec
// (experiment.Read: a bad record is an error naming its line and field),
// and returns results.Summarise's results as JSON. options is a JSON
// object of SummariseOptions, or empty for the defaults; an unknown key
// is an error. Errors have CodeBadArgument and are one line.
//
// The results hold no NaN or ±Inf (JSON has none): the summaries of valid
// runs are finite (stats.Summarize refuses an overflow) and the charts
// write gaps as null.
func Summarise(jsonl, options []byte) ([]byte, error) {
	var o SummariseOptions
	if len(bytes.TrimSpace(options)) > 0 {
		dec := json.NewDecoder(bytes.NewReader(options))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&o); err != nil {
			return nil, wire.Errorf(wire.CodeBadArgument, "summarise options: %v", err)
		}
		if _, err := dec.Token(); !errors.Is(err, io.EOF) {
			return nil, wire.Errorf(wire.CodeBadArgument, "summarise options: more than one JSON value")
		}
	}
	name := o.Source
	if name == "" {
		name = "records"
	}
	recs, err := readRecords(jsonl, name)
	if err != nil {
		return nil, err
	}
	if len(recs) == 0 {
		return nil, wire.Errorf(wire.CodeBadArgument, "%s: no runs (want JSON lines as cec run -o writes them)", name)
	}
	res, err := results.Summarise(recs, o.ResultsOptions)
	if err != nil {
		return nil, wire.Errorf(wire.CodeBadArgument, "%s: %s", name, oneLine(err.Error()))
	}
	b, err := json.Marshal(res)
	if err != nil {
		return nil, wire.Errorf(wire.CodeInternal, "summarise: %v", err)
	}
	return b, nil
}

// lastRead holds the records of the last input read: the results view asks
// again with the same records for another problem's charts or the log FES
// axis, and reading them is most of the cost of such a call (in
// WebAssembly about 1 s for the 1400 runs of the paper's grid at one
// dimension). It keeps a 64-bit hash and the length of that input, not a
// copy: a copy cost as much memory as the file again (1 MB per MB, on top
// of the records), and a chance collision of two inputs of one length and
// name is about 2^-64.
var lastRead struct {
	sync.Mutex
	sum  uint64
	size int
	name string
	recs []experiment.Record
}

// readSeed seeds lastRead's hash, once per process.
var readSeed = maphash.MakeSeed()

// readRecords reads JSON lines with experiment.Read, or returns the
// records of the last call when jsonl and name are the same. Summarise
// does not change the records it is given.
func readRecords(jsonl []byte, name string) ([]experiment.Record, error) {
	lastRead.Lock()
	defer lastRead.Unlock()
	sum := maphash.Bytes(readSeed, jsonl)
	if lastRead.recs != nil && lastRead.name == name && lastRead.size == len(jsonl) && lastRead.sum == sum {
		return lastRead.recs, nil
	}
	recs, _, err := experiment.Read(bytes.NewReader(jsonl), name)
	if err != nil {
		return nil, wire.Errorf(wire.CodeBadArgument, "%s", oneLine(err.Error()))
	}
	lastRead.sum, lastRead.size, lastRead.name, lastRead.recs = sum, len(jsonl), name, recs
	return recs, nil
}

// oneLine joins the lines of a message.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
