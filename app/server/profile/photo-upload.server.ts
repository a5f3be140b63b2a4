import { unstable_parseMultipartFormData as parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import {
  MAX_PHOTO_BYTES,
  PHOTO_BODY_LIMIT,
  photoReturnPath,
  sniffPhotoType,
  type PhotoOutcome,
} from "~/domain/agent-photo";
import { forgetProfile, type Agent } from "~/server/auth/auth.server";
import { removePhoto, uploadPhoto } from "~/server/clients/agency.server";
import { SignedOutError } from "~/server/infra/errors.server";
import { UpstreamError } from "~/server/infra/http.server";
import { redirect } from "~/server/infra/responses.server";
import { routeErrorOf } from "~/server/infra/route-errors.server";
import { sessionStorage } from "~/server/infra/session.server";
import { authState } from "~/server/infra/auth-state.server";

/** The form's small fields, the only ones read besides the photo. */
const FIELDS = new Set(["intent", "returnTo"]);

const MAX_FIELD_BYTES = 2_048;

/** A body larger than the upload path takes (only possible past the front door): cut off. */
class BodyTooLarge extends Error {}

async function handle(agent: Agent, request: Request): Promise<{ outcome: PhotoOutcome; returnTo: string | null }> {
  // Fields are kept as they arrive, so a body that breaks off still knows its way back.
  const fields = new Map<string, string>();
  const upload = await readUpload(request, fields).catch(() => null);
  const returnTo = fields.get("returnTo") ?? null;
  if (!upload) return { outcome: "unsent", returnTo };
  if (fields.get("intent") === "remove") return { outcome: await remove(agent), returnTo };
  if (upload.photoTooLarge) return { outcome: "too-large", returnTo };
  return { outcome: await send(agent, upload.photo), returnTo };
}

/**
 * The multipart body, streamed to its end (an answer before the body is read would cut the
 * connection under a slow upload, and with it the answer): the `photo` file kept in memory up to
 * 5 MB, the rest of a larger one read and dropped; the small fields up to 2 KB each; anything else
 * read and dropped. The whole body is counted as it arrives and cut off past the upload limit.
 */
async function readUpload(request: Request, fields: Map<string, string>) {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("multipart/form-data")) throw new TypeError("not a multipart form");
  let photo: Uint8Array<ArrayBuffer> | null = null;
  let photoTooLarge = false;
  let total = 0;
  const handler: UploadHandler = async ({ name, filename, data }) => {
    const isPhoto = name === "photo" && filename !== undefined;
    const cap = isPhoto ? MAX_PHOTO_BYTES : FIELDS.has(name) && filename === undefined ? MAX_FIELD_BYTES : 0;
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of data) {
      total += chunk.byteLength;
      if (total > PHOTO_BODY_LIMIT) throw new BodyTooLarge();
      size += chunk.byteLength;
      if (size <= cap) chunks.push(chunk);
      else chunks.length = 0;
    }
    if (size > cap) {
      if (isPhoto) photoTooLarge = true;
      return undefined;
    }
    if (isPhoto) photo = concat(chunks, size);
    else if (cap > 0) fields.set(name, new TextDecoder().decode(concat(chunks, size)));
    return undefined;
  };
  await parseMultipartFormData(request, handler);
  return { photo: photo as Uint8Array<ArrayBuffer> | null, photoTooLarge };
}

function concat(chunks: Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/** What the bytes are, whatever the browser declared: only a JPEG or PNG goes on to the upstream. */
async function send(agent: Agent, bytes: Uint8Array<ArrayBuffer> | null): Promise<PhotoOutcome> {
  if (!bytes || bytes.byteLength === 0) return "missing";
  const contentType = sniffPhotoType(bytes);
  if (!contentType) return "not-image";
  return saved(() => uploadPhoto(agent, agent.profile.agentId, { bytes: bytes.buffer, contentType }), "saved");
}

function remove(agent: Agent): Promise<PhotoOutcome> {
  return saved(() => removePhoto(agent, agent.profile.agentId), "removed");
}

/** The upstream's verdict as an outcome: 413 too large, 400 not readable, anything else failed. */
async function saved(call: () => Promise<unknown>, success: PhotoOutcome): Promise<PhotoOutcome> {
  try {
    await call();
    return success;
  } catch (error) {
    if (error instanceof SignedOutError) throw routeErrorOf(error);
    if (error instanceof UpstreamError && error.failure === "http") {
      if (error.status === 413) return "too-large";
      if (error.status === 400) return "unreadable";
      // Another agent's photo (a tampered session) or gone: not the agent's to change.
      if (error.status === 403) throw routeErrorOf(error);
    }
    return "failed";
  }
}

/**
 * Uploads or removes the agent's photo and answers with the outcome: a redirect back to the form's page
 * for a document, data for a fetch.
 */
export async function photoForm(request: Request, agent: Agent) {
  const document = (request.headers.get("accept") ?? "").includes("text/html");
  const { outcome, returnTo } = await handle(agent, request);
  if (outcome === "saved" || outcome === "removed") {
    // The header reads the profile's AGENT_HOMEPAGE_PHOTO: read it again at once (a refreshed token is kept).
    forgetProfile(agent.session);
    authState.write(agent.session, agent.auth);
    await sessionStorage.commitSession(agent.session);
  }
  if (document) return redirect(photoReturnPath(returnTo, outcome));
  return { outcome };
}
