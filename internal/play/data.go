package play

import (
	"bytes"
	"strconv"

	"pcaplay/core/problem/cec2017"
	"pcaplay/core/problem/cec2017/datalabel"
	"pcaplay/core/suite"
	"pcaplay/internal/experiment"
	"pcaplay/internal/play/wire"
)

// The CEC 2017 data of the page's runs: the official files at the official
// dimensions, fetched by the worker; generated data elsewhere.
//
// The module never embeds the official shift and rotation files (1 MB): at
// D ∈ cec2017.OfficialDims the worker asks NeedData which files a run
// needs, fetches them from the static server (data/cec2017/, published by
// scripts/build-site.sh, cached by the browser) and hands them to LoadData,
// which reads them with cec2017.ParseData and labels them with
// datalabel.Label: against the official SHA-256 sums compiled into the
// module, never those of a manifest served beside the files. A run configured afterwards uses them, so that it is the run
// `cec run` makes with its embedded copy, bit for bit. Without them (a
// failed fetch, reported with DataFailed; other D; a caller that never
// loads data, such as the native tests) a CEC problem uses generated data,
// as `cec run -data generated` does, and says so (DataInfo.Note).

// GeneratedNote is what the page says of a CEC run on generated data.
const GeneratedNote = "generated rotation and shift, not the official instance"

// DataNeed says which official files a run of some URL values needs.
type DataNeed struct {
	Problem string `js:"problem"`
	Dim     int    `js:"dim"`
	// Files are the official file names (cec2017.DataFiles); empty when
	// the run uses no official data (a teaching problem, another D).
	Files []string `js:"files"`
	// Loaded: the files are already loaded in this module.
	Loaded bool `js:"loaded"`
}

// DataInfo says which data a run uses.
type DataInfo struct {
	// Label is the run record's "data": official, generated, none, or a
	// content label (datalabel.Of).
	Label string `js:"label"`
	// Note is for the page: empty for official data and teaching
	// problems, else GeneratedNote and why.
	Note string `js:"note"`
}

type dataKey struct {
	problem string
	dim     int
}

type loadedData struct {
	data  *cec2017.Data
	label string
}

// NeedData sanitizes raw and returns the official files its run needs.
func (r *Runs) NeedData(raw map[string]string) (DataNeed, error) {
	c, _, _, err := Sanitize(raw)
	if err != nil {
		return DataNeed{}, err
	}
	need := DataNeed{Problem: c.Problem, Dim: c.Dim, Files: []string{}}
	if files, err := suite.DataFiles(c.Problem, c.Dim); c.Typed == nil && err == nil && len(files) > 0 {
		need.Files = files
		_, need.Loaded = r.data[dataKey{c.Problem, c.Dim}]
	}
	return need, nil
}

// LoadData reads the official files of problem at dim (files: name →
// content, the names of NeedData) and keeps them for the runs configured
// afterwards. Files whose SHA-256 are the official sums compiled into the
// module are labelled official, others by content (datalabel.Label); sums
// (the manifest the page fetched beside the files) decide nothing: a
// served manifest that lists the sums of changed files does not make
// them official. A missing or malformed file is an error naming it; nothing is
// kept then.
func (r *Runs) LoadData(problem string, dim int, files map[string][]byte, sums map[string]string) (DataInfo, error) {
	info, ok := findInfo(problem)
	if !ok || info.Teaching {
		return DataInfo{}, wire.Errorf(wire.CodeBadArgument, "loadData: %q is not a CEC 2017 problem", Cut(problem, EchoMax))
	}
	names, err := suite.DataFiles(info.Name, dim)
	if err != nil {
		return DataInfo{}, wire.Errorf(wire.CodeBadArgument, "loadData: %v", err)
	}
	n, _ := strconv.Atoi(info.Name[1:]) // a CEC name: C01 … C28
	d, err := cec2017.ParseData(files, n, dim)
	if err != nil {
		return DataInfo{}, wire.Errorf(wire.CodeBadArgument, "loadData: %v", err)
	}
	used := make(map[string][]byte, len(names))
	for _, name := range names {
		used[name] = files[name]
	}
	k := dataKey{info.Name, dim}
	_ = sums // the served manifest: not trusted (see above)
	ld := loadedData{data: d, label: datalabel.Label(used)}
	if r.data == nil {
		r.data = map[dataKey]loadedData{}
	}
	r.data[k] = ld
	delete(r.dataErr, k)
	return dataInfo(ld.label, ""), nil
}

// DataFailed records why the official files of problem at dim could not be
// had (a failed fetch): the runs configured afterwards use generated data
// and their notices say why, until LoadData succeeds.
func (r *Runs) DataFailed(problem string, dim int, reason string) error {
	info, ok := findInfo(problem)
	if !ok {
		return wire.Errorf(wire.CodeBadArgument, "dataFailed: unknown problem %q", Cut(problem, EchoMax))
	}
	if r.dataErr == nil {
		r.dataErr = map[dataKey]string{}
	}
	r.dataErr[dataKey{info.Name, dim}] = Cut(reason, maxMessage)
	return nil
}

// resolveData returns the data of a run of c: the loaded official files,
// or nil (generated data), its DataInfo and, after a failed fetch, a
// notice saying so.
func (r *Runs) resolveData(c Config) (*cec2017.Data, DataInfo, []Notice) {
	files, err := suite.DataFiles(c.Problem, c.Dim)
	switch {
	case c.Typed != nil || (err == nil && len(files) == 0):
		return nil, dataInfo(experiment.DataNone, ""), nil
	case err != nil:
		return nil, dataInfo(experiment.DataGenerated, "no official files exist at D = "+strconv.Itoa(c.Dim)), nil
	}
	k := dataKey{c.Problem, c.Dim}
	if ld, ok := r.data[k]; ok {
		return ld.data, dataInfo(ld.label, ""), nil
	}
	if reason, ok := r.dataErr[k]; ok {
		why := "could not load the official data (" + reason + ")"
		return nil, dataInfo(experiment.DataGenerated, why), []Notice{NewNotice("data", "", why+": using "+GeneratedNote)}
	}
	return nil, dataInfo(experiment.DataGenerated, "the official data is not loaded"), nil
}

func dataInfo(label, why string) DataInfo {
	switch label {
	case experiment.DataNone, experiment.DataOfficial:
		return DataInfo{Label: label}
	case experiment.DataGenerated:
		note := GeneratedNote
		if why != "" {
			note += " (" + why + ")"
		}
		return DataInfo{Label: label, Note: note}
	}
	return DataInfo{Label: label, Note: "data files that differ from the official ones (" + label + ")"}
}

// Record returns the record of run id, configured with
// ConfigureOptions.Record and stepped to its end, as one JSON line of the
// `cec run -o` schema (experiment.MarshalLine): name is its "algo" (the
// experiment's name of the configuration), run its "run". The line is read
// back with experiment.Read, so that the page never writes a line `cec`
// would refuse.
func (r *Runs) Record(id int, name string, run int) (string, error) {
	s, err := r.Session(id)
	if err != nil {
		return "", err
	}
	switch {
	case s.rec == nil:
		return "", wire.Errorf(wire.CodeBadArgument, "run %d records nothing: configure it with {record: true}", id)
	case !s.Solver.Done():
		return "", wire.Errorf(wire.CodeBadArgument, "run %d has not finished (FES %d of %d)", id, s.Solver.FES(), s.Config.FES)
	}
	rec, err := s.rec.Record()
	if err != nil {
		return "", wire.Errorf(wire.CodeRunFailed, "%v", err)
	}
	rec.Algo, rec.Problem, rec.Run, rec.Data = name, experiment.CanonicalProblem(s.Problem.Name()), run, s.Data.Label
	line, err := experiment.MarshalLine(rec)
	if err != nil {
		return "", wire.Errorf(wire.CodeRunFailed, "%v", err)
	}
	if _, _, err := experiment.Read(bytes.NewReader(line), "record"); err != nil {
		return "", wire.Errorf(wire.CodeBadArgument, "%v", err)
	}
	return string(line), nil
}
