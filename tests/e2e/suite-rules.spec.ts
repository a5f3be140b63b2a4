import { test } from "./support/fixtures";

// The suite's own rule (docs/testing.md): every test says whether it runs without JavaScript too
// (@js-off) or once (@once); the fixture refuses a test that says neither, or both, before it runs.
// test.fail: each passes only while that refusal happens. (Titles name no tag: the JavaScript-off
// project picks its tests by matching the tag's text.)
test.fail("a test with no JavaScript tag is refused", async () => {});

test.fail("a test with both JavaScript tags is refused", { tag: ["@js-off", "@once"] }, async () => {});
