package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"pcaplay/core/stats"
	"pcaplay/internal/experiment"
	"pcaplay/internal/paper"
)

// echartsFile is the name of the ECharts script written next to a report;
// the report loads it with a relative src, so the page works offline.
const echartsFile = "echarts.min.js"

// cmdReport writes the HTML report of a set of run files.
//
// The report covers every dimension of the runs. Per dimension: our rank
// tables (CEC 2018 rules) with the paper's ranks of the same algorithms
// beside them (derived from its rank tables, Tables 3–10) and its total
// ranks (Table 2); per algorithm our supplement table with the paper's
// beside it where the paper has one (PMODE, HECO-PDE: Tables 11–18); and
// per problem the median convergence curves of f and v̄ with their
// interquartile bands.
//
// The page is self-contained but for echarts.min.js, copied next to it
// (no network). Every name and number is escaped for its context: text
// and attributes by html/template, chart data as JSON in a
// <script type="application/json"> block with <, > and & written as
// \u003c, \u003e, \u0026, read by one fixed script whose hash the page's
// Content-Security-Policy allows (nothing else runs, not even an injected
// inline handler). Run files with names that are not names are refused
// on reading (experiment.Read) anyway.
func cmdReport(args []string, stdout io.Writer) error {
	fl := newFlags("report", "report runs.jsonl … -o report.html [-echarts FILE] [-force] [-paper FILE.tex] [-problem C01,…]", stdout)
	outPath := fl.String("o", "", "the HTML file to write (required); "+echartsFile+" is copied next to it")
	echartsSrc := fl.String("echarts", defaultECharts, "the ECharts build to copy next to the report")
	force := fl.Bool("force", false, "replace an "+echartsFile+" next to the report that differs from -echarts")
	pp := paperFlag(fl)
	problems := fl.String("problem", "", "only these problems (comma list)")
	files, err := parseFlags(fl, args)
	if err != nil {
		return err
	}
	if *outPath == "" {
		return badInput("-o is required (the HTML file to write)")
	}
	if filepath.Base(*outPath) == echartsFile {
		return badInput("-o %s: that name is reserved for the ECharts script", *outPath)
	}
	dir := filepath.Dir(*outPath)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return badInput("-o %s: the directory %s does not exist", *outPath, dir)
	}
	recs, err := loadSelected(files, "", 0, *problems)
	if err != nil {
		return err
	}
	pub, err := loadPaper(*pp)
	if err != nil {
		return err
	}
	src := findFile(*echartsSrc)
	js, err := os.ReadFile(src)
	if err != nil || len(js) == 0 {
		return badInput("-echarts %s: not found; run `npm ci --prefix site` to install the pinned ECharts (or pass -echarts FILE)", *echartsSrc)
	}
	jsPath := filepath.Join(dir, echartsFile)
	old, err := os.ReadFile(jsPath)
	switch {
	case err == nil && bytes.Equal(old, js):
		js = nil // already there
	case err == nil && !*force:
		return badInput("-o %s: %s exists and differs from %s; remove it or pass -force to replace it", *outPath, jsPath, *echartsSrc)
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return failure("%s: %v", jsPath, err)
	}
	page, err := buildReport(recs, files, pub)
	if err != nil {
		return err
	}
	if js != nil {
		if err := writeFileAtomic(jsPath, js); err != nil {
			return failure("%v", err)
		}
	}
	if err := writeFileAtomic(*outPath, page); err != nil {
		return failure("-o %v", err)
	}
	return nil
}

// The page's model.
type (
	reportPage struct {
		Title, Sources, Summary string
		Dims                    []reportDim
		PaperTotals             *paper.TotalRanks
		CSP                     string
		Data                    template.JS // JSON: {"charts": […]}
		Script                  template.JS
	}

	reportDim struct {
		Dim      int
		Summary  string
		Ranks    []reportRanks // mean-based, median-based
		Totals   reportTotals
		RankNote string // why the paper's ranks are not beside ours, if they are not
		Paper12  []*paper.RankTable
		Supps    []reportSupp
		Problems []reportProblem
	}

	// reportRanks is a rank table with, per algorithm, our row and the
	// paper's row (ranks among the same algorithms) below it.
	reportRanks struct {
		Title    string
		Problems []string // column labels "1", "2", …
		Rows     []reportRankRow
	}
	reportRankRow struct {
		Label string
		Paper bool // the paper's row
		Cells []reportCell
	}
	reportCell struct {
		Text string
		Diff bool // differs from the row it is compared with
	}

	reportTotals struct {
		HasPaper, HasTable2 bool
		Rows                []reportTotalRow
	}
	reportTotalRow struct {
		Algo                               string
		Mean, Median, Total                int
		PaperMean, PaperMedian, PaperTotal int
		Table2                             string
		MeanDiff, MedianDiff, TotalDiff    bool
	}

	reportSupp struct {
		Title     string // "PMODE, D = 10 (25 runs, MaxFES = 200000)"
		PaperName string // "" when the paper has no such table
		Agreement string
		Head      []reportClassed
		Rows      []reportSuppRow
	}
	reportSuppRow struct {
		Problem string
		Cells   []reportClassed
	}
	// reportClassed is a cell with its CSS classes: "paper" (the paper's
	// value), "bad" (disagrees with the paper beyond the tolerance).
	reportClassed struct {
		Text, Class string
	}

	reportProblem struct {
		ID     string // anchor
		Name   string
		Charts []int // indexes into the page's chart data
		Note   string
	}
)

// suppColumns are the rows of a supplement table, as columns.
var suppColumns = []string{"best", "median", "c", "v̄", "mean", "worst", "std", "SR", "vio"}

func suppCells(s stats.Summary) []string {
	e := func(x float64) string { return fmt.Sprintf("%.5e", x+0) }
	c := s.MedianCounts
	return []string{e(s.Best), e(s.Median), fmt.Sprintf("%d %d %d", c[0], c[1], c[2]), e(s.MedianV), e(s.Mean),
		e(s.Worst), e(s.Std), fmt.Sprintf("%.4g", s.SR), e(s.Vio)}
}

// buildReport renders the report page of recs (a complete grid) with the
// paper's numbers pub.
func buildReport(recs []experiment.Record, sources []string, pub *paper.Paper) ([]byte, error) {
	page := reportPage{
		Title:       "pcaplay: CEC 2017 results beside the paper's",
		Sources:     strings.Join(sources, ", "),
		PaperTotals: pub.Totals,
		Script:      template.JS(reportJS),
		CSP:         reportCSP(),
	}
	algos := experiment.Algos(recs)
	var parts []string
	var chartsData []reportChart
	for _, d := range experiment.Dims(recs) {
		probs := experiment.Problems(recs, d)
		runs := len(experiment.Select(recs, algos[0], probs[0], d))
		parts = append(parts, fmt.Sprintf("D = %d: %d problems × %d runs", d, len(probs), runs))
		rd, err := dimSection(recs, d, pub)
		if err != nil {
			return nil, err
		}
		for _, p := range probs {
			cs, note, err := problemCharts(recs, p, d)
			if err != nil {
				return nil, err
			}
			rp := reportProblem{ID: fmt.Sprintf("d%d-%s", d, p), Name: p, Note: note}
			for _, c := range cs {
				rp.Charts = append(rp.Charts, len(chartsData))
				chartsData = append(chartsData, c)
			}
			rd.Problems = append(rd.Problems, rp)
		}
		page.Dims = append(page.Dims, rd)
	}
	page.Summary = fmt.Sprintf("%s; %s", strings.Join(displayNames(algos), ", "), strings.Join(parts, "; "))
	data, err := scriptJSON(map[string]any{"charts": chartsData})
	if err != nil {
		return nil, failure("chart data: %v", err)
	}
	page.Data = data
	var b bytes.Buffer
	if err := reportTmpl.Execute(&b, page); err != nil {
		return nil, failure("rendering the report: %v", err)
	}
	return b.Bytes(), nil
}

// scriptJSON marshals v for a <script type="application/json"> element:
// encoding/json writes <, > and & as \u003c, \u003e, \u0026 and U+2028,
// U+2029 as \u2028, \u2029, so the text cannot end the element or start
// markup; the check below makes that a tested contract, not a hope.
func scriptJSON(v any) (template.JS, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	if bytes.ContainsAny(b, "<>&") || bytes.Contains(b, []byte("\u2028")) || bytes.Contains(b, []byte("\u2029")) {
		return "", errors.New("unescaped markup in the chart data")
	}
	return template.JS(b), nil
}

// dimSection builds the rankings and supplement tables of dimension d.
func dimSection(recs []experiment.Record, d int, pub *paper.Paper) (reportDim, error) {
	rd := reportDim{Dim: d}
	var at []experiment.Record
	for _, r := range recs {
		if r.Dim == d {
			at = append(at, r)
		}
	}
	algos := experiment.Algos(at)
	probs := experiment.Problems(at, d)
	var bits []string
	for _, a := range algos {
		bits = append(bits, fmt.Sprintf("%s (MaxFES = %d)", displayName(a), maxFESOf(at, a, d)))
	}
	rd.Summary = fmt.Sprintf("%d problems; %s", len(probs), strings.Join(bits, ", "))

	t, err := experiment.RankTable(at, d)
	if err != nil {
		return rd, badInput("D=%d: %v", d, err)
	}
	pr := paperRanksOf(pub, d, algos, probs)
	rd.RankNote, rd.Paper12 = pr.note, pr.tables
	rd.Ranks = rankSections(t, d, probs, pr)
	rd.Totals = totalsSection(t, d, probs, pr, pub.Totals)
	for _, a := range algos {
		s, err := suppSection(at, a, d, pub)
		if err != nil {
			return rd, err
		}
		rd.Supps = append(rd.Supps, s)
	}
	return rd, nil
}

// paperRanks are the paper's ranks of our algorithms on our problems at
// one dimension, derived from its rank tables, when it ranks every one of
// them.
type paperRanks struct {
	ok    bool
	ranks [2][][]int // [basis: mean, median][algorithm][problem of ours]
	// tables are the paper's two rank tables (with ok); note says why
	// there is no comparison (without ok).
	tables []*paper.RankTable
	note   string
}

// paperRanksOf returns the paper's ranks of algos on probs at d.
func paperRanksOf(pub *paper.Paper, d int, algos, probs []string) paperRanks {
	var pr paperRanks
	pm, okM := pub.RankTable(paper.ByMean, d)
	pd, okD := pub.RankTable(paper.ByMedian, d)
	pr.ok = okM && okD
	if !pr.ok {
		pr.note = fmt.Sprintf("The paper has no rank tables at %dD.", d)
		return pr
	}
	for _, p := range probs {
		if !slices.Contains(pm.Problems, p) {
			pr.ok = false
			pr.note = fmt.Sprintf("The paper's rank tables at %dD have no problem %s; no comparison.", d, p)
		}
	}
	if !pr.ok {
		return pr
	}
	for k, rt := range []*paper.RankTable{pm, pd} {
		r, _, err := rt.Among(displayNames(algos))
		if err != nil {
			pr.ok = false
			pr.note = fmt.Sprintf("The paper's rank tables do not rank %s: no comparison of ranks (%v).", strings.Join(missingAlgos(rt, algos), ", "), err)
			break
		}
		for a := range algos {
			var row []int
			for _, p := range probs {
				row = append(row, r[a][slices.Index(rt.Problems, p)])
			}
			pr.ranks[k] = append(pr.ranks[k], row)
		}
	}
	if pr.ok {
		pr.tables = []*paper.RankTable{pm, pd}
	}
	return pr
}

// rankSections are our rank tables at d by the mean and by the median,
// each row of ours followed by the paper's when it has them.
func rankSections(t *stats.Table, d int, probs []string, pr paperRanks) []reportRanks {
	labels := make([]string, len(probs))
	for i, p := range probs {
		labels[i] = problemLabel(p)
	}
	var out []reportRanks
	for k, ours := range [][][]int{t.Mean, t.Median} {
		basis := paper.ByMean
		if k == 1 {
			basis = paper.ByMedian
		}
		rr := reportRanks{Title: paperRankTitle(basis, len(probs), d), Problems: labels}
		for a, name := range t.Algorithms {
			row := reportRankRow{Label: displayName(name)}
			tot := 0
			for p := range probs {
				row.Cells = append(row.Cells, reportCell{Text: fmt.Sprint(ours[p][a])})
				tot += ours[p][a]
			}
			if !pr.ok {
				row.Cells = append(row.Cells, reportCell{Text: fmt.Sprint(tot)})
				rr.Rows = append(rr.Rows, row)
				continue
			}
			prow := reportRankRow{Label: displayName(name) + " · paper", Paper: true}
			ptot := 0
			for p := range probs {
				x := pr.ranks[k][a][p]
				ptot += x
				diff := x != ours[p][a]
				row.Cells[p].Diff = diff
				prow.Cells = append(prow.Cells, reportCell{Text: fmt.Sprint(x), Diff: diff})
			}
			row.Cells = append(row.Cells, reportCell{Text: fmt.Sprint(tot), Diff: tot != ptot})
			prow.Cells = append(prow.Cells, reportCell{Text: fmt.Sprint(ptot), Diff: tot != ptot})
			rr.Rows = append(rr.Rows, row, prow)
		}
		out = append(out, rr)
	}
	return out
}

// totalsSection is the table of total ranks at d: ours, the paper's
// derived ones (when it ranks our algorithms) and its Table 2's column
// (totals, when it has one for d).
func totalsSection(t *stats.Table, d int, probs []string, pr paperRanks, totals *paper.TotalRanks) reportTotals {
	rt := reportTotals{HasPaper: pr.ok}
	col := -1
	if totals != nil {
		col = slices.Index(totals.Dims, d)
	}
	for a, name := range t.Algorithms {
		row := reportTotalRow{Algo: displayName(name), Mean: t.MeanTotal[a], Median: t.MedianTotal[a], Total: t.Total[a]}
		if pr.ok {
			for p := range probs {
				row.PaperMean += pr.ranks[0][a][p]
				row.PaperMedian += pr.ranks[1][a][p]
			}
			row.PaperTotal = row.PaperMean + row.PaperMedian
			row.MeanDiff, row.MedianDiff, row.TotalDiff = row.Mean != row.PaperMean, row.Median != row.PaperMedian, row.Total != row.PaperTotal
		}
		if col >= 0 {
			if i := slices.IndexFunc(totals.Algorithms, func(s string) bool { return strings.EqualFold(s, name) }); i >= 0 {
				row.Table2 = fmt.Sprint(totals.Ranks[i][col])
				rt.HasTable2 = true
			}
		}
		rt.Rows = append(rt.Rows, row)
	}
	return rt
}

// suppSection is the supplement table of algorithm a at d, each column of
// ours beside the paper's when it has the table, its disagreements marked.
func suppSection(at []experiment.Record, a string, d int, pub *paper.Paper) (reportSupp, error) {
	ps, sums, err := experiment.Summaries(at, a, d)
	if err != nil {
		return reportSupp{}, badInput("%v", err)
	}
	s := reportSupp{Title: tableTitle(a, d, sums, maxFESOf(at, a, d))}
	sup, ok := pub.Supplement(displayName(a), d)
	for _, c := range suppColumns {
		s.Head = append(s.Head, reportClassed{Text: c})
		if ok {
			s.Head = append(s.Head, reportClassed{Text: c + " · paper", Class: "paper"})
		}
	}
	compared, srAgree, medAgree := 0, 0, 0
	for i, p := range ps {
		row := reportSuppRow{Problem: p}
		ours := suppCells(sums[i])
		var theirs []string
		srOK, medOK := true, true
		if ok {
			if col, found := sup.Column(p); found {
				theirs = suppCells(col)
				srOK, medOK = agrees(sums[i], col)
				compared++
				if srOK {
					srAgree++
				}
				if medOK {
					medAgree++
				}
			}
		}
		for k, v := range ours {
			bad := (k == 1 && !medOK) || (k == 7 && !srOK)
			row.Cells = append(row.Cells, reportClassed{Text: v, Class: map[bool]string{true: "bad"}[bad]})
			if !ok {
				continue
			}
			pc := reportClassed{Text: "–", Class: "paper"}
			if theirs != nil {
				pc.Text = theirs[k]
			}
			if bad {
				pc.Class = "paper bad"
			}
			row.Cells = append(row.Cells, pc)
		}
		s.Rows = append(s.Rows, row)
	}
	if ok {
		s.PaperName = fmt.Sprintf("the paper's table “Function Values of %s Achieved for %dD”", sup.Algorithm, d)
		s.Agreement = fmt.Sprintf("Agreement with the paper on %d problems: SR within ±8 points on %d; median within 1 %% (or 1e-6 absolute) on %d.", compared, srAgree, medAgree)
	}
	return s, nil
}

// missingAlgos lists the algorithms of ours that rt does not rank.
func missingAlgos(rt *paper.RankTable, algos []string) []string {
	var out []string
	for _, a := range algos {
		if _, ok := rt.Total(displayName(a)); !ok {
			out = append(out, displayName(a))
		}
	}
	return out
}

func displayNames(a []string) []string {
	out := make([]string, len(a))
	for i := range a {
		out[i] = displayName(a[i])
	}
	return out
}

// reportCSP is the page's Content-Security-Policy: scripts only from the
// page's own folder (echarts.min.js) and the one inline script whose hash it
// names; no inline event handlers, no eval, no network.
func reportCSP() string {
	sum := sha256.Sum256([]byte(reportJS))
	return "default-src 'none'; script-src 'self' 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'; " +
		"style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"
}

// reportJS draws the charts of the report: it reads the chart data, and
// draws a chart when its box comes near the viewport (a report of four
// dimensions has over 200 charts). window.pcaplayReport tells tests how many
// charts there are and are drawn, and drawAll draws the rest.
const reportJS = `
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("report-data").textContent);
  var drawn = 0;
  function esc(s) { return echarts.format.encodeHTML(String(s)); }
  // The tooltip lists the median of each algorithm (every third series:
  // base, band, median) in the data's own scale.
  function tooltip(symlog) {
    return function (ps) {
      if (!ps.length) { return ""; }
      var s = "FES " + esc(ps[0].value[0]);
      ps.forEach(function (p) {
        var y = p.value[1];
        if (p.seriesIndex % 3 !== 2 || y === null || y === undefined) { return; }
        if (symlog) { y = (y < 0 ? -1 : 1) * (Math.pow(10, Math.abs(y)) - 1); }
        s += "<br>" + p.marker + esc(p.seriesName) + " median: " + esc(Number(y).toPrecision(6));
      });
      return s;
    };
  }
  function draw(el) {
    if (el.dataset.drawn) { return; }
    el.dataset.drawn = "1";
    var c = data.charts[Number(el.dataset.chart)];
    c.option.tooltip = Object.assign({}, c.option.tooltip, {formatter: tooltip(c.symlog)});
    echarts.init(el, null, {renderer: "canvas"}).setOption(c.option);
    drawn++;
  }
  var boxes = Array.prototype.slice.call(document.querySelectorAll(".chart[data-chart]"));
  var seen = new IntersectionObserver(function (entries) {
    entries.forEach(function (e) {
      if (e.isIntersecting) { seen.unobserve(e.target); draw(e.target); }
    });
  }, {rootMargin: "400px 0px"});
  boxes.forEach(function (el) { seen.observe(el); });
  window.pcaplayReport = {
    charts: data.charts.length,
    drawn: function () { return drawn; },
    drawAll: function () { boxes.forEach(function (el) { seen.unobserve(el); draw(el); }); return drawn; }
  };
})();
`

var reportTmpl = template.Must(template.New("report").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{{.CSP}}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<script src="` + echartsFile + `"></script>
<style>
body { font-family: system-ui, sans-serif; margin: 1.5rem; color: #222; max-width: 110rem; }
h2 { border-top: 2px solid #444; padding-top: 0.6rem; margin-top: 2.5rem; }
nav a { margin-right: 1rem; }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; margin: 0.5rem 0 1.2rem; font-size: 0.8rem; font-variant-numeric: tabular-nums; }
th, td { border: 1px solid #ccc; padding: 0.12rem 0.35rem; text-align: right; white-space: nowrap; }
th:first-child, td:first-child { text-align: left; position: sticky; left: 0; background: #fff; }
tr.paper td { color: #555; background: #f5f5f5; }
tr.paper td:first-child { background: #f5f5f5; }
td.diff { background: #fde2c8 !important; }
td.bad { background: #f8c9c9 !important; font-weight: 600; }
th.paper, td.paper { color: #555; background: #f5f5f5; }
.charts { display: flex; flex-wrap: wrap; gap: 0.5rem; }
.chart { width: 600px; height: 380px; }
.note { color: #555; font-size: 0.85rem; max-width: 60rem; }
details { margin: 0.5rem 0 1rem; }
</style>
</head>
<body>
<h1>{{.Title}}</h1>
<p class="note">Runs from {{.Sources}}: {{.Summary}}.</p>
<p class="note">The paper: W. Huang, T. Xu, K. Li and J. He, “Multiobjective Differential Evolution Enhanced with Principle Component Analysis for Constrained Optimization”, arXiv:1805.00272. Its numbers are those printed in its tables, embedded in cec (internal/paper/data). Ranks follow the CEC 2018 rules (the paper's “Rules for Ranking Algorithms”): by mean values (feasibility rate, then mean violation, then mean f) and by median solutions; ties share the best rank. The paper ranks twelve algorithms; beside our ranks are the paper's ranks of the same algorithms among themselves (1 + the number of them it ranks strictly better), so the two can be compared cell by cell; cells that differ are shaded.</p>
<nav>{{range .Dims}}<a href="#d{{.Dim}}">D = {{.Dim}}</a>{{end}}</nav>
{{range .Dims}}{{$dim := .Dim}}
<h2 id="d{{.Dim}}">D = {{.Dim}}</h2>
<p class="note">{{.Summary}}.</p>
<h3>Rankings</h3>
{{if .RankNote}}<p class="note">{{.RankNote}}</p>{{end}}
{{range .Ranks}}
<h4>{{.Title}}</h4>
<div class="scroll"><table>
<tr><th>Problem</th>{{range .Problems}}<th>{{.}}</th>{{end}}<th>Total</th></tr>
{{range .Rows}}<tr{{if .Paper}} class="paper"{{end}}><td>{{.Label}}</td>{{range .Cells}}<td{{if .Diff}} class="diff"{{end}}>{{.Text}}</td>{{end}}</tr>
{{end}}</table></div>
{{end}}
<h4>Total ranks, {{.Dim}} dimensions (Σ mean ranks + Σ median ranks)</h4>
<div class="scroll"><table>
<tr><th>Algorithm</th><th>mean</th>{{if .Totals.HasPaper}}<th class="paper">mean · paper</th>{{end}}<th>median</th>{{if .Totals.HasPaper}}<th class="paper">median · paper</th>{{end}}<th>total</th>{{if .Totals.HasPaper}}<th class="paper">total · paper</th>{{end}}{{if .Totals.HasTable2}}<th class="paper">paper, among 12 (Table 2)</th>{{end}}</tr>
{{$tot := .Totals}}{{range .Totals.Rows}}<tr><td>{{.Algo}}</td>
<td>{{.Mean}}</td>{{if $tot.HasPaper}}<td class="paper{{if .MeanDiff}} diff{{end}}">{{.PaperMean}}</td>{{end}}
<td>{{.Median}}</td>{{if $tot.HasPaper}}<td class="paper{{if .MedianDiff}} diff{{end}}">{{.PaperMedian}}</td>{{end}}
<td>{{.Total}}</td>{{if $tot.HasPaper}}<td class="paper{{if .TotalDiff}} diff{{end}}">{{.PaperTotal}}</td>{{end}}
{{if $tot.HasTable2}}<td class="paper">{{.Table2}}</td>{{end}}</tr>
{{end}}</table></div>
{{with .Paper12}}<details><summary>The paper's rank tables at this dimension (twelve algorithms, Tables 3–10)</summary>
{{range .}}<h4>{{if eq .Basis "mean"}}Ranks based on mean values{{else}}Ranks based on median solution{{end}} on the {{len .Problems}} functions of {{.Dim}} dimensions</h4>
<div class="scroll"><table>
<tr><th>Problem</th>{{range .Problems}}<th>{{.}}</th>{{end}}<th>Total</th></tr>
{{$t := .}}{{range $a, $name := .Algorithms}}<tr><td>{{$name}}</td>{{range index $t.Ranks $a}}<td>{{.}}</td>{{end}}<td>{{index $t.Totals $a}}</td></tr>
{{end}}</table></div>
{{end}}</details>{{end}}
<h3>Supplement tables: ours beside the paper's</h3>
{{range .Supps}}
<h4>{{.Title}}</h4>
{{if .PaperName}}<p class="note">Beside each value of ours, shaded, {{.PaperName}} (25 runs, MaxFES = 20000·D). {{.Agreement}} Red: SR differs by more than 8 points, or the median by more than 1 %.</p>{{else}}<p class="note">The paper has no supplement table of this algorithm at this dimension.</p>{{end}}
<div class="scroll"><table>
<tr><th>problem</th>{{range .Head}}<th{{with .Class}} class="{{.}}"{{end}}>{{.Text}}</th>{{end}}</tr>
{{range .Rows}}<tr><td>{{.Problem}}</td>{{range .Cells}}<td{{with .Class}} class="{{.}}"{{end}}>{{.Text}}</td>{{end}}</tr>
{{end}}</table></div>
{{end}}
<h3>Convergence</h3>
<p class="note">At each FES of the log-spaced grid the runs are ordered by the CEC rule (feasible runs first by f, then infeasible ones by v̄); the line is the median run, the band spans the lower- to the upper-quartile run. f is drawn only where that run is feasible.</p>
{{range .Problems}}
<h4 id="{{.ID}}">{{.Name}}, D = {{$dim}}</h4>
{{if .Note}}<p class="note">{{.Note}}</p>{{end}}
<div class="charts">{{range .Charts}}<div class="chart" data-chart="{{.}}"></div>{{end}}</div>
{{end}}
{{end}}
{{with .PaperTotals}}<h2 id="paper-totals">The paper's total ranks (Table 2)</h2>
<p class="note">Total ranks of CMODE, PMODE, HECO-DE, HECO-PDE, DeCODE and seven algorithms of the CEC 2018 competition (Σ mean ranks + Σ median ranks among twelve), as printed.</p>
<div class="scroll"><table>
<tr><th>Algorithm</th>{{range .Dims}}<th>{{.}}D</th>{{end}}<th>Total</th></tr>
{{$t := .}}{{range $a, $name := .Algorithms}}<tr><td>{{$name}}</td>{{range index $t.Ranks $a}}<td>{{.}}</td>{{end}}<td>{{index $t.Totals $a}}</td></tr>
{{end}}</table></div>{{end}}
<script type="application/json" id="report-data">{{.Data}}</script>
<script>{{.Script}}</script>
</body>
</html>
`))
