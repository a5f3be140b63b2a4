/**
 * The agent's photo (AGENT_HOMEPAGE_PHOTO), else their initials. Always beside the name, so
 * it is decorative: an empty alt, the initials hidden from assistive technology.
 */
export function Avatar({ photo, initials, size }: { photo: string | null; initials: string; size: 32 | 56 }) {
  const large = size === 56 ? " avatar--large" : "";
  return photo ? (
    <img src={photo} alt="" width={size} height={size} className={`avatar${large}`} />
  ) : (
    <span className={`avatar avatar--initials${large}`} aria-hidden="true">
      {initials}
    </span>
  );
}
