package formula

import (
	"fmt"
	"strconv"
	"strings"
)

// Limits of a formula, so that any input, however hostile, is refused with
// a message instead of exhausting memory or time.
const (
	// MaxSource is the longest formula accepted, in bytes.
	MaxSource = 4096
	// MaxDepth is the deepest nesting of parentheses, calls, operators and
	// sums accepted.
	MaxDepth = 64
	// MaxOps is the most operations one evaluation of a formula may take at
	// the dimension it is compiled for: every node of the formula counts 1
	// each time it is evaluated, so a sum counts its trip count times the
	// size of its body.
	MaxOps = 1_000_000
	// MaxDim is the largest dimension a formula is compiled for.
	MaxDim = 1000
	// maxIndex bounds the value of an integer expression (an index or a
	// bound of a sum), far above any dimension, so that index arithmetic
	// never overflows.
	maxIndex = 1 << 40
)

// Error is a formula's error: Col is the 1-based column (in characters)
// of the source where it was found, or 0 when the error is about the whole
// formula (its length, its cost).
type Error struct {
	Col int
	Msg string
}

func (e *Error) Error() string {
	if e.Col > 0 {
		return fmt.Sprintf("formula: column %d: %s", e.Col, e.Msg)
	}
	return "formula: " + e.Msg
}

func errAt(col int, format string, args ...any) *Error {
	return &Error{Col: col, Msg: fmt.Sprintf(format, args...)}
}

// kind is the kind of an AST node.
type kind uint8

const (
	kNum  kind = iota // val
	kD                // the dimension
	kX                // x[a]: a is the index expression (1-based)
	kIdx              // an index variable: slot
	kNeg              // -a
	kAdd              // a + b
	kSub              // a - b
	kMul              // a * b
	kDiv              // a / b
	kPow              // a ^ b
	kCall             // fn(args…)
	kSum              // sum(slot, lo, hi, body)
	kProd             // prod(slot, lo, hi, body)
	kLet              // a named value of a definition's let list: slot, name
)

// node is a node of the syntax tree.
type node struct {
	kind kind
	col  int     // 1-based column of the node's first byte
	val  float64 // kNum
	slot int     // kIdx, kSum, kProd: the index variable's slot (its depth of loops); kLet: the value's place in the let list
	fn   string  // kCall
	name string  // kIdx, kSum, kProd: the index's name; kLet: the value's name
	args []*node // operands; kSum/kProd: lo, hi, body
}

// functions are the names of the functions and their arity (-1: two or more).
var functions = map[string]int{
	"sin": 1, "cos": 1, "tan": 1, "asin": 1, "acos": 1, "atan": 1,
	"exp": 1, "log": 1, "sqrt": 1, "abs": 1, "floor": 1, "ceil": 1,
	"min": -1, "max": -1,
}

// reserved reports whether name cannot be an index: a constant, a function,
// sum, prod, D or a variable.
func reserved(name string) bool {
	switch name {
	case "pi", "e", "D", "x", "sum", "prod":
		return true
	}
	if _, ok := functions[name]; ok {
		return true
	}
	_, ok := xVar(name)
	return ok
}

// xVar parses "x12" into 12.
func xVar(name string) (int, bool) {
	if len(name) < 2 || name[0] != 'x' {
		return 0, false
	}
	for i := 1; i < len(name); i++ {
		if name[i] < '0' || name[i] > '9' {
			return 0, false
		}
	}
	if name[1] == '0' {
		return 0, false
	}
	n, err := strconv.Atoi(name[1:])
	if err != nil || n > maxIndex {
		return maxIndex, true
	}
	return n, true
}

// token kinds
const (
	tEOF = iota
	tNum
	tIdent
	tOp // one of + - * / ^ ( ) , [ ]
)

type token struct {
	typ  int
	col  int
	text string
	num  float64
}

func (t token) describe() string {
	switch t.typ {
	case tEOF:
		return "end of input"
	case tNum:
		return "number " + t.text
	case tIdent:
		return "name " + t.text
	}
	return "'" + t.text + "'"
}

// parser is a recursive-descent parser over a token stream.
type parser struct {
	src    string
	pos    int // byte offset of the next token
	tok    token
	depth  int
	scopes []string       // index names of the enclosing sums, outermost first
	lets   map[string]int // the named values the formula may read (Definition.Let), by place
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }

// next reads the next token into p.tok.
func (p *parser) next() error {
	s := p.src
	for p.pos < len(s) && (s[p.pos] == ' ' || s[p.pos] == '\t' || s[p.pos] == '\n' || s[p.pos] == '\r') {
		p.pos++
	}
	col := p.pos + 1
	if p.pos >= len(s) {
		p.tok = token{typ: tEOF, col: col}
		return nil
	}
	c := s[p.pos]
	switch {
	case isDigit(c) || c == '.':
		start := p.pos
		for p.pos < len(s) && isDigit(s[p.pos]) {
			p.pos++
		}
		if p.pos < len(s) && s[p.pos] == '.' {
			p.pos++
			for p.pos < len(s) && isDigit(s[p.pos]) {
				p.pos++
			}
		}
		if p.pos < len(s) && (s[p.pos] == 'e' || s[p.pos] == 'E') {
			q := p.pos + 1
			if q < len(s) && (s[q] == '+' || s[q] == '-') {
				q++
			}
			if q < len(s) && isDigit(s[q]) {
				for q < len(s) && isDigit(s[q]) {
					q++
				}
				p.pos = q
			}
		}
		text := s[start:p.pos]
		if text == "." {
			return errAt(col, "expected a number, found '.'")
		}
		v, err := strconv.ParseFloat(text, 64)
		if err != nil {
			// only a range error is possible: 1e999
			return errAt(col, "number %s is out of the range of float64", text)
		}
		p.tok = token{typ: tNum, col: col, text: text, num: v}
	case isLetter(c):
		start := p.pos
		for p.pos < len(s) && (isLetter(s[p.pos]) || isDigit(s[p.pos])) {
			p.pos++
		}
		p.tok = token{typ: tIdent, col: col, text: s[start:p.pos]}
	case strings.IndexByte("+-*/^(),[]", c) >= 0:
		p.pos++
		p.tok = token{typ: tOp, col: col, text: s[p.pos-1 : p.pos]}
	default:
		r := []rune(s[p.pos:min(len(s), p.pos+4)])
		return errAt(col, "unexpected character %q", r[0])
	}
	return nil
}

func (p *parser) is(op string) bool { return p.tok.typ == tOp && p.tok.text == op }

// expect consumes op or fails with "expected op what, found …".
func (p *parser) expect(op, what string) error {
	if !p.is(op) {
		return errAt(p.tok.col, "expected '%s' %s, found %s", op, what, p.tok.describe())
	}
	return p.next()
}

func (p *parser) enter() error {
	p.depth++
	if p.depth > MaxDepth {
		return errAt(p.tok.col, "nesting of %d levels, deeper than the limit of %d", p.depth, MaxDepth)
	}
	return nil
}

func (p *parser) leave() { p.depth-- }

// parseExpr parses a whole formula.
func parseExpr(src string) (*node, error) { return parseExprLets(src, nil) }

// parseExprLets parses a whole formula that may read the named values lets
// (name → place in the let list).
func parseExprLets(src string, lets map[string]int) (*node, error) {
	if len(src) > MaxSource {
		return nil, &Error{Msg: fmt.Sprintf("%d bytes, longer than the limit of %d bytes", len(src), MaxSource)}
	}
	p := &parser{src: src, lets: lets}
	if err := p.next(); err != nil {
		return nil, err
	}
	if p.tok.typ == tEOF {
		return nil, errAt(p.tok.col, "expected an expression, found end of input")
	}
	n, err := p.expr()
	if err != nil {
		return nil, err
	}
	if p.tok.typ != tEOF {
		return nil, errAt(p.tok.col, "expected an operator or end of input, found %s", p.tok.describe())
	}
	return n, nil
}

// expr = term { ("+" | "-") term } .
func (p *parser) expr() (*node, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	a, err := p.term()
	if err != nil {
		return nil, err
	}
	for p.is("+") || p.is("-") {
		k, col := kAdd, p.tok.col
		if p.tok.text == "-" {
			k = kSub
		}
		if err := p.next(); err != nil {
			return nil, err
		}
		b, err := p.term()
		if err != nil {
			return nil, err
		}
		a = &node{kind: k, col: col, args: []*node{a, b}}
	}
	return a, nil
}

// term = unary { ("*" | "/") unary } .
func (p *parser) term() (*node, error) {
	a, err := p.unary()
	if err != nil {
		return nil, err
	}
	for p.is("*") || p.is("/") {
		k, col := kMul, p.tok.col
		if p.tok.text == "/" {
			k = kDiv
		}
		if err := p.next(); err != nil {
			return nil, err
		}
		b, err := p.unary()
		if err != nil {
			return nil, err
		}
		a = &node{kind: k, col: col, args: []*node{a, b}}
	}
	return a, nil
}

// unary = ("-" | "+") unary | power .
func (p *parser) unary() (*node, error) {
	if p.is("-") || p.is("+") {
		if err := p.enter(); err != nil {
			return nil, err
		}
		defer p.leave()
		neg, col := p.tok.text == "-", p.tok.col
		if err := p.next(); err != nil {
			return nil, err
		}
		a, err := p.unary()
		if err != nil {
			return nil, err
		}
		if !neg {
			return a, nil
		}
		return &node{kind: kNeg, col: col, args: []*node{a}}, nil
	}
	return p.power()
}

// power = primary [ "^" unary ] .
func (p *parser) power() (*node, error) {
	a, err := p.primary()
	if err != nil {
		return nil, err
	}
	if !p.is("^") {
		return a, nil
	}
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	col := p.tok.col
	if err := p.next(); err != nil {
		return nil, err
	}
	b, err := p.unary()
	if err != nil {
		return nil, err
	}
	return &node{kind: kPow, col: col, args: []*node{a, b}}, nil
}

// primary = number | name | "x" "[" expr "]" | call | "(" expr ")" .
func (p *parser) primary() (*node, error) {
	t := p.tok
	switch {
	case t.typ == tNum:
		return &node{kind: kNum, col: t.col, val: t.num}, p.next()
	case p.is("("):
		if err := p.next(); err != nil {
			return nil, err
		}
		a, err := p.expr()
		if err != nil {
			return nil, err
		}
		return a, p.expect(")", "to close the '(' of column "+strconv.Itoa(t.col))
	case t.typ == tIdent:
		return p.name(t)
	case t.typ == tEOF:
		return nil, errAt(t.col, "expected an operand, found end of input")
	}
	return nil, errAt(t.col, "expected an operand, found %s", t.describe())
}

// name parses what starts with the identifier t.
func (p *parser) name(t token) (*node, error) {
	if err := p.next(); err != nil {
		return nil, err
	}
	switch t.text {
	case "pi":
		return &node{kind: kNum, col: t.col, val: 3.141592653589793}, nil
	case "e":
		return &node{kind: kNum, col: t.col, val: 2.718281828459045}, nil
	case "D":
		return &node{kind: kD, col: t.col}, nil
	case "x":
		if err := p.enter(); err != nil {
			return nil, err
		}
		defer p.leave()
		if err := p.expect("[", "after x (variables are x1, x2, … or x[index])"); err != nil {
			return nil, err
		}
		i, err := p.expr()
		if err != nil {
			return nil, err
		}
		if err := p.expect("]", "after the index of x"); err != nil {
			return nil, err
		}
		return &node{kind: kX, col: t.col, args: []*node{i}}, nil
	case "sum", "prod":
		return p.loop(t)
	}
	if k, ok := xVar(t.text); ok {
		return &node{kind: kX, col: t.col, args: []*node{{kind: kNum, col: t.col + 1, val: float64(k)}}}, nil
	}
	if arity, ok := functions[t.text]; ok {
		return p.call(t, arity)
	}
	for i := len(p.scopes) - 1; i >= 0; i-- {
		if p.scopes[i] == t.text {
			return &node{kind: kIdx, col: t.col, slot: i, name: t.text}, nil
		}
	}
	if i, ok := p.lets[t.text]; ok {
		return &node{kind: kLet, col: t.col, slot: i, name: t.text}, nil
	}
	if p.is("(") {
		return nil, errAt(t.col, "unknown function %s (functions: sin cos tan asin acos atan exp log sqrt abs min max floor ceil sum prod)", t.text)
	}
	if p.lets != nil {
		return nil, errAt(t.col, "unknown name %s (variables are x1 … xD or x[index], constants pi, e and D, the index of an enclosing sum or prod, or a value named earlier in \"let\")", t.text)
	}
	return nil, errAt(t.col, "unknown name %s (variables are x1 … xD or x[index], constants pi, e and D, or the index of an enclosing sum or prod)", t.text)
}

// call = fn "(" expr { "," expr } ")" .
func (p *parser) call(t token, arity int) (*node, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	if err := p.expect("(", "after "+t.text); err != nil {
		return nil, err
	}
	n := &node{kind: kCall, col: t.col, fn: t.text}
	for {
		a, err := p.expr()
		if err != nil {
			return nil, err
		}
		n.args = append(n.args, a)
		if !p.is(",") {
			break
		}
		if arity == 1 {
			return nil, errAt(p.tok.col, "expected ')' after the argument of %s (it takes one), found ','", t.text)
		}
		if err := p.next(); err != nil {
			return nil, err
		}
	}
	if arity == -1 && len(n.args) < 2 {
		return nil, errAt(p.tok.col, "expected ',' and a second argument of %s, found %s", t.text, p.tok.describe())
	}
	what := "after the arguments of " + t.text
	if arity == 1 {
		what = "after the argument of " + t.text
	}
	return n, p.expect(")", what)
}

// loop = ("sum" | "prod") "(" name "," expr "," expr "," expr ")" .
func (p *parser) loop(t token) (*node, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	if err := p.expect("(", "after "+t.text); err != nil {
		return nil, err
	}
	if p.tok.typ != tIdent {
		return nil, errAt(p.tok.col, "expected the name of the index of %s, found %s", t.text, p.tok.describe())
	}
	name, ncol := p.tok.text, p.tok.col
	if reserved(name) {
		return nil, errAt(ncol, "%s cannot name the index of %s: it is a variable, constant or function", name, t.text)
	}
	for _, s := range p.scopes {
		if s == name {
			return nil, errAt(ncol, "index %s is already the index of an enclosing sum or prod", name)
		}
	}
	if _, ok := p.lets[name]; ok {
		return nil, errAt(ncol, "%s cannot name the index of %s: it is a named value of the let list", name, t.text)
	}
	if err := p.next(); err != nil {
		return nil, err
	}
	if err := p.expect(",", "after the index of "+t.text); err != nil {
		return nil, err
	}
	lo, err := p.expr()
	if err != nil {
		return nil, err
	}
	if err := p.expect(",", "after the lower bound of "+t.text); err != nil {
		return nil, err
	}
	hi, err := p.expr()
	if err != nil {
		return nil, err
	}
	if err := p.expect(",", "after the upper bound of "+t.text); err != nil {
		return nil, err
	}
	p.scopes = append(p.scopes, name)
	body, err := p.expr()
	p.scopes = p.scopes[:len(p.scopes)-1]
	if err != nil {
		return nil, err
	}
	k := kSum
	if t.text == "prod" {
		k = kProd
	}
	n := &node{kind: k, col: t.col, name: name, slot: len(p.scopes), args: []*node{lo, hi, body}}
	return n, p.expect(")", "after the body of "+t.text)
}
