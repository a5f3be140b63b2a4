import { Link } from "@remix-run/react";
import type { MetaFunction } from "@remix-run/node";
import { pageTitle } from "~/domain/titles";

export default function ErrorPage() {
  return (
    <main id="main" className="page page--narrow">
      <section className="panel" aria-labelledby="error-heading">
        <h1 id="error-heading">Something went wrong</h1>
        <p>We could not complete what you asked for. Please try again in a moment.</p>
        <p>
          <Link to="/home">Go to the home page</Link>
        </p>
      </section>
    </main>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Error") }];
