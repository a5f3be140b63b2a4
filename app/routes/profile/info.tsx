import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ProfileItems } from "~/components/profile/edit-items";
import { PhotoForm } from "~/components/profile/photo-form";
import { ProfileScreen } from "~/components/profile/profile-nav";
import { screenHeading } from "~/domain/screens";
import { titleFor } from "~/domain/titles";
import { itemsAction, itemsLoader } from "~/server/profile/items.server";

const PAGE = "/profile/info" as const;
const HEADING = screenHeading(PAGE) ?? "Profile";

/**
 * /profile/info: the agent's photo (its own form, posting to /profile/photo) and own details as edit
 * items, saved with PUT /agents/{id}.
 */
export const loader = ({ request }: LoaderFunctionArgs) => itemsLoader(request, PAGE);
export const action = ({ request }: ActionFunctionArgs) => itemsAction(request, PAGE);

export default function ProfileInfo() {
  const data = useLoaderData<typeof loader>();
  return (
    <ProfileScreen heading={HEADING}>
      <PhotoForm returnTo={PAGE} />
      <ProfileItems data={data} />
    </ProfileScreen>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
