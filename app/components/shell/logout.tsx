import { Form } from "@remix-run/react";

export function LogoutForm({ className }: { className?: string }) {
  return (
    <Form method="post" action="/logout" className={className} onSubmit={announceLogout}>
      <button type="submit" className="button button--secondary">
        Log out
      </button>
    </Form>
  );
}

/**
 * The logout's second step: before the post, widgets that live in the browser (the chat widget)
 * shut down. They listen for this event.
 */
export function announceLogout() {
  window.dispatchEvent(new Event("portal:logout"));
}
