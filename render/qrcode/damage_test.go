package qrcode

import "testing"

// codewordBlocks names the block interleave took each codeword from: data
// codewords whose value is their block's number come back in that order,
// and each error-correction codeword is its block's.
func TestCodewordBlocksFollowInterleave(t *testing.T) {
	for v := 1; v <= 40; v++ {
		for level := L; level <= H; level++ {
			blocks := blockCount[level][v]
			ecLen := eccPerBlock[level][v]
			total := totalCodewords(v)
			short := blocks - total%blocks
			shortData := total/blocks - ecLen
			var data []byte
			var blockData [][]byte
			for b := 0; b < blocks; b++ {
				n := shortData
				if b >= short {
					n++
				}
				own := make([]byte, n)
				for i := range own {
					own[i] = byte(b*7 + i)
				}
				blockData = append(blockData, own)
				data = append(data, own...)
			}
			out := interleave(data, v, level)
			got := codewordBlocks(v, level)
			if len(got) != total || len(out) != total {
				t.Fatalf("v%d %s: %d blocks named for %d codewords", v, level, len(got), total)
			}
			next := make([]int, blocks) // the next codeword of each block
			for cw, b := range got {
				want := blockData[b]
				var c byte
				if next[b] < len(want) {
					c = want[next[b]]
				} else {
					ecc := make([]byte, ecLen)
					remainder(want, ecc)
					c = ecc[next[b]-len(want)]
				}
				next[b]++
				if out[cw] != c {
					t.Fatalf("v%d %s: codeword %d is not block %d's", v, level, cw, b)
				}
			}
		}
	}
}

// Correctable is (e − p)/2 of Table 9: version 1-L has 7 error-correction
// codewords, 3 of them misdecode protection, and corrects 2; version 5-H
// has 22 a block and corrects 11.
func TestCorrectable(t *testing.T) {
	none := func(x, y int) bool { return false }
	for _, c := range []struct {
		v     int
		level Level
		want  int
	}{{1, L, 2}, {1, M, 4}, {1, H, 8}, {2, L, 4}, {3, L, 7}, {5, H, 11}, {40, H, 15}} {
		d := BlockDamage(c.v, c.level, none)
		if d.Correctable[0] != c.want || d.Load() != 0 {
			t.Errorf("v%d %s: corrects %d, want %d", c.v, c.level, d.Correctable[0], c.want)
		}
	}
}
