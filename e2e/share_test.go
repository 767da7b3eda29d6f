package e2e

import (
	"strings"
	"testing"
	"time"
)

// TestCopySnippets: "Copy link" and "Copy iframe snippet" give the page's
// own address (and the iframe the same with embed=1, titled), in the
// playground and in compare mode alike (site/share.js): the box shows the
// text whether or not the clipboard takes it.
func TestCopySnippets(t *testing.T) {
	h := setup(t)
	for _, tc := range []struct{ hash, title string }{
		{"seed=3&algo=cmode", "pcaplay: PCA-projection playground"},
		{"compare=2&seed=3", "pcaplay: PCA-projection compared"},
	} {
		tb := h.newTab(t)
		tb.open(tc.hash)
		type snip struct {
			Link, Iframe, Href string
		}
		s := eval[snip](tb, 30*time.Second, jsExpr("copy-snippets"))
		if s.Link != s.Href || !strings.Contains(s.Href, "seed=3") {
			t.Errorf("%s: the link is %q, the page is at %q", tc.hash, s.Link, s.Href)
		}
		if !strings.HasPrefix(s.Iframe, `<iframe src="`+strings.ReplaceAll(strings.Split(s.Href, "#")[0], `"`, "&quot;")+"#") ||
			!strings.Contains(s.Iframe, "embed=1") || !strings.Contains(s.Iframe, `title="`+tc.title+`"`) {
			t.Errorf("%s: the iframe snippet is %q", tc.hash, s.Iframe)
		}
	}
}
