import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it, vi } from "vitest";
import { coalescedChunks } from "~/server/infra/coalesce.server";

/** The pieces a reader of the stream receives, as text. */
function collect(stream: ReturnType<typeof coalescedChunks>) {
  const received: string[] = [];
  stream.on("data", (piece: Buffer) => received.push(piece.toString("utf8")));
  const ended = new Promise<void>((resolve) => stream.on("end", resolve));
  return { received, ended };
}

describe("the document stream passes on what React writes in one turn as one piece", () => {
  it("many small writes in the same turn arrive as one piece, byte for byte", async () => {
    const stream = coalescedChunks();
    const { received, ended } = collect(stream);
    const parts = ["<!DOCTYPE html>", "<html>", "<body>é€", "</body>", "</html>"];
    for (const part of parts) stream.write(new TextEncoder().encode(part));
    stream.end();
    await ended;
    expect(received).toEqual([parts.join("")]);
  });

  it("writes in later turns (deferred data streaming in) still go out as they come", async () => {
    const stream = coalescedChunks();
    const { received, ended } = collect(stream);
    stream.write(Buffer.from("shell "));
    stream.write(Buffer.from("and more"));
    await nextTurn();
    await nextTurn();
    expect(received).toEqual(["shell and more"]);
    stream.write(Buffer.from("<script>late</script>"));
    await nextTurn();
    await nextTurn();
    expect(received).toEqual(["shell and more", "<script>late</script>"]);
    stream.end();
    await ended;
    expect(received.join("")).toBe("shell and more<script>late</script>");
  });

  it("a stream closed before its turn ends (the browser went away) sends nothing more and raises no error", async () => {
    const stream = coalescedChunks();
    const errors: unknown[] = [];
    stream.on("error", (error) => errors.push(error));
    const push = vi.spyOn(stream, "push");
    stream.write(Buffer.from("partial"));
    stream.destroy();
    await nextTurn();
    await nextTurn();
    expect(push).not.toHaveBeenCalled();
    expect(errors).toEqual([]);
  });
});
