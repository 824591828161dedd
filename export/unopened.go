package export

import (
	"context"
	"strings"

	"rummage/formats"
)

// planUnopened plans a file not opened yet, whose node path is npath: it
// opens the file, plans its root with plan as if the root were the node
// (a broken or unreadable file is then a failure, as a broken node is),
// and closes it again. What was planned becomes one job that opens the
// file when it runs (see Job.file), so an export of a folder of many
// files holds one file open per writer at a time.
func (p *Plan) planUnopened(u formats.Unopened, npath string, plan func(root formats.Node) error) error {
	f, _ := u.OpenFile() // a File in every case: a broken root says what is wrong
	defer f.Close()
	first := len(p.Jobs)
	if err := plan(f.Root); err != nil {
		return err
	}
	if len(p.Jobs) == first {
		return nil
	}
	jobs := append([]Job(nil), p.Jobs[first:]...)
	fj := Job{Node: u, Path: npath, As: jobs[0].As, file: u, jobs: jobs}
	for i := range jobs {
		j := &jobs[i]
		j.inFile = strings.TrimPrefix(strings.TrimPrefix(j.Path, npath), "/")
		j.Node, j.parent = nil, nil // found again in the file when it runs
		fj.Files = append(fj.Files, j.Files...)
	}
	p.Jobs = append(p.Jobs[:first], fj)
	return nil
}

// runFileJob opens the file of a job planned by planUnopened, writes its
// jobs and closes it; it returns the files written and the jobs that
// failed.
func (o *outDir) runFileJob(ctx context.Context, fj Job) (written []string, failed []Failure) {
	f, _ := fj.file.OpenFile()
	defer f.Close()
	for _, j := range fj.jobs {
		if ctx.Err() != nil {
			break
		}
		n, _, err := formats.ResolvePath(f.Root, j.inFile)
		if err == nil {
			j.Node = n
			var w []string
			w, err = o.runJob(ctx, j)
			written = append(written, w...)
		}
		if err != nil {
			failed = append(failed, Failure{j.Path, err})
		}
	}
	return written, failed
}
