// A Connect error's reason is read from each detail's readable JSON, never by decoding protobuf.
import assert from "node:assert/strict";
import { test } from "node:test";

import { page } from "./helpers.mjs";

const { errorFromBody, reasonOf } = await page("connect.js");

test("the reason comes from the ErrorInfo detail's debug JSON", () => {
  const details = [
    { type: "google.rpc.BadRequest", value: "xx", debug: { fieldViolations: [{ field: "move", reason: "NOT_IT" }] } },
    { type: "google.rpc.ErrorInfo", value: "Cg5OT1RfWU9VUl9UVVJO", debug: { reason: "NOT_YOUR_TURN", domain: "cardgames.v1" } },
  ];
  assert.equal(reasonOf(details), "NOT_YOUR_TURN");
  const error = errorFromBody({ code: "failed_precondition", message: "it is seat 2's turn", details }, 400);
  assert.deepEqual([error.code, error.reason, error.message, error.status], ["failed_precondition", "NOT_YOUR_TURN", "it is seat 2's turn", 400]);
});

test("an answer without a readable reason keeps its code and message, reason empty", () => {
  assert.equal(reasonOf([{ type: "google.rpc.ErrorInfo", value: "Cg5OT1RfWU9VUl9UVVJO" }]), "");
  assert.equal(reasonOf(undefined), "");
  const proxied = errorFromBody(null, 503); // a proxy's answer: no Connect body
  assert.deepEqual([proxied.code, proxied.reason, proxied.status], ["unavailable", "", 503]);
});
