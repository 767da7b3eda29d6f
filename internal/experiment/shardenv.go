package experiment

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Environment variables read by ShardFromEnv.
const (
	// EnvShards is the shard count, set by the job's manifest or script.
	EnvShards = "CEC_SHARDS"
	// EnvK8sIndex is set by Kubernetes in every pod of an Indexed Job:
	// the pod's completion index, 0 … completions−1.
	EnvK8sIndex = "JOB_COMPLETION_INDEX"
	// Slurm sets these in every task of a job array (sbatch --array).
	EnvSlurmID    = "SLURM_ARRAY_TASK_ID"
	EnvSlurmCount = "SLURM_ARRAY_TASK_COUNT"
	EnvSlurmMin   = "SLURM_ARRAY_TASK_MIN"
	EnvSlurmMax   = "SLURM_ARRAY_TASK_MAX"
	EnvSlurmStep  = "SLURM_ARRAY_TASK_STEP"
)

// MaxEnvIndex bounds the numbers ShardFromEnv reads (Slurm's largest array
// index is 4,000,000), so that no sum or difference of them overflows.
const MaxEnvIndex = 1 << 30

// cutValue cuts a value for a message: its first 40 bytes (at a rune
// boundary) and how long it is.
func cutValue(v string) string {
	const most = 40
	if len(v) <= most {
		return v
	}
	i := most
	for i > 0 && !utf8.RuneStart(v[i]) {
		i--
	}
	return fmt.Sprintf("%s… (%d bytes)", v[:i], len(v))
}

// ShardFromEnv returns the shard of this process (cec run -shard auto)
// from the variables a batch engine sets, read with getenv (os.Getenv),
// and a note naming the variables it used.
//
// Kubernetes Indexed Job: shard JOB_COMPLETION_INDEX + 1 of CEC_SHARDS,
// which the manifest must set to spec.completions (the pods do not see
// it otherwise).
//
// Slurm job array: with CEC_SHARDS set, the array task ids are the shard
// numbers: task SLURM_ARRAY_TASK_ID is shard SLURM_ARRAY_TASK_ID of
// CEC_SHARDS (sbatch --array=1-N with CEC_SHARDS=N; sbatch --array=7 then
// makes shard 7 again). Without it the shard is the task's position in the
// array: (SLURM_ARRAY_TASK_ID − SLURM_ARRAY_TASK_MIN) / SLURM_ARRAY_TASK_STEP
// + 1 of SLURM_ARRAY_TASK_COUNT, so --array=0-9, 1-10 and 0-18:2 all give
// shards 1 … 10 of 10; an array that is not one evenly stepped range
// (--array=1,4,5) is an error.
//
// Variables of both engines, or of neither, are an error, and so is any
// value that is not a number in range; errors name the variable.
func ShardFromEnv(getenv func(string) string) (Shard, string, error) {
	k8s, slurm := getenv(EnvK8sIndex), getenv(EnvSlurmID)
	switch {
	case k8s != "" && slurm != "":
		return Shard{}, "", fmt.Errorf("-shard auto: both %s (Kubernetes) and %s (Slurm) are set; give -shard i/n", EnvK8sIndex, EnvSlurmID)
	case k8s == "" && slurm == "":
		return Shard{}, "", fmt.Errorf("-shard auto: neither %s (Kubernetes Indexed Job) nor %s (Slurm job array) is set; give -shard i/n", EnvK8sIndex, EnvSlurmID)
	}
	// A value must be the number as the engine writes it (digits, no sign,
	// blank or leading zero): the job script names its output file after the
	// raw value (deploy/slurm: shard-${SLURM_ARRAY_TASK_ID}.jsonl), which then
	// names the shard this reads.
	num := func(name string, lo int) (int, error) {
		v := getenv(name)
		n, err := strconv.Atoi(v)
		if err != nil || n < lo || n > MaxEnvIndex || strconv.Itoa(n) != v {
			if strings.TrimSpace(v) == "" {
				return 0, fmt.Errorf("-shard auto: %s is not set", name)
			}
			return 0, fmt.Errorf("-shard auto: %s=%q: want an integer in %d … %d, written plainly (digits only)", name, cutValue(v), lo, MaxEnvIndex)
		}
		return n, nil
	}
	if k8s != "" {
		i, err := num(EnvK8sIndex, 0)
		if err != nil {
			return Shard{}, "", err
		}
		n, err := num(EnvShards, 1)
		if err != nil {
			return Shard{}, "", fmt.Errorf("%v (the Job manifest sets it to spec.completions)", err)
		}
		if i >= n {
			return Shard{}, "", fmt.Errorf("-shard auto: %s=%d but %s=%d: the index must be below the shard count (spec.completions)", EnvK8sIndex, i, EnvShards, n)
		}
		return Shard{i + 1, n}, fmt.Sprintf("%s=%d, %s=%d", EnvK8sIndex, i, EnvShards, n), nil
	}
	id, err := num(EnvSlurmID, 0)
	if err != nil {
		return Shard{}, "", err
	}
	if getenv(EnvShards) != "" {
		n, err := num(EnvShards, 1)
		if err != nil {
			return Shard{}, "", err
		}
		if id < 1 || id > n {
			return Shard{}, "", fmt.Errorf("-shard auto: %s=%d with %s=%d: the array task ids must be the shard numbers 1…%d (sbatch --array=1-%d)", EnvSlurmID, id, EnvShards, n, n, n)
		}
		return Shard{id, n}, fmt.Sprintf("%s=%d, %s=%d", EnvSlurmID, id, EnvShards, n), nil
	}
	lo, err := num(EnvSlurmMin, 0)
	if err != nil {
		return Shard{}, "", err
	}
	hi, err := num(EnvSlurmMax, lo)
	if err != nil {
		return Shard{}, "", err
	}
	step := 1
	if getenv(EnvSlurmStep) != "" {
		if step, err = num(EnvSlurmStep, 1); err != nil {
			return Shard{}, "", err
		}
	}
	n := (hi-lo)/step + 1
	if getenv(EnvSlurmCount) != "" {
		c, err := num(EnvSlurmCount, 1)
		if err != nil {
			return Shard{}, "", err
		}
		if c != n || (hi-lo)%step != 0 {
			return Shard{}, "", fmt.Errorf("-shard auto: the array (%s=%d, %s=%d, %s=%d, %s=%d) is not one evenly stepped range; use sbatch --array=A-B[:S], or set %s and use the shard numbers as task ids",
				EnvSlurmCount, c, EnvSlurmMin, lo, EnvSlurmMax, hi, EnvSlurmStep, step, EnvShards)
		}
	}
	if id < lo || id > hi || (id-lo)%step != 0 {
		return Shard{}, "", fmt.Errorf("-shard auto: %s=%d is not in the array %d-%d:%d", EnvSlurmID, id, lo, hi, step)
	}
	return Shard{(id-lo)/step + 1, n}, fmt.Sprintf("%s=%d of %d-%d:%d", EnvSlurmID, id, lo, hi, step), nil
}
