import { useFetcher, useRouteLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { useHydrated } from "~/components/use-hydrated";
import {
  MAX_PHOTO_BYTES,
  PHOTO_OUTCOMES,
  PHOTO_TYPES,
  PHOTO_UPLOAD_PATH,
  isPhotoOutcome,
  photoSucceeded,
  type PhotoOutcome,
} from "~/domain/agent-photo";
import type { ShellData } from "~/server/shell/shell.server";

/**
 * The agent's photo, on /profile/info and /welcome: the current one (or the initials, as
 * the header shows them: the signed-in layout's data, read again after every change),
 * a file input and Upload, and Remove when there is a photo. A plain multipart form posting to
 * /profile/photo, which sends the page without JavaScript back to `returnTo` with the outcome in
 * `?photo=`; with JavaScript the same forms post in place (the rest of the page keeps what was typed),
 * the file is checked before it is sent and a preview shows what was chosen.
 */
export function PhotoForm({ returnTo, title = "Photo" }: { returnTo: string; title?: string }) {
  const account = useRouteLoaderData<{ signedIn: ShellData | null }>("routes/layouts/app")?.signedIn?.shell.account;
  const photo = account?.photo ?? null;
  const initials = account?.initials ?? "";
  const hydrated = useHydrated();
  const uploadForm = useRef<HTMLFormElement>(null);
  const fetcher = useFetcher<{ outcome: PhotoOutcome }>();
  const [searchParams] = useSearchParams();
  const [checked, setChecked] = useState<PhotoOutcome | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  // Choosing another file puts the last outcome away until that file is sent.
  const [choosing, setChoosing] = useState(false);

  const fromUrl = searchParams.get("photo");
  const answered = fetcher.state === "idle" ? fetcher.data?.outcome : undefined;
  const shown = choosing ? null : (answered ?? (isPhotoOutcome(fromUrl) ? fromUrl : null));
  const outcome: PhotoOutcome | null = checked ?? shown;
  const succeeded = outcome !== null && photoSucceeded(outcome);
  const error = outcome !== null && !succeeded ? PHOTO_OUTCOMES[outcome] : null;
  const busy = fetcher.state !== "idle";
  const removing = busy && fetcher.formData?.get("intent") === "remove";

  // A saved photo replaces the preview (the page's data brings the stored one).
  // A refused file's preview goes too (the file stays chosen, to be replaced).
  useEffect(() => {
    if (!answered) return;
    setPreview(null);
    if (photoSucceeded(answered)) uploadForm.current?.reset();
  }, [answered]);

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    setChecked(null);
    setChoosing(true);
    const file = event.currentTarget.files?.[0];
    if (!file || !(PHOTO_TYPES as readonly string[]).includes(file.type) || file.size > MAX_PHOTO_BYTES) {
      setPreview(null);
      return;
    }
    const reader = new FileReader();
    reader.onload = () => setPreview(typeof reader.result === "string" ? reader.result : null);
    reader.readAsDataURL(file);
  };

  // With JavaScript the obvious refusals are said at once, without sending 5 MB first.
  const onUpload = (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    const input = event.currentTarget.elements.namedItem("photo");
    const file = input instanceof HTMLInputElement ? input.files?.[0] : undefined;
    const refusal: PhotoOutcome | null = !file
      ? "missing"
      : file.size > MAX_PHOTO_BYTES
        ? "too-large"
        : !(PHOTO_TYPES as readonly string[]).includes(file.type)
          ? "not-image"
          : null;
    setChecked(refusal);
    setChoosing(false);
    if (refusal) event.preventDefault();
  };

  return (
    <section className="panel photo" aria-labelledby="photo-heading">
      <h2 id="photo-heading">{title}</h2>
      <div className="photo__current">
        {photo ? (
          <img src={photo} alt="Your photo" width={96} height={96} className="avatar photo__image" />
        ) : (
          <span className="avatar avatar--initials photo__image" aria-hidden="true">
            {initials}
          </span>
        )}
        <p>
          {photo
            ? "This photo shows beside your name at the top of every page."
            : "You have no photo yet: your initials show beside your name at the top of every page."}
        </p>
        {photo ? (
          <fetcher.Form
            method="post"
            action={PHOTO_UPLOAD_PATH}
            encType="multipart/form-data"
            className="photo__remove"
            aria-label="Remove your photo"
          >
            <input type="hidden" name="returnTo" value={returnTo} />
            <input type="hidden" name="intent" value="remove" />
            <button type="submit" className="button button--secondary" aria-disabled={busy || undefined}>
              {removing ? "Removing…" : "Remove photo"}
            </button>
          </fetcher.Form>
        ) : null}
      </div>
      <div role="status" className="photo__status">
        {succeeded ? <p className="notice notice--success">{PHOTO_OUTCOMES[outcome]}</p> : null}
      </div>
      <fetcher.Form
        method="post"
        action={PHOTO_UPLOAD_PATH}
        encType="multipart/form-data"
        className="form photo__form"
        aria-label="Upload a photo"
        onSubmit={onUpload}
        ref={uploadForm}
      >
        {/* Before the file, so the answer knows its way back even when the file is refused. */}
        <input type="hidden" name="returnTo" value={returnTo} />
        <div className="field">
          <label htmlFor="photo-file">Choose a photo</label>
          <p id="photo-file-hint" className="field__hint">
            A JPEG or PNG image of at most 5 MB. It is shown at most 400 × 400 pixels.
          </p>
          <input
            id="photo-file"
            type="file"
            name="photo"
            accept="image/jpeg,image/png"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "photo-file-hint photo-file-error" : "photo-file-hint"}
            onChange={onChoose}
          />
          <div role="alert">
            {error ? (
              <p id="photo-file-error" className="field__error">
                {error}
              </p>
            ) : null}
          </div>
        </div>
        {preview ? (
          <img
            src={preview}
            alt="The photo you chose"
            width={96}
            height={96}
            className="avatar photo__image"
            onError={() => setPreview(null)}
          />
        ) : null}
        <div className="actions">
          <button
            type="submit"
            className="button button--primary"
            aria-disabled={busy || undefined}
            data-pending={busy || undefined}
          >
            {busy && !removing ? "Uploading…" : "Upload photo"}
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}
