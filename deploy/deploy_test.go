// Package deploy holds the files that run cec on batch engines: a
// container build (container/), a Kubernetes Indexed Job with its volume
// and merge step (k8s/) and a Slurm job array (slurm/). Its tests decode
// the manifests with the Kubernetes API types, run the Job's and the
// array's commands as the engines would start them (on a smaller grid) and
// check that the merged shards are the unsharded run.
package deploy

import (
	"bytes"
	"debug/elf"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"
)

// decode reads a manifest into v, refusing fields that the API type does
// not have.
func decode(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.UnmarshalStrict(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// env returns the value of the container's variable name ("" if absent).
func env(c corev1.Container, name string) string {
	for _, e := range c.Env {
		if e.Name == name {
			return e.Value
		}
	}
	return ""
}

// expand replaces $(NAME) in s as the kubelet does for container args.
func expand(s string, vars map[string]string) string {
	return regexp.MustCompile(`\$\(([A-Za-z_][A-Za-z0-9_]*)\)`).ReplaceAllStringFunc(s, func(m string) string {
		if v, ok := vars[m[2:len(m)-1]]; ok {
			return v
		}
		return m
	})
}

// flagValue returns the value after flag in args.
func flagValue(t *testing.T, args []string, flag string) string {
	t.Helper()
	i := slices.Index(args, flag)
	if i < 0 || i+1 >= len(args) {
		t.Fatalf("args %q lack %s VALUE", args, flag)
	}
	return args[i+1]
}

// setFlag returns args with flag's value replaced (or flag added).
func setFlag(args []string, flag, value string) []string {
	out := slices.Clone(args)
	if i := slices.Index(out, flag); i >= 0 {
		out[i+1] = value
		return out
	}
	return append(out, flag, value)
}

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// cecBinary builds cmd/cec as the Dockerfile does (static, trimmed).
func cecBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "cec-deploy-test")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "cec")
		cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", binPath, "../cmd/cec")
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		if b, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, b)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

// run runs the cec binary with args in dir and environment vars only.
func run(t *testing.T, dir string, vars []string, args ...string) string {
	t.Helper()
	cmd := exec.Command(cecBinary(t), args...)
	cmd.Dir, cmd.Env = dir, vars
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("cec %q: %v: %s", args, err, errb.String())
	}
	return out.String()
}

// TestKubernetesJob decodes the manifests, checks the fields the sharding
// depends on, then starts every index of the Job as the Job controller
// would (its args, $(VAR)s expanded, JOB_COMPLETION_INDEX set) on a grid
// cut to one problem and a small budget, runs the merge Job's args, and
// compares the table with the unsharded run's.
func TestKubernetesJob(t *testing.T) {
	var pvc corev1.PersistentVolumeClaim
	var job, merge batchv1.Job
	decode(t, "k8s/pvc.yaml", &pvc)
	decode(t, "k8s/job.yaml", &job)
	decode(t, "k8s/merge-job.yaml", &merge)

	if pvc.Kind != "PersistentVolumeClaim" || !slices.Contains(pvc.Spec.AccessModes, corev1.ReadWriteMany) {
		t.Errorf("pvc: kind %q, access modes %v; want a ReadWriteMany claim", pvc.Kind, pvc.Spec.AccessModes)
	}
	s := job.Spec
	if job.Kind != "Job" || job.APIVersion != "batch/v1" || s.CompletionMode == nil || *s.CompletionMode != batchv1.IndexedCompletion {
		t.Fatalf("job: %s %s, completionMode %v; want an Indexed batch/v1 Job", job.APIVersion, job.Kind, s.CompletionMode)
	}
	if s.Completions == nil || s.Parallelism == nil || *s.Parallelism < 1 || *s.Parallelism > *s.Completions {
		t.Fatalf("job: completions %v, parallelism %v", s.Completions, s.Parallelism)
	}
	if s.BackoffLimitPerIndex == nil || *s.BackoffLimitPerIndex < 1 {
		t.Error("job: no backoffLimitPerIndex: a lost pod would not be replaced for its index")
	}
	if s.PodReplacementPolicy == nil || *s.PodReplacementPolicy != batchv1.Failed {
		t.Error("job: podReplacementPolicy is not Failed: a replacement could run beside a terminating pod")
	}
	pod := s.Template.Spec
	if pod.RestartPolicy != corev1.RestartPolicyNever || len(pod.Containers) != 1 {
		t.Fatalf("job: restartPolicy %q, %d containers", pod.RestartPolicy, len(pod.Containers))
	}
	c := pod.Containers[0]
	n, err := strconv.Atoi(env(c, "CEC_SHARDS"))
	if err != nil || int32(n) != *s.Completions {
		t.Fatalf("job: CEC_SHARDS %q, completions %d: they must be equal", env(c, "CEC_SHARDS"), *s.Completions)
	}
	if len(pod.Volumes) != 1 || pod.Volumes[0].PersistentVolumeClaim == nil || pod.Volumes[0].PersistentVolumeClaim.ClaimName != pvc.Name ||
		len(c.VolumeMounts) != 1 || c.VolumeMounts[0].Name != pod.Volumes[0].Name {
		t.Fatalf("job: the volume is not the claim %q mounted in the container", pvc.Name)
	}
	mount := c.VolumeMounts[0].MountPath
	if sc := pod.SecurityContext; sc == nil || sc.FSGroup == nil || sc.RunAsUser == nil || *sc.RunAsUser != 65532 {
		t.Error("job: the pod must run as the image's user 65532 with an fsGroup, to write the volume")
	}
	if cpu := c.Resources.Requests.Cpu().Value(); strconv.FormatInt(cpu, 10) != flagValue(t, c.Args, "-workers") {
		t.Errorf("job: -workers %s, CPU request %d", flagValue(t, c.Args, "-workers"), cpu)
	}
	if c.Args[0] != "run" || flagValue(t, c.Args, "-shard") != "auto" || !slices.Contains(c.Args, "-resume") {
		t.Errorf("job: args %q: want run … -shard auto … -resume", c.Args)
	}
	if o := flagValue(t, c.Args, "-o"); !strings.HasPrefix(o, mount+"/") || !strings.Contains(o, "$(JOB_COMPLETION_INDEX)") {
		t.Errorf("job: -o %s: want a file per index on the volume %s", o, mount)
	}
	mc := merge.Spec.Template.Spec.Containers[0]
	if merge.Spec.Template.Spec.Volumes[0].PersistentVolumeClaim.ClaimName != pvc.Name || mc.VolumeMounts[0].MountPath != mount {
		t.Error("merge job: not the same volume at the same path")
	}
	if env(mc, "CEC_DIM") != env(c, "CEC_DIM") || mc.Image != c.Image {
		t.Errorf("merge job: CEC_DIM %q and image %q, job: %q and %q", env(mc, "CEC_DIM"), mc.Image, env(c, "CEC_DIM"), c.Image)
	}

	// Start the Job's pods, with /out a temporary directory and the grid
	// cut down: one problem and 1000 evaluations instead of 28 problems and
	// 20000·D, the other flags as they are.
	out := t.TempDir()
	args := setFlag(setFlag(c.Args, "-problem", "C01"), "-fes", "1000")
	jobVars := map[string]string{}
	for _, e := range c.Env {
		if e.ValueFrom == nil {
			jobVars[e.Name] = e.Value
		}
	}
	var wg sync.WaitGroup
	sem := make(chan bool, 4)
	for i := range n {
		vars := map[string]string{"JOB_COMPLETION_INDEX": strconv.Itoa(i)}
		for k, v := range jobVars {
			vars[k] = v
		}
		podArgs := make([]string, len(args))
		for k, a := range args {
			podArgs[k] = strings.Replace(expand(a, vars), mount, out, 1)
		}
		var envList []string
		for k, v := range vars {
			envList = append(envList, k+"="+v)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- true
			defer func() { <-sem }()
			run(t, "/", envList, podArgs...)
		}()
	}
	wg.Wait()
	mergeArgs := make([]string, len(mc.Args))
	for k, a := range mc.Args {
		mergeArgs[k] = strings.Replace(expand(a, jobVars), mount, out, 1)
	}
	run(t, "/", nil, mergeArgs...)
	merged := flagValue(t, mergeArgs, "-o")
	got := run(t, "/", nil, "table", merged)
	unsharded := []string{}
	for k := 0; k < len(args); k++ {
		switch args[k] {
		case "-shard", "-o":
			k++
		case "-resume":
		default:
			unsharded = append(unsharded, expand(args[k], jobVars))
		}
	}
	if want := run(t, "/", nil, unsharded...); got != want {
		t.Fatalf("the merged shards of the Job give\n%s\nthe unsharded run\n%s", got, want)
	}
}

// TestSlurmArray runs deploy/slurm/reproduce.sbatch with bash once per
// task of its array, with the variables Slurm sets, on a grid cut to one
// problem and a small budget; merges; compares with the unsharded run; then
// makes one shard again as sbatch --array=7 would, after cutting its file.
func TestSlurmArray(t *testing.T) {
	script, err := filepath.Abs("slurm/reproduce.sbatch")
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(script)
	if err != nil {
		t.Fatal(err)
	}
	arr := regexp.MustCompile(`(?m)^#SBATCH --array=1-(\d+)$`).FindSubmatch(b)
	def := regexp.MustCompile(`(?m)^export CEC_SHARDS=\$\{CEC_SHARDS:-(\d+)\}`).FindSubmatch(b)
	if arr == nil || def == nil || string(arr[1]) != string(def[1]) {
		t.Fatalf("the script's --array=1-N and CEC_SHARDS default differ or are missing (%q, %q)", arr, def)
	}
	n, _ := strconv.Atoi(string(arr[1]))
	dir := t.TempDir()
	base := []string{"PATH=" + os.Getenv("PATH"), "CEC=" + cecBinary(t), "D=10", "PROBLEMS=C01", "FES=1000"}
	task := func(id, lo, hi int) {
		vars := append(slices.Clone(base),
			"SLURM_JOB_ID="+strconv.Itoa(5000+id), "SLURM_ARRAY_JOB_ID=5000", "SLURM_ARRAY_TASK_ID="+strconv.Itoa(id),
			"SLURM_ARRAY_TASK_MIN="+strconv.Itoa(lo), "SLURM_ARRAY_TASK_MAX="+strconv.Itoa(hi),
			"SLURM_ARRAY_TASK_STEP=1", "SLURM_ARRAY_TASK_COUNT="+strconv.Itoa(hi-lo+1), "SLURM_CPUS_PER_TASK=1")
		cmd := exec.Command("bash", script)
		cmd.Dir, cmd.Env = dir, vars
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("task %d: %v: %s", id, err, out)
		}
	}
	var wg sync.WaitGroup
	sem := make(chan bool, 4)
	for id := 1; id <= n; id++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- true
			defer func() { <-sem }()
			task(id, 1, n)
		}()
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	merged := filepath.Join(dir, "runs-10D.jsonl")
	run(t, dir, nil, "merge", "runs-10D/shard-*.jsonl", "-o", merged)
	want := run(t, dir, nil, "run", "-algo", "cmode,pmode,heco-de,heco-pde", "-problem", "C01", "-dim", "10", "-runs", "25", "-seed", "1", "-fes", "1000", "-quiet")
	if got := run(t, dir, nil, "table", merged); got != want {
		t.Fatalf("the merged tasks give\n%s\nthe unsharded run\n%s", got, want)
	}
	// sbatch --array=7: shard 7 again, its file cut to its first line.
	f7 := filepath.Join(dir, "runs-10D", "shard-7.jsonl")
	b7, _ := os.ReadFile(f7)
	os.WriteFile(f7, b7[:bytes.IndexByte(b7, '\n')+1], 0o644)
	task(7, 7, 7)
	if again, _ := os.ReadFile(f7); !bytes.Equal(sortLines(again), sortLines(b7)) {
		t.Error("task 7 made again does not give the same shard")
	}
}

func sortLines(b []byte) []byte {
	l := bytes.SplitAfter(b, []byte("\n"))
	slices.SortFunc(l, bytes.Compare)
	return bytes.Join(l, nil)
}

// TestContainerBuild: the Dockerfile builds cmd/cec without cgo into an
// empty image as the Job's user, and that binary is static and works with
// nothing around it: no environment, an empty directory, the embedded data.
func TestContainerBuild(t *testing.T) {
	b, err := os.ReadFile("container/Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	df := string(b)
	for _, want := range []string{"CGO_ENABLED=0 go build", "./cmd/cec", "FROM scratch", "USER 65532:65532", `ENTRYPOINT ["/cec"]`} {
		if !strings.Contains(df, want) {
			t.Errorf("Dockerfile lacks %q", want)
		}
	}
	bin := cecBinary(t)
	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			t.Error("cec is dynamically linked (it has an ELF interpreter)")
		}
	}
	if libs, _ := f.ImportedLibraries(); len(libs) > 0 {
		t.Errorf("cec needs shared libraries %v", libs)
	}
	out := run(t, t.TempDir(), nil, "run", "-algo", "random", "-problem", "C05", "-dim", "100", "-runs", "1", "-fes", "300", "-json", "-quiet")
	if !strings.Contains(out, `"data":"official"`) {
		t.Errorf("cec alone in an empty directory did not run on the official data: %.200s", out)
	}
}
