// check-mistral-sdk: is our chat-completions request what Mistral's own TypeScript SDK sends, and
// does the SDK accept the replies our tests' fake server gives? Run by hand, not by CTest (it needs
// the SDK from the npm registry, kept out of the project's node_modules):
//
//   npm install --prefix /tmp/mistral-sdk @mistralai/mistralai@2
//   MISTRAL_SDK_DIR=/tmp/mistral-sdk node tools/judge/check-mistral-sdk.mjs build-judge/tests_judge
//
// It has the test binary write our request and a fake reply (the hidden "[.sdk]" test), serves
// that reply on loopback to the SDK's client, asks the SDK for the same completion, and compares
// the body the SDK sent with ours field by field. Exit status 0 when they agree.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { isDeepStrictEqual } from "node:util";

const testBinary = resolve(process.argv[2] ?? "build-judge/tests_judge");
const sdkDir = process.env.MISTRAL_SDK_DIR ?? "/tmp/mistral-sdk";
const sdkRoot = join(sdkDir, "node_modules/@mistralai/mistralai");
const { Mistral } = await import(join(sdkRoot, "esm/index.js"));
const sdkVersion = JSON.parse(readFileSync(join(sdkRoot, "package.json"), "utf8")).version;

const dir = mkdtempSync(join(tmpdir(), "wordhall-sdk-"));
execFileSync(testBinary, ["[.sdk]"], { env: { ...process.env, WORDHALL_SDK_CHECK_DIR: dir } });
const ours = JSON.parse(readFileSync(join(dir, "request.json"), "utf8"));
const reply = readFileSync(join(dir, "reply.json"), "utf8");

let sent = null;
let authorization = null;
const server = createServer((req, res) => {
  let body = "";
  req.on("data", (chunk) => (body += chunk));
  req.on("end", () => {
    sent = JSON.parse(body);
    authorization = req.headers.authorization;
    res.writeHead(200, { "content-type": "application/json" });
    res.end(reply);
  });
});
await new Promise((ready) => server.listen(0, "127.0.0.1", ready));
const client = new Mistral({ apiKey: "k", serverURL: `http://127.0.0.1:${server.address().port}` });

const format = ours.response_format;
const answer = await client.chat.complete({
  model: ours.model,
  temperature: ours.temperature,
  messages: ours.messages,
  responseFormat: {
    type: format.type,
    jsonSchema: {
      name: format.json_schema.name,
      strict: format.json_schema.strict,
      schemaDefinition: format.json_schema.schema,
    },
  },
});
server.close();

const problems = [];
for (const [key, value] of Object.entries(ours)) {
  if (!isDeepStrictEqual(sent[key], value)) problems.push(`"${key}" differs: SDK sent ${JSON.stringify(sent[key])}`);
}
const sdkDefaults = { stream: false };  // fields the SDK always sends; the API's defaults too
for (const key of Object.keys(sent)) {
  if (!(key in ours) && !isDeepStrictEqual(sent[key], sdkDefaults[key])) problems.push(`the SDK also sent "${key}"`);
}
if (authorization !== "Bearer k") problems.push(`the SDK's Authorization header: ${authorization}`);
const content = answer.choices?.[0]?.message?.content;
if (typeof content !== "string" || !JSON.parse(content).evaluations)
  problems.push("the SDK did not read the fake reply's content");

if (problems.length) {
  console.error(`@mistralai/mistralai ${sdkVersion}: our request disagrees\n  ` + problems.join("\n  "));
  process.exit(1);
}
console.log(`@mistralai/mistralai ${sdkVersion}: the SDK sends the same request (fields: ` +
  `${Object.keys(ours).join(", ")}) and accepts the fake server's reply`);
