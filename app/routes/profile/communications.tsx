import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ProfileItems } from "~/components/profile/edit-items";
import { ProfileScreen } from "~/components/profile/profile-nav";
import { screenHeading } from "~/domain/screens";
import { titleFor } from "~/domain/titles";
import { itemsAction, itemsLoader } from "~/server/profile/items.server";

const PAGE = "/profile/communications" as const;
const HEADING = screenHeading(PAGE) ?? "Profile";

/** /profile/communications: e-mail and text-message choices and the language of e-mails, as edit items. */
export const loader = ({ request }: LoaderFunctionArgs) => itemsLoader(request, PAGE);
export const action = ({ request }: ActionFunctionArgs) => itemsAction(request, PAGE);

export default function ProfileCommunications() {
  const data = useLoaderData<typeof loader>();
  return (
    <ProfileScreen heading={HEADING}>
      <ProfileItems data={data} />
    </ProfileScreen>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
