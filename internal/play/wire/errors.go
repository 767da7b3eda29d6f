package wire

import (
	"errors"
	"fmt"
)

// Error codes: the page decides what to do from the code, never from the
// message (which is for people). They are part of the protocol.
const (
	// CodeBadArgument: an argument of a call was malformed or out of
	// range; the message names it. The run is unchanged.
	CodeBadArgument = "bad-argument"
	// CodeNoRun: the call names a run that is not open or not configured.
	CodeNoRun = "no-run"
	// CodeRunFailed: the solver stopped the run with an error; reset or
	// configure again.
	CodeRunFailed = "run-failed"
	// CodeInternal: a bug, recovered (a panic in the module); the module
	// still works, but the run may be inconsistent: reset it.
	CodeInternal = "internal"
	// CodeExited: the Go program in the worker has stopped; the worker must
	// be started again (the page's worker client says so).
	CodeExited = "exited"
	// CodeWorkerFailed: the Web Worker could not start or crashed.
	CodeWorkerFailed = "worker-failed"
	// CodeUnknownCommand: a message named no command, or one that does not
	// exist (worker messages and the page's postMessage API alike).
	CodeUnknownCommand = "unknown-command"
	// CodeFull: a recording reached its limit and the frame was not added;
	// what it holds can still be ended and saved.
	CodeFull = "full"
)

// Codes lists every error code, for the protocol.
var Codes = []string{CodeBadArgument, CodeNoRun, CodeRunFailed, CodeInternal, CodeExited, CodeWorkerFailed, CodeUnknownCommand, CodeFull}

// Error is an error with a protocol code.
type Error struct {
	Code string
	Msg  string
}

func (e *Error) Error() string { return e.Msg }

// Errorf returns an *Error with the code and a formatted message.
func Errorf(code, format string, args ...any) error {
	return &Error{Code: code, Msg: fmt.Sprintf(format, args...)}
}

// CodeOf returns the code of err: its *Error's, or CodeInternal for any
// other error (one this package did not classify).
func CodeOf(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return CodeInternal
}
