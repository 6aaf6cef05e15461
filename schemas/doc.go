// Package schemas holds the JSON Schemas (draft 2020-12) of what clients
// send qrforge: the fields of every payload kind (<kind>.json) and the batch
// request body (batch.json, README "Batch, decode, verify"). They are generated from the
// registry, so they cannot drift from the validation the API runs, and
// committed so that clients can use them without running qrforge; a test
// fails when a committed file is stale.
package schemas

//go:generate go run ./gen
