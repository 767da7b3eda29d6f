package play

// Grid sizes and constants the page and the module share.
const (
	// LandscapeGrid is the nodes per side of the 2-D landscape's contour.
	LandscapeGrid = 160
	// PCGrid is the nodes per side of the PC view's contour slice.
	PCGrid = 64
	// MaxGrid is the most nodes per side of any sampled contour.
	MaxGrid = 1024
	// ContourLevels is the number of iso-lines of f.
	ContourLevels = 14
)

// Phase is one phase of PCA-projection as the operator view plays it.
type Phase struct {
	Key   string `json:"key"`
	Title string `json:"title"`
	Text  string `json:"text"`
}

// OperatorPhases are the phases of one PCA-projection (paper §3.2, and the
// PCA lines of PMODE §4.1 and HECO-PDE §4.2), in order.
var OperatorPhases = []Phase{
	{"select", "select the k best", "Select: the k best inputs by the feasibility rule (orange squares) define the basis."},
	{"axes", "principal axes", "Principal axes: the mean m (◆) and the eigenvectors of the covariance of the k selected points, drawn as arrows of length √λ. Kept axes are solid, dropped ones dashed."},
	{"project", "project", "Project: y = Vᵀ(x − m), the coordinates of every input on the m kept axes (dotted drops)."},
	{"reconstruct", "reconstruct", "Reconstruct: x′ = m + V y, back in the search space (arrows from x to x′)."},
	{"evaluate", "evaluate", "Evaluate: each member of Q gets a PCA child with probability pcaprob, the others a DE child. The PCA children (repaired into the box when x′ left it) are evaluated: ● feasible, × infeasible; faint rings are reconstructions no child used."},
	{"replace", "replace", "Replace: the PCA children the selection accepted are ringed in blue; the others are discarded."},
}
