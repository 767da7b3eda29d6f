// Package formula lets users type their own constrained problems: a small,
// safe expression language for f, g and h, compiled once per dimension
// into closures, and a JSON problem definition (Parse) that becomes a
// problem.Problem at any dimension (Definition.Compile).
//
// # The language
//
//	expr    = term { ("+" | "-") term } .
//	term    = unary { ("*" | "/") unary } .
//	unary   = ("-" | "+") unary | power .
//	power   = primary [ "^" unary ] .
//	primary = number | "pi" | "e" | "D" | xvar | "x" "[" int "]" | index
//	        | func "(" expr { "," expr } ")"
//	        | ("sum" | "prod") "(" name "," int "," int "," expr ")"
//	        | "(" expr ")" .
//	int     = expr .   (integers, D and indices with + - * / floor ceil only)
//	number  = digits [ "." digits ] [ ("e" | "E") [ "+" | "-" ] digits ] | "." digits .
//	xvar    = "x" digits .   (x1 … xD)
//	func    = "sin" | "cos" | "tan" | "asin" | "acos" | "atan" | "exp" | "log"
//	        | "sqrt" | "abs" | "floor" | "ceil" | "min" | "max" .
//
// ^ is right-associative (2^3^2 = 2^9) and binds tighter than unary minus
// (-x1^2 = -(x1^2)); its exponent may carry a sign (2^-1). min and max take
// two or more arguments, the other functions one. D is the dimension the
// formula is compiled for. sum(i, lo, hi, body) is body summed over the
// integers i = lo … hi (0 when hi < lo), prod the product (1 when empty);
// the index may have any name that is not a variable, constant or
// function, and is visible in the body (as a number, and in the indices of
// x and the bounds of inner sums). Whitespace is free.
//
// # Named values
//
// A Definition may name intermediate values in its let list (Parse), each
// "name = expr" reading x, D and the names before it; f, g and h read them
// as numbers. Problem.Evaluate computes each once per evaluation, in order,
// into the evaluation's state, so a name gives exactly the bits of its
// formula written out. A named value is never folded into a constant and
// is not an integer expression (not an index of x, not a bound of a sum).
//
// # Indices
//
// x[k] is the k-th coordinate, 1-based; k and the bounds of sums are
// integer expressions (a/b must divide exactly; floor(a/b) and ceil(a/b)
// round). Compile runs every loop once at the given D without
// evaluating anything and checks every index it meets, so an index outside
// 1 … D is always an error at compile time, naming the column and the
// values of the indices (x[i+1] in sum(i, 1, D, …) fails at i = D), never
// a NaN at evaluation.
//
// # Values
//
// Evaluation never panics: NaN and ±Inf are values (log(-1) is NaN, 1/0 is
// +Inf). a^b is a·a exactly when b = 2, math.Pow for another integer b
// (plain multiplication), else exp(b·log a). exp and log are fmath.Exp and
// fmath.Log (amd64's assembly math.Exp differs in the last bit from the
// pure Go of WebAssembly, and its math.Log for subnormal arguments), min
// and max are fmath.Min and fmath.Max (NaN if either argument is NaN); the
// other functions are those of package math, pure Go or exact on both. Every product is rounded explicitly, so no compiler may
// fuse a product and a sum into an FMA. A formula thus gives the same bits
// natively and under GOOS=js GOARCH=wasm; the golden test checks it.
//
// Subexpressions that read neither x nor an index are evaluated once at
// compile time (with the same closures, so the same bits).
//
// # Limits
//
// A formula has at most MaxSource bytes and MaxDepth levels of nesting,
// and one evaluation at the compiled dimension at most MaxOps operations
// (each node counts once per evaluation, so a sum counts its trip count
// times the size of its body). Errors are one line:
//
//	formula: column 10: expected ')' after the arguments of max, found end of input
//
// # Cost
//
// Compile is linear in the source plus one dry run of the loops (at most
// about MaxOps steps). Eval costs about Ops() operations and allocates
// nothing (each evaluation borrows its index values and buffers from a
// one-slot cache, or a sync.Pool when evaluations overlap). A sum or prod
// whose body holds no loop runs a chunk of 64 indices at a time, one Go
// loop per node of the body, x[i+c] a view of x; other nodes are closures;
// (a ± b)², c·(a ± b)², c·(a − x[i+k]²)², a sum of a + b or of
// a + (c − x[i+k])², and Rosenbrock's sum m·(x[i+a] − x[i+b]²)² +
// (c − x[i+d])² are one loop each. In CPU time (go test -run SpeedRatio
// -ratio -v, natively and under GOOS=js GOARCH=wasm), the typed Rosenbrock
// function takes about 2.1 times the time of the hand-written Go at D = 10
// and 1.0 to 1.2 times at D = 100; a body of transcendental functions
// (cos, sin) 1.5 times natively and 2.5 times under WebAssembly at D = 10.
package formula
