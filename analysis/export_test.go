package analysis

// SetGridDecodeHook calls f after each decode of a grid image until the
// returned restore is called.
func SetGridDecodeHook(f func()) (restore func()) {
	old := testHookGridDecode
	testHookGridDecode = f
	return func() { testHookGridDecode = old }
}
