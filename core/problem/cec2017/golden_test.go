package cec2017

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// TestEvaluateGolden pins every problem's f, g and h bit for bit at
// D = 2, 6, 10, 13, 30, 50 and 100 (generated data; points in the box, near
// the shift and far outside). The digests were computed before any speed
// work on the evaluation and must never change: a faster evaluation has to
// give the same bits, natively and under GOOS=js (make test-wasm).
func TestEvaluateGolden(t *testing.T) {
	got := map[string]string{}
	for num := 1; num <= NumProblems; num++ {
		for _, dim := range []int{2, 6, 10, 13, 30, 50, 100} {
			d := GenerateData(num, dim, 3)
			if d == nil {
				continue
			}
			p, err := New(num, dim, d)
			if err != nil {
				continue
			}
			lo, hi := p.Bounds()
			r := rand.New(rand.NewPCG(uint64(num), uint64(dim)))
			x := make([]float64, dim)
			g := make([]float64, p.NumIneq())
			h := make([]float64, p.NumEq())
			sum := uint64(14695981039346656037)
			word := func(w uint64) { sum ^= w; sum *= 1099511628211; sum ^= sum >> 29 }
			for i := range 60 {
				for j := range x {
					switch {
					case i%3 == 1: // near the shift (optimum region)
						x[j] = d.Shift[j] + 1e-3*r.NormFloat64()
					case i%3 == 2 && i%2 == 0: // outside the box
						x[j] = 3 * hi[j] * (2*r.Float64() - 1)
					default:
						x[j] = lo[j] + (hi[j]-lo[j])*r.Float64()
					}
				}
				word(math.Float64bits(p.Evaluate(x, g, h)))
				for _, v := range g {
					word(math.Float64bits(v))
				}
				for _, v := range h {
					word(math.Float64bits(v))
				}
			}
			got[fmt.Sprintf("C%02d/%d", num, dim)] = fmt.Sprintf("%016x", sum)
		}
	}
	for k, v := range got {
		if want, ok := goldenEval[k]; !ok || want != v {
			t.Errorf("%s: digest %s, want %q", k, v, want)
		}
	}
	if len(got) != len(goldenEval) {
		t.Errorf("%d digests, %d golden", len(got), len(goldenEval))
	}
}

var goldenEval = map[string]string{
	"C01/10":  "9fdfd70a0a4e0970",
	"C01/100": "9260b5bdc3f08df8",
	"C01/13":  "f615d4e67dc695f8",
	"C01/2":   "50f3443ff666f8cf",
	"C01/30":  "fd5750b85b879353",
	"C01/50":  "8369c353038ba725",
	"C01/6":   "27e5c6c3d9a448b6",
	"C02/10":  "2968435ec934622d",
	"C02/100": "5cc02e80e37da164",
	"C02/13":  "1b2a0d502888c56e",
	"C02/2":   "0339c21727b2f38f",
	"C02/30":  "4ff71872383a9312",
	"C02/50":  "67141cfa631c116d",
	"C02/6":   "75a975d84e58e841",
	"C03/10":  "c2d7994ceedc5848",
	"C03/100": "7e5ee43fb72dfad1",
	"C03/13":  "7cb2760ba1a1c965",
	"C03/2":   "013cbfd8c8c7862c",
	"C03/30":  "ba3ac673dfcf70e3",
	"C03/50":  "51944a9e925b6009",
	"C03/6":   "a54bcfd0d8900552",
	"C04/10":  "1a7429d3d7cde3e9",
	"C04/100": "ca4f82396e3542e7",
	"C04/13":  "652b8ae3fffc35b1",
	"C04/2":   "a0589d6c699f5c22",
	"C04/30":  "fd2dde58c0c60064",
	"C04/50":  "6dbea33107c8e196",
	"C04/6":   "39fffda040ce2b4d",
	"C05/10":  "3957ab5cbb574fc9",
	"C05/100": "3f1fa5273b4c4d5c",
	"C05/13":  "49b9a69535dac215",
	"C05/2":   "cea22ab9143a18f6",
	"C05/30":  "2e18f9255aa5285e",
	"C05/50":  "e4bc074541251aa8",
	"C05/6":   "a64d2cef35ca30c2",
	"C06/10":  "72466983b7a1c738",
	"C06/100": "ef1c0a839f2fd42d",
	"C06/13":  "80d4898a12ac52b1",
	"C06/2":   "52361fb6250d52ad",
	"C06/30":  "c61826b3c22c83fa",
	"C06/50":  "1feebb09c1779235",
	"C06/6":   "d2a1d2968d8752e3",
	"C07/10":  "a9e4757930f41df0",
	"C07/100": "4baeffd3a698b3d3",
	"C07/13":  "8308ddfc24d888c9",
	"C07/2":   "edf7f6dab7260ca4",
	"C07/30":  "ddbf59a3d368899c",
	"C07/50":  "090ba14a40684cc0",
	"C07/6":   "68efcccef1b74f02",
	"C08/10":  "11589cce7edba4f8",
	"C08/100": "f00bc03e6e2a6bca",
	"C08/13":  "bd5ffb4464e82149",
	"C08/2":   "9e7fc622cbfb5081",
	"C08/30":  "ab0a7a862f2d5395",
	"C08/50":  "fa23bad2d9cef2d6",
	"C08/6":   "78e53d384aeddb51",
	"C09/10":  "f964757a48b51a6e",
	"C09/100": "046d3bef599248b9",
	"C09/13":  "1d30c24ca16ff465",
	"C09/2":   "4ad18ce8443b482a",
	"C09/30":  "466c799e1d42b2a2",
	"C09/50":  "5199a2bd275ef20a",
	"C09/6":   "de44e650fca599ec",
	"C10/10":  "6daff10a40419224",
	"C10/100": "d02b09f76f26e56c",
	"C10/13":  "cf80ff889bbe38c8",
	"C10/2":   "8fff033b2cd4a3a0",
	"C10/30":  "91c375071d7e3f15",
	"C10/50":  "d6cbae814a77364e",
	"C10/6":   "f43e35e22886d5d0",
	"C11/10":  "5b9e25e1176eece6",
	"C11/100": "ed1f85a1dc8eb434",
	"C11/13":  "ae1502fc849f92cf",
	"C11/2":   "52ca976c0ba580f0",
	"C11/30":  "dbc245e49f692fc6",
	"C11/50":  "e32fa90ba1dac324",
	"C11/6":   "d949b589176d4a52",
	"C12/10":  "3a78d56130791a41",
	"C12/100": "c25b91317c923f93",
	"C12/13":  "f3ec8239e44c4037",
	"C12/2":   "4020737cd0a05ec2",
	"C12/30":  "676f88b854dca092",
	"C12/50":  "698f5d4920b057e5",
	"C12/6":   "253f8bc8f62d98de",
	"C13/10":  "b0cf502ce6aa96fa",
	"C13/100": "5dfdd4a5a6ba9d80",
	"C13/13":  "8ff05e178c685b9b",
	"C13/2":   "7a9a8955d5e15542",
	"C13/30":  "0993caaaf45fbdd9",
	"C13/50":  "45a3baf91eeb22ef",
	"C13/6":   "d00119b8d6fecef0",
	"C14/10":  "022dddd9ca819eec",
	"C14/100": "db12e18156d52401",
	"C14/13":  "60f1ba606c700886",
	"C14/2":   "0be751d47f5edd9e",
	"C14/30":  "7a407d19221694dd",
	"C14/50":  "fcde325474cf9149",
	"C14/6":   "7e7ce75a5430dd78",
	"C15/10":  "8468ccbdc0c785f0",
	"C15/100": "4b0ff9c503c19c56",
	"C15/13":  "f32fbec146948600",
	"C15/2":   "b5412434e1a1eb77",
	"C15/30":  "f36ad66f0a3a5f99",
	"C15/50":  "2cdb11e9005872fc",
	"C15/6":   "7404cd0365c79cd8",
	"C16/10":  "5d4311bdae119353",
	"C16/100": "b4c3e6c683a7cb1f",
	"C16/13":  "b8fba36cb0335edd",
	"C16/2":   "e88d816b20e57dc1",
	"C16/30":  "11c0a75aaf3939c7",
	"C16/50":  "0ddd275073707a72",
	"C16/6":   "7596b70d7433e62d",
	"C17/10":  "c8b1420bd865c94d",
	"C17/100": "b99a91ab1b2fdda6",
	"C17/13":  "44de20de15220a3a",
	"C17/2":   "b2684ab9e880654c",
	"C17/30":  "c682897127435d49",
	"C17/50":  "c30a3e5aa1318af0",
	"C17/6":   "b56cf42cff8d5fe4",
	"C18/10":  "98d5b788d1d541f5",
	"C18/100": "2d63ba4aaed32c6b",
	"C18/13":  "1493f34e9227f222",
	"C18/2":   "a8fd31701127d8d2",
	"C18/30":  "3ebf3f30526f640f",
	"C18/50":  "6ea038708f52b98a",
	"C18/6":   "38e72112b5bb0e2b",
	"C19/10":  "f8cb96a913f72c71",
	"C19/100": "1248a0461197e6e6",
	"C19/13":  "99592c79b906fc68",
	"C19/2":   "d6e61bb294288bd9",
	"C19/30":  "9249c387d1f82108",
	"C19/50":  "36a1c62ad1067158",
	"C19/6":   "fb8a960f11deeca6",
	"C20/10":  "9e9051c8bcc004a2",
	"C20/100": "efde92b289ae6fca",
	"C20/13":  "b06f14956ae85ac4",
	"C20/2":   "4232cc3cedd3a593",
	"C20/30":  "8f572cf7647281f9",
	"C20/50":  "35f99638cce159a7",
	"C20/6":   "95f0af0896896e40",
	"C21/10":  "f8b5143ca350397e",
	"C21/100": "c9c65291c6fbbf1c",
	"C21/13":  "209ab4a55d4d434f",
	"C21/2":   "57796c56671475e2",
	"C21/30":  "06bcdb56c781998d",
	"C21/50":  "7ddf50052cc575e4",
	"C21/6":   "9ec634a2fa0ccf6d",
	"C22/10":  "4a0f65eb2c428edd",
	"C22/100": "8c4d6212b45c12b9",
	"C22/13":  "33d86798ac1d9914",
	"C22/2":   "aa6e1fd2edc12629",
	"C22/30":  "94779a0b906e1f95",
	"C22/50":  "39d944a57be92c90",
	"C22/6":   "9493f09d0d035e63",
	"C23/10":  "edf7e580f02332b8",
	"C23/100": "01c4371043227934",
	"C23/13":  "48d05677bc870687",
	"C23/2":   "f36164b81e6f8e07",
	"C23/30":  "b5309ecec46a8709",
	"C23/50":  "b5fbc51c0cb5b150",
	"C23/6":   "038985edd7942de4",
	"C24/10":  "f1061e1cb8711897",
	"C24/100": "b3e863018645ba5a",
	"C24/13":  "9d63940dbff55f6d",
	"C24/2":   "8feeaf3ede136a42",
	"C24/30":  "26d5a283631f008e",
	"C24/50":  "999c27e1953a9c80",
	"C24/6":   "52a463c169de7107",
	"C25/10":  "ff1e4c78d1f6c441",
	"C25/100": "00b2c5bb0ee6f67a",
	"C25/13":  "a5200a29b6afa64b",
	"C25/2":   "f9f0bf7bbc1772a6",
	"C25/30":  "7d29bcd6a69dbff8",
	"C25/50":  "c90953bc6ada8d86",
	"C25/6":   "7891376e2dd51138",
	"C26/10":  "4fe39aa2833e990c",
	"C26/100": "58463f6e8f5102e0",
	"C26/13":  "7847c34d20c49aeb",
	"C26/2":   "f1f99c56203c3302",
	"C26/30":  "45e6b5aaf39cea69",
	"C26/50":  "0381ac100a5ed571",
	"C26/6":   "7212f7f768c99484",
	"C27/10":  "3911315644f48422",
	"C27/100": "42378ea8816f4593",
	"C27/13":  "69dbf64602b8e0e4",
	"C27/2":   "eee7c705b21267c3",
	"C27/30":  "e1b355350c1488d8",
	"C27/50":  "9b6cdaa6ea87eef1",
	"C27/6":   "f992e6bb31a3bc1a",
	"C28/10":  "ed73c003d89b00a4",
	"C28/100": "b46eb22acd1b7883",
	"C28/13":  "e31589efcf45c989",
	"C28/2":   "b469a9483c4f526b",
	"C28/30":  "87340ff846c50ae5",
	"C28/50":  "3b72408a169aaeb4",
	"C28/6":   "feac37bf627c6f0f",
}
