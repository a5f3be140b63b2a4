import { isRouteErrorResponse, Link } from "@remix-run/react";
import { fieldLabel, type StoreUnavailableData } from "~/domain/form-back";
import { SERVICE_UNAVAILABLE } from "~/domain/login-errors";
import { useReference } from "~/components/reference";

/**
 * The one error view: a clear message for what went wrong, never a stack trace. 404 says the page
 * is not there; an upstream failure (503) says the service is unavailable; anything else is generic.
 */
export function GeneralErrorBoundary({ error }: { error: unknown }) {
  const { heading, message } = describe(error);
  const errorData = isRouteErrorResponse(error) ? (error.data as unknown) : null;
  const reference = useReference(errorData);
  const formBack = (errorData as StoreUnavailableData | null)?.storeUnavailable
    ? (errorData as StoreUnavailableData).formBack
    : null;
  return (
    <section className="panel" aria-labelledby="error-heading">
      <h1 id="error-heading" tabIndex={-1}>
        {heading}
      </h1>
      <p role="alert">{message}</p>
      {reference ? (
        <p>
          Reference: <span id="error-reference">{reference}</span>
        </p>
      ) : null}
      {formBack && formBack.fields.some((f) => f.kind !== "hidden") ? <FormBack {...formBack} /> : null}
      <p>
        <Link to="/home">Go to the home page</Link>
      </p>
    </section>
  );
}

/**
 * The post the portal could not take, filled in as it was sent (a password or code to type again),
 * to send again once the service is back. A plain form: it works without JavaScript.
 */
function FormBack({ action, fields }: NonNullable<StoreUnavailableData["formBack"]>) {
  return (
    <form method="post" action={action} className="form" aria-labelledby="form-back-heading">
      <h2 id="form-back-heading">What you entered</h2>
      <p>Nothing was sent. Send it again when the service is back.</p>
      {fields.map((field, index) => {
        const id = `form-back-${index}`;
        if (field.kind === "hidden") return <input key={id} type="hidden" name={field.name} value={field.value} />;
        const label = fieldLabel(field.name);
        return (
          <div className="field" key={id}>
            <label htmlFor={id}>{label}</label>
            {field.kind === "long-text" ? (
              <textarea id={id} name={field.name} defaultValue={field.value} />
            ) : (
              <input
                id={id}
                name={field.name}
                type={field.kind === "secret" ? "password" : "text"}
                defaultValue={field.value}
                autoComplete={field.kind === "secret" ? "off" : undefined}
              />
            )}
          </div>
        );
      })}
      <button type="submit" className="button button--primary">
        Send again
      </button>
    </form>
  );
}

/** The page name for a route that shows an error, for its '{page name} | Professional Portal' title. */
export function errorPageName(error: unknown): string {
  return describe(error).heading;
}

function describe(error: unknown): { heading: string; message: string } {
  if (isRouteErrorResponse(error)) {
    // The terms gate refused the page: the layout draws the terms dialog in its place.
    if (error.status === 403 && (error.data as { termsPending?: boolean } | null)?.termsPending)
      return { heading: "Terms of Use", message: messageOf(error.data) ?? "" };
    // A guard refused an action for the caller's role, tools or branch: the reason is the message.
    if (error.status === 403 && (error.data as { refused?: boolean } | null)?.refused)
      return { heading: "Not allowed", message: messageOf(error.data) ?? "" };
    if (error.status === 404) return { heading: "Page not found", message: "We could not find that page." };
    if (error.status === 503)
      return { heading: "Service unavailable", message: messageOf(error.data) ?? SERVICE_UNAVAILABLE };
    if (error.status === 429)
      return { heading: "Too many attempts", message: messageOf(error.data) ?? "Please wait a minute and try again." };
    if (error.status < 500)
      return {
        heading: "Something is not right",
        message: messageOf(error.data) ?? "The request could not be completed.",
      };
  }
  return { heading: "Something went wrong", message: "An unexpected error occurred. Please try again in a moment." };
}

function messageOf(data: unknown): string | null {
  if (data && typeof data === "object" && typeof (data as { message?: unknown }).message === "string") {
    return (data as { message: string }).message;
  }
  return typeof data === "string" && data.length < 300 ? data : null;
}
