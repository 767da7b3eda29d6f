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
	{"axes", "principal axes", "Principal axes: the mean x̄ (◆) and the eigenvectors v₁, v₂, … of the covariance of the k selected points, each drawn as an arrow of length σ, the standard deviation of those points along it (σ², the variance along it, is its eigenvalue). Kept axes are solid, dropped ones dashed."},
	{"project", "project", "Project: y = Vᵀ(x − x̄), the coordinates of every input on the m kept axes (dotted drops)."},
	{"reconstruct", "reconstruct", "Reconstruct: x′ = x̄ + V y, back in the search space (arrows from x to x′)."},
	{"evaluate", "evaluate", "Evaluate: each member of Q gets a PCA child with probability pcaprob, the others a DE child. The PCA children (repaired into the box when x′ left it) are evaluated: ● feasible, × infeasible; faint rings are reconstructions no child used."},
	{"replace", "replace", "Replace: the PCA children the selection accepted are ringed in blue; the others are discarded."},
}

// SymbolHelp is a letter the page shows, with what it stands for: the
// page's tooltip on it.
type SymbolHelp struct {
	Key  string `json:"key"`
	Text string `json:"text"`
}

// Symbols are the letters the page's captions and counters use (g, h, v
// of the problem and the run; k, m, n of PCA-projection), each with its
// meaning. The operator's m is the number of axes kept; the mean is x̄.
var Symbols = []SymbolHelp{
	{"g", "g: the inequality constraints g_i(x) ≤ 0 (the landscape draws g_i = 0 as solid lines)"},
	{"h", "h: the equality constraints h_j(x) = 0, met within δ = 1e-4 (dashed lines)"},
	{"v", "v: the constraint violation of the best point, Σ max(0, g_i) + Σ max(0, |h_j| − δ) (eq. 3–5); 0 means feasible"},
	{"k", "k: how many of the best inputs the principal axes come from (the parameter pcak)"},
	{"m", "m: how many principal axes PCA-projection keeps (the parameter pcam)"},
	{"n", "n: the dimension D of the search space"},
}
