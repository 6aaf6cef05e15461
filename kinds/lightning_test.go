package kinds_test

import (
	"strings"
	"testing"
)

// boltValid and boltInvalid are BOLT #11 §Examples and §Examples of
// Invalid Invoices, with their titles (lightning/bolts
// 11-payment-encoding.md).
var boltValid = []struct{ title, invoice string }{
	{"Please make a donation of any amount using payment_hash 0001020304050607080900010203040506070809000102030405060708090102 to me @03e7156ae33b0a208d0744199163177e909e80176e55d97a2f221ede0f934dd9ad", "lnbc1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdpl2pkx2ctnv5sxxmmwwd5kgetjypeh2ursdae8g6twvus8g6rfwvs8qun0dfjkxaq9qrsgq357wnc5r2ueh7ck6q93dj32dlqnls087fxdwk8qakdyafkq3yap9us6v52vjjsrvywa6rt52cm9r9zqt8r2t7mlcwspyetp5h2tztugp9lfyql"},
	{"Please send $3 for a cup of coffee to the same peer, within one minute", "lnbc2500u1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpu9qrsgquk0rl77nj30yxdy8j9vdx85fkpmdla2087ne0xh8nhedh8w27kyke0lp53ut353s06fv3qfegext0eh0ymjpf39tuven09sam30g4vgpfna3rh"},
	{"Please send 0.0025 BTC for a cup of nonsense (ナンセンス 1杯) to the same peer, within one minute", "lnbc2500u1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdpquwpc4curk03c9wlrswe78q4eyqc7d8d0xqzpu9qrsgqhtjpauu9ur7fw2thcl4y9vfvh4m9wlfyz2gem29g5ghe2aak2pm3ps8fdhtceqsaagty2vph7utlgj48u0ged6a337aewvraedendscp573dxr"},
	{"Now send $24 for an entire list of things (hashed)", "lnbc20m1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqhp58yjmdan79s6qqdhdzgynm4zwqd5d7xmw5fk98klysy043l2ahrqs9qrsgq7ea976txfraylvgzuxs8kgcw23ezlrszfnh8r6qtfpr6cxga50aj6txm9rxrydzd06dfeawfk6swupvz4erwnyutnjq7x39ymw6j38gp7ynn44"},
	{"The same, on testnet, with a fallback address mk2QpYatsKicvFVuTAQLBryyccRXMUaGHP", "lntb20m1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygshp58yjmdan79s6qqdhdzgynm4zwqd5d7xmw5fk98klysy043l2ahrqspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqfpp3x9et2e20v6pu37c5d9vax37wxq72un989qrsgqdj545axuxtnfemtpwkc45hx9d2ft7x04mt8q7y6t0k2dge9e7h8kpy9p34ytyslj3yu569aalz2xdk8xkd7ltxqld94u8h2esmsmacgpghe9k8"},
	{"On mainnet, with fallback address 1RustyRX2oai4EYYDpQGWvEL62BBGqN9T with extra routing info to go via nodes 029e03a901b85534ff1e92c43c74431f7ce72046060fcf7a95c37e148f78c77255 then 039e03a901b85534ff1e92c43c74431f7ce72046060fcf7a95c37e148f78c77255", "lnbc20m1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqhp58yjmdan79s6qqdhdzgynm4zwqd5d7xmw5fk98klysy043l2ahrqsfpp3qjmp7lwpagxun9pygexvgpjdc4jdj85fr9yq20q82gphp2nflc7jtzrcazrra7wwgzxqc8u7754cdlpfrmccae92qgzqvzq2ps8pqqqqqqpqqqqq9qqqvpeuqafqxu92d8lr6fvg0r5gv0heeeqgcrqlnm6jhphu9y00rrhy4grqszsvpcgpy9qqqqqqgqqqqq7qqzq9qrsgqdfjcdk6w3ak5pca9hwfwfh63zrrz06wwfya0ydlzpgzxkn5xagsqz7x9j4jwe7yj7vaf2k9lqsdk45kts2fd0fkr28am0u4w95tt2nsq76cqw0"},
	{"On mainnet, with fallback (P2SH) address 3EktnHQD7RiAE6uzMj2ZifT9YgRrkSgzQX", "lnbc20m1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygshp58yjmdan79s6qqdhdzgynm4zwqd5d7xmw5fk98klysy043l2ahrqspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqfppj3a24vwu6r8ejrss3axul8rxldph2q7z99qrsgqz6qsgww34xlatfj6e3sngrwfy3ytkt29d2qttr8qz2mnedfqysuqypgqex4haa2h8fx3wnypranf3pdwyluftwe680jjcfp438u82xqphf75ym"},
	{"On mainnet, with fallback (P2WPKH) address bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", "lnbc20m1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygshp58yjmdan79s6qqdhdzgynm4zwqd5d7xmw5fk98klysy043l2ahrqspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqfppqw508d6qejxtdg4y5r3zarvary0c5xw7k9qrsgqt29a0wturnys2hhxpner2e3plp6jyj8qx7548zr2z7ptgjjc7hljm98xhjym0dg52sdrvqamxdezkmqg4gdrvwwnf0kv2jdfnl4xatsqmrnsse"},
	{"On mainnet, with fallback (P2WSH) address bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3", "lnbc20m1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygshp58yjmdan79s6qqdhdzgynm4zwqd5d7xmw5fk98klysy043l2ahrqspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqfp4qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q9qrsgq9vlvyj8cqvq6ggvpwd53jncp9nwc47xlrsnenq2zp70fq83qlgesn4u3uyf4tesfkkwwfg3qs54qe426hp3tz7z6sweqdjg05axsrjqp9yrrwc"},
	{"On mainnet, with fallback (P2TR) address bc1pptdvg0d2nj99568qn6ssdy4cygnwuxgw2ukmnwgwz7jpqjz2kszse2s3lm", "lnbc20m1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqhp58yjmdan79s6qqdhdzgynm4zwqd5d7xmw5fk98klysy043l2ahrqsfp4pptdvg0d2nj99568qn6ssdy4cygnwuxgw2ukmnwgwz7jpqjz2kszs9qrsgqy606dznq28exnydt2r4c29y56xjtn3sk4mhgjtl4pg2y4ar3249rq4ajlmj9jy8zvlzw7cr8mggqzm842xfr0v72rswzq9xvr4hknfsqwmn6xd"},
	{"Please send 0.00967878534 BTC for a list of items within one week, amount in pico-BTC", "lnbc9678785340p1pwmna7lpp5gc3xfm08u9qy06djf8dfflhugl6p7lgza6dsjxq454gxhj9t7a0sd8dgfkx7cmtwd68yetpd5s9xar0wfjn5gpc8qhrsdfq24f5ggrxdaezqsnvda3kkum5wfjkzmfqf3jkgem9wgsyuctwdus9xgrcyqcjcgpzgfskx6eqf9hzqnteypzxz7fzypfhg6trddjhygrcyqezcgpzfysywmm5ypxxjemgw3hxjmn8yptk7untd9hxwg3q2d6xjcmtv4ezq7pqxgsxzmnyyqcjqmt0wfjjq6t5v4khxsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygsxqyjw5qcqp2rzjq0gxwkzc8w6323m55m4jyxcjwmy7stt9hwkwe2qxmy8zpsgg7jcuwz87fcqqeuqqqyqqqqlgqqqqn3qq9q9qrsgqrvgkpnmps664wgkp43l22qsgdw4ve24aca4nymnxddlnp8vh9v2sdxlu5ywdxefsfvm0fq3sesf08uf6q9a2ke0hc9j6z6wlxg5z5kqpu2v9wz"},
	{"Please send $30 for coffee beans to the same peer, which supports features 8, 14 and 99, using secret 0x1111111111111111111111111111111111111111111111111111111111111111", "lnbc25m1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5vdhkven9v5sxyetpdeessp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygs9q5sqqqqqqqqqqqqqqqqsgq2a25dxl5hrntdtn6zvydt7d66hyzsyhqs4wdynavys42xgl6sgx9c4g7me86a27t07mdtfry458rtjr0v92cnmswpsjscgt2vcse3sgpz3uapa"},
	{"Same, but all upper case.", "LNBC25M1PVJLUEZPP5QQQSYQCYQ5RQWZQFQQQSYQCYQ5RQWZQFQQQSYQCYQ5RQWZQFQYPQDQ5VDHKVEN9V5SXYETPDEESSP5ZYG3ZYG3ZYG3ZYG3ZYG3ZYG3ZYG3ZYG3ZYG3ZYG3ZYG3ZYG3ZYGS9Q5SQQQQQQQQQQQQQQQQSGQ2A25DXL5HRNTDTN6ZVYDT7D66HYZSYHQS4WDYNAVYS42XGL6SGX9C4G7ME86A27T07MDTFRY458RTJR0V92CNMSWPSJSCGT2VCSE3SGPZ3UAPA"},
	{"Same, but including fields which must be ignored.", "lnbc25m1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5vdhkven9v5sxyetpdeessp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygs9q5sqqqqqqqqqqqqqqqqsgq2qrqqqfppnqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqppnqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqpp4qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqhpnqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqhp4qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqspnqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqsp4qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqnp5qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqnpkqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqz599y53s3ujmcfjp5xrdap68qxymkqphwsexhmhr8wdz5usdzkzrse33chw6dlp3jhuhge9ley7j2ayx36kawe7kmgg8sv5ugdyusdcqzn8z9x"},
	{"Please send 0.01 BTC with payment metadata 0x01fafaf0", "lnbc10m1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdp9wpshjmt9de6zqmt9w3skgct5vysxjmnnd9jx2mq8q8a04uqsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygs9q2gqqqqqqsgq7hf8he7ecf7n4ffphs6awl9t6676rrclv9ckg3d3ncn7fct63p6s365duk5wrk202cfy3aj5xnnp5gs3vrdvruverwwq7yzhkf5a3xqpd05wjc"},
	{"Public-key recovery with high-S signature", "lnbc1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdpl2pkx2ctnv5sxxmmwwd5kgetjypeh2ursdae8g6twvus8g6rfwvs8qun0dfjkxaq9qrsgq357wnc5r2ueh7ck6q93dj32dlqnls087fxdwk8qakdyafkq3yap2r09nt4ndd0unm3z9u5t48y6ucv4r5sg7lk98c77ctvjczkspk5qprc90gx"},
}

var boltInvalid = []struct{ title, invoice string }{
	{"Same, but adding invalid unknown feature 100", "lnbc25m1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5vdhkven9v5sxyetpdeessp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygs9q4psqqqqqqqqqqqqqqqqsgqtqyx5vggfcsll4wu246hz02kp85x4katwsk9639we5n5yngc3yhqkm35jnjw4len8vrnqnf5ejh0mzj9n3vz2px97evektfm2l6wqccp3y7372"},
	{"Bech32 checksum is invalid.", "lnbc2500u1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdpquwpc4curk03c9wlrswe78q4eyqc7d8d0xqzpuyk0sg5g70me25alkluzd2x62aysf2pyy8edtjeevuv4p2d5p76r4zkmneet7uvyakky2zr4cusd45tftc9c5fh0nnqpnl2jfll544esqchsrnt"},
	{"Malformed bech32 string (mixed case)", "LNBC2500u1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdpquwpc4curk03c9wlrswe78q4eyqc7d8d0xqzpuyk0sg5g70me25alkluzd2x62aysf2pyy8edtjeevuv4p2d5p76r4zkmneet7uvyakky2zr4cusd45tftc9c5fh0nnqpnl2jfll544esqchsrny"},
	{"Signature is not recoverable.", "lnbc2500u1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpusp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygs9qrsgqwgt7mcn5yqw3yx0w94pswkpq6j9uh6xfqqqtsk4tnarugeektd4hg5975x9am52rz4qskukxdmjemg92vvqz8nvmsye63r5ykel43pgz7zq0g2"},
	{"String is too short.", "lnbc1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdpl2pkx2ctnv5sxxmmwwd5kgetjypeh2ursdae8g6na6hlh"},
	{"Invalid multiplier", "lnbc2500x1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpusp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygs9qrsgqrrzc4cvfue4zp3hggxp47ag7xnrlr8vgcmkjxk3j5jqethnumgkpqp23z9jclu3v0a7e0aruz366e9wqdykw6dxhdzcjjhldxq0w6wgqcnu43j"},
	{"Invalid sub-millisatoshi precision.", "lnbc2500000001p1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpusp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygs9qrsgq0lzc236j96a95uv0m3umg28gclm5lqxtqqwk32uuk4k6673k6n5kfvx3d2h8s295fad45fdhmusm8sjudfhlf6dcsxmfvkeywmjdkxcp99202x"},
	{"Missing required `s` field.", "lnbc20m1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqhp58yjmdan79s6qqdhdzgynm4zwqd5d7xmw5fk98klysy043l2ahrqs9qrsgq7ea976txfraylvgzuxs8kgcw23ezlrszfnh8r6qtfpr6cxga50aj6txm9rxrydzd06dfeawfk6swupvz4erwnyutnjq7x39ymw6j38gp49qdkj"},
	{"Non canonical signature (high-S) with 'n' field defined", "lnbc25m1p70xwfzpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdpl2pkx2ctnv5sxxmmwwd5kgetjypeh2ursdae8g6twvus8g6rfwvs8qun0dfjkxaqnp4q0n326hr8v9zprg8gsvezcch06gfaqqhde2aj730yg0durunfhv66sp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygs9qrsgqsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygsp5cfzp9ugllvk03rltd6hvndxj26ux6gcxc5azyxk060rj9tzghct5zvjlps76gx8wpq5yuu79688k8gnm2c0al6v608s96l0xzrrlqqwnzxmu"},
}

// lud01 is LUD-01's example LNURL, the bech32 encoding of
// https://service.com/api?q=3fc3645b439ce8e7f2553a69e5267081d96dcd340693afabe04be7b0ccd178df.
const lud01 = "LNURL1DP68GURN8GHJ7UM9WFMXJCM99E3K7MF0V9CXJ0M385EKVCENXC6R2C35XVUKXEFCV5MKVV34X5EKZD3EV56NYD3HXQURZEPEXEJXXEPNXSCRVWFNV9NXZCN9XQ6XYEFHVGCXXCMYXYMNSERXFQ5FNS"

func TestLightning(t *testing.T) {
	var vectors []vector
	for _, v := range boltValid {
		vectors = append(vectors, vector{"BOLT11 " + v.title, "BOLT #11 §Examples: " + v.title,
			map[string]string{"invoice": v.invoice}, "lightning:" + strings.ToUpper(v.invoice)})
	}
	vectors = append(vectors,
		vector{"prefixed lowercase", "BOLT #11 §Encoding Overview: lightning: prefix; writer SHOULD use upper case for QR codes",
			map[string]string{"invoice": "lightning:" + boltValid[0].invoice}, "lightning:" + strings.ToUpper(boltValid[0].invoice)},
		vector{"prefix in capitals", "RFC 3986 §3.1: schemes are case-insensitive",
			map[string]string{"invoice": "LIGHTNING:" + strings.ToUpper(boltValid[1].invoice)}, "lightning:" + strings.ToUpper(boltValid[1].invoice)},
		vector{"LNURL", "LUD-01 example LNURL (uppercase for QR codes)",
			map[string]string{"invoice": lud01}, "lightning:" + lud01},
		vector{"LNURL of an onion service", "LUD-01 §HTTPS or Onion: an http:// onion URL (http://abcdefghijklmnop.onion/api?q=1)",
			map[string]string{"invoice": "lnurl1dp68gup69uhkzcnrv3jkvemgd94xkmrddehhqtn0de5k7m30v9cxj0m385cssdm9vu"}, "lightning:LNURL1DP68GUP69UHKZCNRV3JKVEMGD94XKMRDDEHHQTN0DE5K7M30V9CXJ0M385CSSDM9VU"},
		vector{"LNURL lowercase", "LUD-01: either case, not mixed",
			map[string]string{"invoice": strings.ToLower(lud01)}, "lightning:" + lud01},
	)
	runVectors(t, "lightning", vectors)

	// What qrforge checks of BOLT #11's invalid examples. The other four
	// (unknown feature bit, unrecoverable or high-S signature, missing s
	// field) need the signature and the tagged fields decoded, which a
	// wallet does when it pays; they are accepted here.
	caught := map[string]bool{
		"Bech32 checksum is invalid.":          true,
		"Malformed bech32 string (mixed case)": true,
		"String is too short.":                 true,
		"Invalid multiplier":                   true,
		"Invalid sub-millisatoshi precision.":  true,
	}
	var bads []bad
	for _, v := range boltInvalid {
		if caught[v.title] {
			bads = append(bads, bad{"BOLT11 invalid " + v.title, map[string]string{"invoice": v.invoice}, "invoice"})
		}
	}
	bads = append(bads,
		bad{"missing invoice", map[string]string{}, "invoice"},
		bad{"BOLT11 no separator", map[string]string{"invoice": "pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdpquwpc4curk03c9wlrswe78q4eyqc7d8d0xqzpuyk0sg5g70me25alkluzd2x62aysf2pyy8edtjeevuv4p2d5p76r4zkmneet7uvyakky2zr4cusd45tftc9c5fh0nnqpnl2jfll544esqchsrny"}, "invoice"},
		bad{"empty after prefix", map[string]string{"invoice": "lightning:"}, "invoice"},
	)
	runBad(t, "lightning", bads)

	donation := boltValid[0].invoice
	runFixed(t, "lightning", []fixed{
		{"check digits", map[string]string{"invoice": donation[:len(donation)-1] + "m"}, "invoice", "BOLT #11 §Encoding Overview", noFix},
		{"length", map[string]string{"invoice": "lnbc1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdpl2pkx2ctnv5sxxmmwwd5kgetjypeh2ursdae8g6na6hlh"}, "invoice", "BOLT #11 §Data Part", noFix},
		{"charset b", map[string]string{"invoice": "lnbc1pvjluezsp5b" + donation[len("lnbc1pvjluezsp5z"):]}, "invoice", "BIP173 §Bech32", noFix},
		{"charset o", map[string]string{"invoice": "lnbc1pvjluezsp5o" + donation[len("lnbc1pvjluezsp5z"):]}, "invoice", "no 'b', 'i', 'o'", noFix},
		{"wrong prefix: an address", map[string]string{"invoice": "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"}, "invoice", "BOLT #11 §Human-Readable Part", noFix},
		{"wrong prefix: other currency", map[string]string{"invoice": "lnltc1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqsk7knp"}, "invoice", "lntbs", noFix},
		{"mixed case lowercased", map[string]string{"invoice": "LNBC1" + donation[5:]}, "invoice", "BIP173 §Uppercase/lowercase", donation},
		{"LNURL of a plain http URL", map[string]string{"invoice": "lnurl1dp68gup69uhhxetjwe5kxefwvdhk6tmpwp5n7ufaxytyqzuk"}, "invoice", "LUD-01 §HTTPS or Onion", noFix},
		{"bech32m checksum", map[string]string{"invoice": "lnbc1" + strings.Repeat("q", 111) + "2s89al"}, "invoice", "not Bech32m", noFix},
	})
}

func TestLightningRecognise(t *testing.T) {
	recogniseVectors(t, "lightning", []recognised{
		{"bare uppercase invoice", "BOLT #11 §Examples: all upper case",
			boltValid[12].invoice, map[string]string{"invoice": strings.ToLower(boltValid[12].invoice)},
			"lightning:" + boltValid[12].invoice},
		{"lightning: lowercase", "BOLT #11 §Encoding Overview",
			"lightning:" + boltValid[0].invoice, map[string]string{"invoice": boltValid[0].invoice},
			"lightning:" + strings.ToUpper(boltValid[0].invoice)},
		{"bare LNURL", "LUD-01", lud01, map[string]string{"invoice": strings.ToLower(lud01)}, "lightning:" + lud01},
	})
	notRecognised(t, "lightning", []string{
		"lnbc is not an invoice",
		"lightning:",
		"bitcoin:bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
		"bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
	})
}

// bolt12Offer is BOLT #12's format-string-test.json "A complete string is
// valid" offer.
const bolt12Offer = "lno1pqps7sjqpgtyzm3qv4uxzmtsd3jjqer9wd3hy6tsw35k7msjzfpy7nz5yqcnygrfdej82um5wf5k2uckyypwa3eyt44h6txtxquqh7lz5djge4afgfjn7k4rgrkuag0jsd5xvxg"

// TestBOLT12Offers runs BOLT #12's format-string-test.json: lower and upper
// case, '+' joins with and without whitespace are one offer, written in
// uppercase after lightning: (BOLT #12 §Encoding: SHOULD use uppercase for
// QR codes); a '+' that joins nothing is refused.
func TestBOLT12Offers(t *testing.T) {
	want := "lightning:" + strings.ToUpper(bolt12Offer)
	valid := map[string]string{
		"A complete string is valid":                 bolt12Offer,
		"Uppercase is valid":                         strings.ToUpper(bolt12Offer),
		"+ can join anywhere":                        "l+no1pqps7sjqpgtyzm3qv4uxzmtsd3jjqer9wd3hy6tsw35k7msjzfpy7nz5yqcnygrfdej82um5wf5k2uckyypwa3eyt44h6txtxquqh7lz5djge4afgfjn7k4rgrkuag0jsd5xvxg",
		"Multiple + can join":                        "lno1pqps7sjqpgt+yzm3qv4uxzmtsd3jjqer9wd3hy6tsw3+5k7msjzfpy7nz5yqcn+ygrfdej82um5wf5k2uckyypwa3eyt44h6txtxquqh7lz5djge4afgfjn7k4rgrkuag0jsd+5xvxg",
		"+ can be followed by whitespace":            "lno1pqps7sjqpgt+ yzm3qv4uxzmtsd3jjqer9wd3hy6tsw3+  5k7msjzfpy7nz5yqcn+\nygrfdej82um5wf5k2uckyypwa3eyt44h6txtxquqh7lz5djge4afgfjn7k4rgrkuag0jsd+\r\n 5xvxg",
		"+ can be followed by whitespace, UPPERCASE": "LNO1PQPS7SJQPGT+ YZM3QV4UXZMTSD3JJQER9WD3HY6TSW3+  5K7MSJZFPY7NZ5YQCN+\nYGRFDEJ82UM5WF5K2UCKYYPWA3EYT44H6TXTXQUQH7LZ5DJGE4AFGFJN7K4RGRKUAG0JSD+\r\n 5XVXG",
	}
	var vectors []vector
	for title, offer := range valid {
		vectors = append(vectors, vector{title, "BOLT #12 format-string-test.json: " + title, map[string]string{"invoice": offer}, want})
	}
	runVectors(t, "lightning", vectors)
	snapVectors(t, vectors[:1])
	runBad(t, "lightning", []bad{
		{"+ at the end", map[string]string{"invoice": bolt12Offer + "+"}, "invoice"},
		{"+ and space at the end", map[string]string{"invoice": bolt12Offer + "+ "}, "invoice"},
		{"+ at the start", map[string]string{"invoice": "+" + bolt12Offer}, "invoice"},
		{"++ inside", map[string]string{"invoice": "ln++o1pqps7sjqpgtyzm3qv4uxzmtsd3jjqer9wd3hy6tsw35k7msjzfpy7nz5yqcnygrfdej82um5wf5k2uckyypwa3eyt44h6txtxquqh7lz5djge4afgfjn7k4rgrkuag0jsd5xvxg"}, "invoice"},
		{"mixed case", map[string]string{"invoice": "lnO1" + bolt12Offer[4:]}, "invoice"},
		{"cut short", map[string]string{"invoice": bolt12Offer[:40]}, "invoice"},
		{"invoice request", map[string]string{"invoice": "lnr1" + bolt12Offer[4:]}, "invoice"},
	})
}

// A Lightning Address, user@domain (LUD-16), is written as the LNURL of
// https://<domain>/.well-known/lnurlp/<user> (LUD-16 §Resolving, LUD-01),
// which every LNURL wallet reads.
func TestLightningAddress(t *testing.T) {
	k := lookup(t, "lightning")
	for address, url := range map[string]string{
		"satoshi@bitcoin.org":   "https://bitcoin.org/.well-known/lnurlp/satoshi",
		"Tips.Jar@Example.COM":  "https://example.com/.well-known/lnurlp/tips.jar",
		"alice@abcdefgh.onion":  "http://abcdefgh.onion/.well-known/lnurlp/alice",
		"lightning:bob@walle.t": "",
	} {
		payload, errs := k.Build(map[string]string{"invoice": address})
		if url == "" {
			if len(errs) == 0 {
				t.Errorf("%s accepted as %s", address, payload)
			}
			continue
		}
		if len(errs) > 0 {
			t.Fatalf("%s: %v", address, errs)
		}
		if got := decodeLNURL(t, strings.TrimPrefix(payload, "lightning:")); got != url {
			t.Errorf("%s: the LNURL holds %q, want %q (LUD-16)", address, got, url)
		}
	}
	payload, _ := k.Build(map[string]string{"invoice": "satoshi@bitcoin.org"})
	snap.MatchSnapshot(t, payload)
	runBad(t, "lightning", []bad{
		{"space in the user", map[string]string{"invoice": "sat oshi@bitcoin.org"}, "invoice"},
		{"no domain", map[string]string{"invoice": "satoshi@"}, "invoice"},
		{"plus in the user", map[string]string{"invoice": "a+b@bitcoin.org"}, "invoice"},
	})
}

// decodeLNURL reads the URL back out of an LNURL (LUD-01: bech32 of the
// URL's bytes), with a bech32 decoder independent of the one that wrote it.
func decodeLNURL(t *testing.T, lnurl string) string {
	t.Helper()
	const charset = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
	s := strings.ToLower(lnurl)
	data, ok := strings.CutPrefix(s, "lnurl1")
	if !ok || len(data) < 6 {
		t.Fatalf("%s is not an LNURL", lnurl)
	}
	var out []byte
	acc, bits := 0, 0
	for _, c := range data[:len(data)-6] { // the last six are the checksum
		acc = acc<<5 | strings.IndexRune(charset, c)
		bits += 5
		if bits >= 8 {
			bits -= 8
			out = append(out, byte(acc>>bits))
			acc &= 1<<bits - 1
		}
	}
	return string(out)
}

// An LNURL written with a LUD-17 scheme, lnurlp://, lnurlw://, lnurlc://
// or keyauth:// in place of https:// (http:// for an onion service), is
// the LNURL of that URL, which every LNURL wallet reads (LUD-01).
func TestLightningLUD17Schemes(t *testing.T) {
	k := lookup(t, "lightning")
	for given, url := range map[string]string{
		"lnurlp://bitcoin.org/.well-known/lnurlp/satoshi":       "https://bitcoin.org/.well-known/lnurlp/satoshi",
		"LNURLW://service.com/api?q=3fc3":                       "https://service.com/api?q=3fc3",
		"lightning:lnurlc://service.com/channel":                "https://service.com/channel",
		"keyauth://site.com/login?tag=login&k1=aa&action=login": "https://site.com/login?tag=login&k1=aa&action=login",
		"lnurlp://abcdefgh.onion/pay":                           "http://abcdefgh.onion/pay",
	} {
		payload, errs := k.Build(map[string]string{"invoice": given})
		if len(errs) > 0 {
			t.Errorf("%s: %v", given, errs)
			continue
		}
		if got := decodeLNURL(t, strings.TrimPrefix(payload, "lightning:")); got != url {
			t.Errorf("%s: the LNURL holds %q, want %q (LUD-17)", given, got, url)
		}
	}
	runBad(t, "lightning", []bad{
		{"no host", map[string]string{"invoice": "lnurlp:///pay"}, "invoice"},
		{"space", map[string]string{"invoice": "lnurlp://a.com/p q"}, "invoice"},
	})
}

// lightning://<invoice> is the lightning: URI with the "//" that URLs
// have; the invoice after it is read as after lightning: (it was refused
// as a bech32 string whose checksum does not match, with no fix).
func TestLightningDoubleSlash(t *testing.T) {
	k := lookup(t, "lightning")
	for _, given := range []string{"lightning://" + boltValid[0].invoice, "LIGHTNING://" + strings.ToUpper(boltValid[0].invoice)} {
		payload, errs := k.Build(map[string]string{"invoice": given})
		if want := "lightning:" + strings.ToUpper(boltValid[0].invoice); len(errs) > 0 || payload != want {
			t.Errorf("%s: %q %v, want %q", given, payload, errs, want)
		}
		if fields, ok := k.Recognise(given); !ok || fields["invoice"] != boltValid[0].invoice {
			t.Errorf("%s reads as %v (%v)", given, fields, ok)
		}
	}
	if payload, errs := k.Build(map[string]string{"invoice": "lightning://satoshi@bitcoin.org"}); len(errs) > 0 {
		t.Errorf("lightning://satoshi@bitcoin.org: %q %v", payload, errs)
	}
}
