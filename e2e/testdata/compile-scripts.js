// node testdata/compile-scripts.js FILE…: compiles each file as a script
// (without running it) and names those that are not valid JavaScript;
// the status is 1 if any is not. TestScripts runs it on js/*.js.
let bad = 0;
for (const f of process.argv.slice(2)) {
  try {
    new (require("vm").Script)(require("fs").readFileSync(f, "utf8"), { filename: f });
  } catch (e) {
    bad++;
    console.log(f + ": " + e.message);
  }
}
process.exit(bad ? 1 : 0);
