module pcaplay

go 1.26

require (
	github.com/go-echarts/go-echarts/v2 v2.6.7 // indirect
	github.com/norunners/vert v0.0.0-20221203075838-106a353d42dd // indirect
	gonum.org/v1/gonum v0.17.0 // indirect
)
