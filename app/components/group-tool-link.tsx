import { analyticsAttributes } from "~/domain/analytics";
import { GROUP_TOOL, GROUP_TOOL_HREF } from "~/domain/groups";

/**
 * Opens the partner group tool in a new tab through /tools/GROUP-TOOL, which signs the agent in with single
 * sign-on (the provider parameter p and the token as tokenId). A plain link: it works without
 * JavaScript, and the tool's address with its token is made on the server, never in the page.
 */
export function GroupToolLink({ groupId }: { groupId?: string }) {
  return (
    <a
      href={GROUP_TOOL_HREF}
      target="_blank"
      rel="noopener noreferrer"
      className="button button--secondary"
      {...analyticsAttributes({ name: "partner_tool_click", toolCode: GROUP_TOOL, groupId })}
    >
      Open the group tool{groupId ? <span className="visually-hidden"> for group {groupId}</span> : null}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
