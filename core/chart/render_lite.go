//go:build js && wasm && !gocharts

package chart

// render marshals the model directly: go-echarts would add about 400 kB of
// gzipped code to the browser module. Build with -tags gocharts to use
// go-echarts in the browser too; TestLiteMatchesGoEcharts proves both give
// the same options.
func render(m *Model) ([]byte, error) { return liteJSON(m) }
