// Unit test (node --test site/test/; run by e2e/jsunit_test.go): charts.js
// fit, the page's adjustments of Go's chart options — font sizes and pixel
// margins times the text scale, tick labels that never overlap, a box
// plot's boxes in their configurations' colours with every label shown —
// and chartScale, the text scale a chart's size holds. Go's option is
// never changed, and percentages stay percentages.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fit, chartScale } from "../charts.js";

const line = () => ({
  color: ["#0072B2", "#D55E00"],
  title: { text: "t", left: "center", textStyle: { fontSize: 13 } },
  legend: { top: "26" },
  grid: [{ left: "64", right: "24", top: "50", height: "44%" }],
  xAxis: [{ type: "value", name: "FES", nameGap: 24, max: "dataMax" }],
  yAxis: [{ type: "value", name: "f", nameGap: 8 }],
  series: [{ type: "line", name: "a", data: [[1, 2], [3, 4]] }],
});

test("fit scales every font size and the pixel margins by the text scale, not percentages", () => {
  const opt = line();
  const before = JSON.stringify(opt);
  const o = fit(opt, 1.5);
  assert.equal(JSON.stringify(opt), before, "Go's option is left as it was");
  assert.equal(o.xAxis[0].axisLabel.fontSize, 18);
  assert.equal(o.yAxis[0].nameTextStyle.fontSize, 18);
  assert.equal(o.title[0] ? o.title[0].textStyle.fontSize : o.title.textStyle.fontSize, 19.5);
  assert.equal(o.legend.textStyle.fontSize, 18);
  assert.equal(o.legend.top, "39");
  assert.deepEqual(o.grid[0], { left: "96", right: "36", top: "75", height: "44%" });
  assert.equal(o.xAxis[0].nameGap, 36);
  assert.equal(o.series[0].data, opt.series[0].data, "the data is shared, not copied");
  assert.equal(fit(line(), 1).xAxis[0].axisLabel.fontSize, 12);
});

test("fit hides overlapping tick labels and the label under an axis' name at its end", () => {
  const o = fit(line(), 1);
  assert.equal(o.xAxis[0].axisLabel.hideOverlap, true);
  assert.equal(o.yAxis[0].axisLabel.hideOverlap, true);
  assert.equal(o.xAxis[0].axisLabel.showMaxLabel, false);
  assert.equal(o.yAxis[0].axisLabel.showMaxLabel, undefined);
});

test("fit gives a short grid fewer value ticks", () => {
  const o = fit(line(), 1, 300, 100); // a grid 44 px high
  assert.ok(o.yAxis[0].splitNumber >= 1 && o.yAxis[0].splitNumber < 5, `splitNumber ${o.yAxis[0].splitNumber}`);
  assert.equal(fit(line(), 1, 300, 1000).yAxis[0].splitNumber, undefined);
});

test("fit draws each box in its configuration's colour and shows every category label", () => {
  const opt = {
    color: ["#0072B2", "#D55E00", "#009E73"],
    grid: [{ left: "60", right: "24", top: "44", bottom: "52" }],
    xAxis: [{ type: "category", data: ["A\n5 of 5 feasible", "B\n5 of 5 feasible", "C\n0 of 5 feasible"] }],
    yAxis: [{ type: "value", name: "f" }],
    series: [
      { type: "boxplot", name: "f", data: [[1, 2, 3, 4, 5], [1, 2, 3, 4, 5], [null, null, null, null, null]] },
      { type: "scatter", name: "outliers", data: [[1, 9]] },
    ],
  };
  const o = fit(opt, 1, 600);
  assert.deepEqual(o.series[0].data.map((d) => d.itemStyle.borderColor), opt.color);
  assert.deepEqual(o.series[0].data[0].value, [1, 2, 3, 4, 5]);
  assert.equal(o.series[1].data[0].itemStyle.color, "#D55E00");
  const l = o.xAxis[0].axisLabel;
  assert.equal(l.interval, 0);
  assert.equal(l.hideOverlap, false);
  assert.equal(l.overflow, "break");
  assert.ok(l.width > 40 && l.width < 200, `width ${l.width}`);
  assert.ok(l.lineHeight >= 15);
  assert.ok(o.grid[0].bottom >= 60, `bottom ${o.grid[0].bottom}`);
});

test("chartScale: the page's scale where the chart holds it, never under 1", () => {
  assert.equal(chartScale(1.5, 1200, 300), 1.5);
  assert.equal(chartScale(1.5, 200, 300), 1);
  assert.equal(chartScale(1.5, 400, 300), 1.25);
  assert.equal(chartScale(1, 100, 100), 1);
  assert.equal(chartScale(0.75, 1000, 1000), 0.75);
});
