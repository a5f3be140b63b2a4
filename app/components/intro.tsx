/** A screen's introduction (HTML sanitised on the server). */
export function Intro({ html }: { html: string }) {
  return <div className="intro" dangerouslySetInnerHTML={{ __html: html }} />;
}
